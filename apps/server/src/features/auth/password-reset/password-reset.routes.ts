import { accountEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AfterResponse } from '../../../core/after-response.js';
import { route } from '../../../core/endpoint.js';
import { clearSessionCookies } from '../auth.plugin.js';
import { type PasswordResetService, RESET_REQUESTED } from './password-reset.service.js';

/** Password reset by link (docs/api.md#password-reset): public calls, the token is the proof. */
export const passwordResetRoutes: FastifyPluginAsyncZod<{
  service: PasswordResetService;
  afterResponse: AfterResponse;
}> = async (app, { service: resets, afterResponse }) => {
  route(app, endpoints.authOptions, async () => ({ password_reset_by_email: resets.emailAvailable() }));

  route(app, endpoints.requestReset, async (request, { reply }) => {
    const followUp = await resets.requestByEmail(request.body.email, request.ip);
    // The lookup and the mail start once the answer is out (or the client gone): a known address
    // answers after the same work as an unknown one.
    afterResponse.run(reply, followUp, 'password-reset request');
    return { success: true as const, message: RESET_REQUESTED };
  });

  route(app, endpoints.checkReset, async (request) => resets.check(request.body.token, request.ip));

  route(app, endpoints.confirmReset, async (request, { reply }) => {
    const { username, userId } = await resets.confirm(request.body.token, request.body.new_password, request.ip);
    // The reset ended every session of the user: if this browser held one, its cookies go too.
    if (request.user?.id === userId) clearSessionCookies(reply);
    return { success: true as const, message: 'Your password has been changed. Please log in.', username };
  });
};
