import { apiUrl, CSRF_COOKIE, routes, SESSION_COOKIE } from '@site/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { IssuedSession } from './auth.service.js';
import { KNOWN_DEVICE_COOKIE } from './known-device.js';

/**
 * `sessionid` is httpOnly (scripts never see it); `csrftoken` is readable so the client can echo
 * it in `X-CSRFToken`. SameSite follows COOKIE_SAMESITE: 'none' is needed when the web app is
 * served from another origin (CORS_ORIGINS), and then the cookies must be Secure. The known-device
 * cookie outlives the session and goes only to the login path (known-device.ts).
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
  reply.setCookie(KNOWN_DEVICE_COOKIE, session.knownDevice.value, {
    ...base,
    path: apiUrl(routes.auth.login),
    expires: new Date(session.knownDevice.expiresAt),
    httpOnly: true,
  });
}
