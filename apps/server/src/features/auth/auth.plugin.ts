import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@site/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AfterResponse } from '../../core/after-response.js';
import { forbidden } from '../../core/http-errors.js';
import type { AuthService } from './auth.service.js';
import { safeEqual } from './tokens.js';

export interface AuthContext {
  /** How this request proved who it is: CSRF applies to cookies only. */
  method: 'cookie' | 'token';
  token: string;
  csrfToken: string;
  /** The session's id (the account page marks it as the current one and keeps it). */
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyContextConfig {
    /** Set to false on routes that create a session (login, signup) and so cannot carry one. */
    csrf?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^(?:Token|Bearer)\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Resolves the caller on every API request and enforces CSRF for cookie-authenticated
 * mutations (docs/api.md): header `X-CSRFToken` must equal both the `csrftoken` cookie and the
 * token bound to the session.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { service, afterResponse }: { service: AuthService; afterResponse: AfterResponse }) => {
    app.decorate('auth', service);
    app.decorateRequest('user', null);
    app.decorateRequest('auth', null);

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const headerToken = bearerToken(request.headers.authorization);
      const cookieToken = request.cookies[SESSION_COOKIE];
      const token = headerToken ?? cookieToken;
      if (!token || token.length > 128) return;

      const session = await service.resolve(token);
      if (!session) {
        if (!headerToken) clearSessionCookies(reply);
        return;
      }
      request.user = {
        id: session.userId,
        username: session.username,
        email: session.email,
        isAdmin: session.isAdmin,
      };
      request.auth = {
        method: headerToken ? 'token' : 'cookie',
        token,
        csrfToken: session.csrfToken,
        sessionId: session.sessionId,
      };
      // Throttled and not awaited: a failed write is logged and never fails the request; closing
      // the app (and a test) waits for it.
      const use = service.noteUse(session);
      if (use) afterResponse.track(use, request.log, 'Could not record the session’s last use');

      if (request.auth.method === 'cookie' && UNSAFE_METHODS.has(request.method)) {
        if (request.routeOptions.config?.csrf === false) return;
        const header = request.headers[CSRF_HEADER];
        const cookie = request.cookies[CSRF_COOKIE];
        const ok =
          typeof header === 'string' &&
          typeof cookie === 'string' &&
          safeEqual(header, cookie) &&
          safeEqual(header, session.csrfToken);
        if (!ok) throw forbidden('CSRF token missing or incorrect. Reload the page and try again.');
      }
    });
  },
  { name: 'auth' },
);

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}
