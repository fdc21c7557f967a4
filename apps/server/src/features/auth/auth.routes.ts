import {
  apiErrorSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  meResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
} from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookies, currentUser, requireUser } from './auth.plugin.js';
import type { IssuedSession } from './auth.service.js';
import { setSessionCookies } from './session-cookies.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

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

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/signup',
    {
      config: { csrf: false },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: signupRequestSchema,
        response: { 200: signupResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = await app.auth.signup(request.body, request.ip);
      setSessionCookies(request, reply, app.deps.config, session);
      return sessionBody(session, 'Account created');
    },
  );

  app.post(
    '/login',
    {
      config: { csrf: false },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; the token is also this session’s bearer credential',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = await app.auth.login(request.body, request.ip);
      setSessionCookies(request, reply, app.deps.config, session);
      return sessionBody(session, 'Login successful');
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session on the server (cookie and token alike)',
        response: { 200: logoutResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (request.auth) await app.auth.logout(request.auth.token);
      clearSessionCookies(reply);
      return { success: true as const, message: 'Logged out' };
    },
  );

  app.get(
    '/me',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: meResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { user_id: user.id, username: user.username, email: user.email, is_admin: user.isAdmin };
    },
  );
};
