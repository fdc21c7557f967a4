import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './http-errors.js';

/**
 * Who is signed in, as the auth feature's plugin resolves it on every API request (from the
 * session cookie or `Authorization: Token …`). The guards below only read it, so routes and
 * `core/endpoint.ts` depend on this module, not on the auth feature (docs/architecture.md).
 */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie or `Authorization: Token …`; null if none. */
    user: AuthUser | null;
  }
}

/** Route hook (use as onRequest, so it runs before body parsing and validation): 401 unless signed in. */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized('You must be logged in to do this.');
}

/** Route hook (onRequest, like requireUser): 401 signed out, 403 for anyone but an admin. */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.user) throw unauthorized('You must be logged in to do this.');
  if (!request.user.isAdmin) throw forbidden('Only the site administrator can do this.');
}

/**
 * Route hook (onRequest, after the access check) for a GET that changes state (`changesState` in
 * the contract's route table, docs/api.md#csrf). SameSite=Lax cookies go with a top-level
 * navigation from any site, and no CSRF header guards a GET, so a cookie-authenticated call is
 * refused (403) when the browser's Fetch Metadata says it is a navigation (a link, a typed
 * address, a form) or comes from another site (`Sec-Fetch-Site: same-site` or `cross-site`)
 * whose `Origin` is not one of `allowedOrigins` (CORS_ORIGINS). Fetches from our own pages and
 * from the allowed front ends, token clients, and clients that send no Fetch Metadata pass.
 */
export function refuseCrossSiteStateChange(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return async (request: FastifyRequest) => {
    // `auth` is set by the auth feature's plugin next to `user`: cookie or token.
    if (request.auth?.method !== 'cookie') return;
    const mode = request.headers['sec-fetch-mode'];
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const foreign = (site === 'cross-site' || site === 'same-site') && !(origin !== undefined && allowed.has(origin));
    if (mode === 'navigate' || foreign) {
      throw forbidden('This action must be started from the site itself, not from a link or another site.');
    }
  };
}

/** The signed-in user inside a handler guarded by `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('You must be logged in to do this.');
  return request.user;
}

/**
 * The seed's clients name the acting user in a `user` / `userid` / `user_id` parameter. Identity
 * comes from the session; such a parameter, when present, must name the same user (else 403).
 * Endpoints registered with `route()` (core/endpoint.ts) get this check from their contract entry.
 */
export function assertClaimedUser(request: FastifyRequest, ...claimed: (number | undefined | null)[]): AuthUser {
  const user = currentUser(request);
  for (const id of claimed) {
    if (id !== undefined && id !== null && id !== user.id) {
      throw forbidden('You can only access your own data.');
    }
  }
  return user;
}
