import { CSRF_COOKIE, SESSION_COOKIE } from '@site/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { IssuedSession } from './auth.service.js';

/**
 * `sessionid` is httpOnly (scripts never see it); `csrftoken` is readable so the client can echo
 * it in `X-CSRFToken`. SameSite follows COOKIE_SAMESITE: 'none' is needed when the web app is
 * served from another origin (CORS_ORIGINS), and then the cookies must be Secure.
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  session: IssuedSession,
) {
  const secure =
    config.cookieSameSite === 'none' ||
    (config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure);
  const base = {
    path: '/',
    sameSite: config.cookieSameSite,
    secure,
    expires: new Date(session.expiresAt),
  } as const;
  reply.setCookie(SESSION_COOKIE, session.token, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...base, httpOnly: false });
}
