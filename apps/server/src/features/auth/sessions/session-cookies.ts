import { apiUrl, CSRF_COOKIE, routes, SESSION_COOKIE } from '@site/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.js';
import type { IssuedSession } from '../auth.service.js';
import { KNOWN_DEVICE_COOKIE, type KnownDeviceToken } from './known-device.js';

/** COOKIE_SAMESITE and COOKIE_SECURE. */
export type CookieSettings = Pick<Config, 'cookieSameSite' | 'cookieSecure'>;

/**
 * `sessionid` is httpOnly (scripts never see it); `csrftoken` is readable so the client can echo
 * it in `X-CSRFToken`. SameSite follows COOKIE_SAMESITE: 'none' is needed when the web app is
 * served from another origin (CORS_ORIGINS), and then the cookies must be Secure. The known-device
 * cookie outlives the session and goes only to the login path (known-device.ts).
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  config: CookieSettings,
  session: IssuedSession,
) {
  const base = cookieBase(request, config);
  const expires = new Date(session.expiresAt);
  reply.setCookie(SESSION_COOKIE, session.token, { ...base, expires, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...base, expires, httpOnly: false });
  setKnownDeviceCookie(request, reply, config, session.knownDevice);
}

/** A new known-device cookie, e.g. after a password change voided the old one. */
export function setKnownDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: CookieSettings,
  knownDevice: KnownDeviceToken,
) {
  reply.setCookie(KNOWN_DEVICE_COOKIE, knownDevice.value, {
    ...cookieBase(request, config),
    path: apiUrl(routes.auth.login),
    expires: new Date(knownDevice.expiresAt),
    httpOnly: true,
  });
}

function cookieBase(request: FastifyRequest, config: CookieSettings) {
  const secure =
    config.cookieSameSite === 'none' ||
    (config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure);
  return { path: '/', sameSite: config.cookieSameSite, secure } as const;
}
