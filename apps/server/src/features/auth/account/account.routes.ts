import { accountEndpoints as endpoints } from '@site/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthUser } from '../../../core/access.js';
import { route } from '../../../core/endpoint.js';
import { unauthorized } from '../../../core/http-errors.js';
import { clearSessionCookies } from '../auth.plugin.js';
import { type CookieSettings, setKnownDeviceCookie } from '../sessions/session-cookies.js';
import type { AccountActor, AccountService } from './account.service.js';

/** The session's user and session; every account call acts on these alone (docs/api.md#account). */
function actor(request: FastifyRequest, user: AuthUser): AccountActor {
  if (!request.auth) throw unauthorized('You must be logged in to do this.');
  return { userId: user.id, sessionId: request.auth.sessionId, ip: request.ip };
}

/** docs/api.md#account: the account page's calls. */
export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService; cookies: CookieSettings }> = async (
  app,
  { service, cookies },
) => {
  route(app, endpoints.get, async (_request, { user }) => service.get(user.id));

  route(app, endpoints.changePassword, async (request, { user, reply }) => {
    const { ended, knownDevice } = await service.changePassword(actor(request, user), request.body);
    setKnownDeviceCookie(request, reply, cookies, knownDevice);
    return { success: true as const, message: 'Password changed', ended_sessions: ended };
  });

  route(app, endpoints.changeEmail, async (request, { user }) => {
    const email = await service.changeEmail(actor(request, user), request.body);
    return { success: true as const, email };
  });

  route(app, endpoints.sessions, async (request, { user }) => ({
    sessions: await service.sessions(actor(request, user)),
  }));

  route(app, endpoints.endSession, async (request, { user, reply }) => {
    const sessionId = request.params.id;
    await service.endSession(user.id, sessionId);
    if (sessionId === request.auth?.sessionId) clearSessionCookies(reply);
    return { success: true as const, ended: 1 };
  });

  route(app, endpoints.endAllSessions, async (_request, { user, reply }) => {
    const ended = await service.endAllSessions(user.id);
    clearSessionCookies(reply);
    return { success: true as const, ended };
  });

  route(app, endpoints.exportData, async (_request, { user, reply }) => {
    const data = await service.exportData(user.id);
    const day = data.exported_at.slice(0, 10);
    // Usernames are letters, digits and _ . - (contract), so the name needs no escaping.
    reply.header('content-disposition', `attachment; filename="${user.username}-export-${day}.json"`);
    reply.header('cache-control', 'no-store');
    return data;
  });

  route(app, endpoints.remove, async (request, { user, reply }) => {
    await service.remove(actor(request, user), request.body.password);
    clearSessionCookies(reply);
    return { success: true as const, message: 'Account deleted' };
  });
};
