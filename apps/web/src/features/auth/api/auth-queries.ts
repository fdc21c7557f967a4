import type { HealthResponse, MeResponse } from '@site/contract';
import { routes } from '@site/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi, isApiError } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/contract-schemas';
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
    return await callApi(routes.auth.me, { schema: lazySchema((c) => c.meResponseSchema), signal });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

const DATABASES = new Set(['sqlite', 'postgres']);
const DATA_MODES = new Set(['demo', 'live']);
const REDIS_STATES = new Set(['ok', 'down', 'off']);

/**
 * GET /api/health's answer checked by hand, to the contract's healthResponseSchema: every page's
 * top bar asks for it, and loading zod with the whole contract for it cost the home page a long
 * task (docs/decisions.md#pre-rendered-pages). Anything else is an error.
 */
export function parseHealthResponse(data: unknown): HealthResponse {
  const { status, database, dataMode, redis } = (data ?? {}) as Record<string, unknown>;
  const valid =
    typeof data === 'object' &&
    status === 'ok' &&
    DATABASES.has(database as string) &&
    DATA_MODES.has(dataMode as string) &&
    (redis === undefined || REDIS_STATES.has(redis as string));
  if (!valid) throw new Error('Not a health answer');
  return data as HealthResponse;
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
  /** Server health; the layout reads `dataMode` to flag simulated data. */
  health: () =>
    queryOptions({
      queryKey: ['health'] as const,
      queryFn: ({ signal }) => callApi(routes.health.get, { schema: { parse: parseHealthResponse }, signal }),
      // The data mode is fixed for the server's lifetime.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
