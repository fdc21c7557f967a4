import type { MeResponse } from '@site/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, isApiError } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';
import { CSRF_COOKIE } from '../../../lib/csrf';
import { type OfflineCopyMeta, withOfflineCopy } from '../../../lib/offline-copy';
import { clearSession, readSession } from '../../../lib/storage';

/** The session ended on the server (expiry, logout elsewhere): forget the local copy of it. */
function clearStaleSession() {
  if (readSession()) clearSession();
}

/**
 * True when the browser holds no session. The server sets the readable csrftoken cookie together
 * with the httpOnly session cookie and clears them together, so without it there is no session,
 * and a request could only 401.
 */
export function knownVisitor(): boolean {
  if (readCookie(CSRF_COOKIE)) return false;
  clearStaleSession();
  return true;
}

/** The signed-in user, or null for a visitor. 401 is an answer here, not an error. */
export async function fetchMe(signal?: AbortSignal): Promise<MeResponse | null> {
  if (knownVisitor()) return null;
  const me = await askSession(signal);
  if (!me) clearStaleSession();
  return me;
}

/**
 * `GET /api/me` as it is: the user, or null on a 401. The server's drawing of a page for a visitor
 * asks it this way (app/prerender/page-data.ts): the cookies are the request's, not the document's.
 */
export async function askSession(signal?: AbortSignal): Promise<MeResponse | null> {
  try {
    return await callEndpoint('auth.me', { signal });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/** Key and function of each query of the auth feature, for hooks, prefetches and cache updates. */
export const authQueries = {
  me: () =>
    queryOptions({
      queryKey: ['auth', 'me'] as const,
      // Offline, the user of the last check: the apps' offline copies stay readable (docs/product.md#offline).
      queryFn: ({ signal }) => withOfflineCopy('me', () => fetchMe(signal)),
      meta: { offlineCopy: 'me' } satisfies OfflineCopyMeta,
      networkMode: 'offlineFirst',
      staleTime: 5 * 60_000,
    }),
  /** Server health (checked without zod: lib/plain-answers.ts); the layout reads `dataMode` to flag simulated data. */
  health: () =>
    queryOptions({
      queryKey: ['health'] as const,
      queryFn: ({ signal }) => callEndpoint('health.get', { signal }),
      // The data mode is fixed for the server's lifetime.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
