import { authEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import { clearSessionCookies } from './auth.plugin.js';
import type { AuthService, IssuedSession } from './auth.service.js';
import { KNOWN_DEVICE_COOKIE } from './sessions/known-device.js';
import { type CookieSettings, setSessionCookies } from './sessions/session-cookies.js';

/** The seed's login/signup answer: the same session as the cookies, for token-based clients. */
function sessionBody(session: IssuedSession, message: string) {
  return {
    code: 200 as const,
    token: session.token,
    user_id: session.user.id,
    username: session.user.username,
    csrf_token: session.csrfToken,
    is_admin: session.user.isAdmin,
    message,
  };
}

/** Login and signup create the session, so they cannot carry its CSRF token. */
const noCsrf = { config: { csrf: false } };

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService; cookies: CookieSettings }> = async (
  app,
  { service, cookies },
) => {
  route(app, endpoints.signup, noCsrf, async (request, { reply }) => {
    const session = await service.signup(request.body, request.ip, request.headers['user-agent']);
    setSessionCookies(request, reply, cookies, session);
    return sessionBody(session, 'Account created');
  });

  route(app, endpoints.login, noCsrf, async (request, { reply }) => {
    const session = await service.login(
      request.body,
      request.ip,
      { cookie: request.cookies[KNOWN_DEVICE_COOKIE], sessionUserId: request.user?.id },
      request.headers['user-agent'],
    );
    setSessionCookies(request, reply, cookies, session);
    return sessionBody(session, 'Login successful');
  });

  route(app, endpoints.logout, async (request, { reply }) => {
    if (request.auth) await service.logout(request.auth.token);
    clearSessionCookies(reply);
    // The browser's HTTP cache may still hold this user's answers (from before no-store, or a page).
    reply.header('clear-site-data', '"cache"');
    return { success: true as const, message: 'Logged out' };
  });

  route(app, endpoints.me, async (_request, { user }) => ({
    user_id: user.id,
    username: user.username,
    email: user.email,
    is_admin: user.isAdmin,
  }));
};
