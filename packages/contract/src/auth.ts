import { z } from 'zod';
import { hasNoNul } from './common.js';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
/** Names nobody may sign up with (compared case-insensitively). */
export const RESERVED_USERNAMES = ['admin'] as const;

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, _ . and -')
  .refine((name) => !RESERVED_USERNAMES.includes(name.toLowerCase() as 'admin'), {
    message: 'This username is reserved',
  });

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signupRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const signupResponseSchema = z.object({
  code: z.literal(200),
  token: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  csrf_token: z.string(),
  is_admin: z.boolean(),
  message: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** Login only checks presence: the rules above apply to new accounts, not to existing ones. */
export const loginRequestSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(254)
    .refine(hasNoNul, 'Username may not contain NUL characters'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  code: z.literal(200),
  token: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  csrf_token: z.string(),
  is_admin: z.boolean(),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const logoutResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** Cookie and header names shared by server and client. */
export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

const authErrors = [400, 401, 404, 409, 429] as const;

export const authEndpoints = {
  signup: endpoint(routes.auth.signup, {
    tags: ['auth'],
    summary: 'Create an account and sign in',
    body: signupRequestSchema,
    response: signupResponseSchema,
    errors: authErrors,
  }),
  login: endpoint(routes.auth.login, {
    tags: ['auth'],
    summary: 'Sign in; the token is also this session’s bearer credential',
    body: loginRequestSchema,
    response: loginResponseSchema,
    // 403: the admin disabled the account (docs/api.md#admin).
    errors: [...authErrors, 403],
  }),
  logout: endpoint(routes.auth.logout, {
    tags: ['auth'],
    summary: 'End the session on the server (cookie and token alike)',
    response: logoutResponseSchema,
    errors: [403],
  }),
  me: endpoint(routes.auth.me, {
    tags: ['auth'],
    summary: 'The signed-in user',
    response: meResponseSchema,
    errors: [401],
  }),
};
