import type { MeResponse } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/contract-schemas';
import { readCookie } from '../../../lib/cookies';
import { CSRF_COOKIE } from '../../../lib/csrf';
import { clearSession, readSession } from '../../../lib/storage';
import { authKeys } from './auth-queries';

/** The session ended on the server (expiry, logout elsewhere): forget the local copy of it. */
function clearStaleSession() {
  if (readSession()) clearSession();
}

/** The signed-in user, or null for a visitor. 401 is an answer here, not an error. */
export async function fetchMe(signal?: AbortSignal): Promise<MeResponse | null> {
  // The server sets the readable csrftoken cookie together with the httpOnly session cookie and
  // clears them together, so without it there is no session: skip a request that can only 401.
  if (!readCookie(CSRF_COOKIE)) {
    clearStaleSession();
    return null;
  }
  try {
    return await apiRequest('GET', '/api/me', { schema: lazySchema((c) => c.meResponseSchema), signal });
  } catch (error) {
    if (isApiError(error, 401)) {
      clearStaleSession();
      return null;
    }
    throw error;
  }
}

export function useMe() {
  return useQuery({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
  });
}
