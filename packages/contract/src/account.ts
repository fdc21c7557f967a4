import { z } from 'zod';
import { emailSchema, newPasswordSchema, PASSWORD_MAX } from './auth.js';
import { idSchema, successSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';

/**
 * Self-service for a signed-in user (docs/api.md#account): the account page's calls. Every one
 * acts on the session's user; there is no user parameter to name someone else.
 */

/** A password the user already has: only presence is checked (the rules apply to new ones). */
export const currentPasswordSchema = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX);

export const accountResponseSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  /** ISO-8601 UTC. */
  created_at: z.string(),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

export const changePasswordRequestSchema = z.object({
  current_password: currentPasswordSchema,
  new_password: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many other sessions the change ended. */
  ended_sessions: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

export const changeEmailRequestSchema = z.object({ email: emailSchema, password: currentPasswordSchema });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;
export const changeEmailResponseSchema = z.object({ success: z.literal(true), email: z.string() });
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

export const accountSessionSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** When a request last used it (recorded at most every few minutes); created_at before that. */
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The client's User-Agent header as sent at sign-in (cut to 256 characters); null if none. */
  user_agent: z.string().nullable(),
  /** A short name for people, e.g. 'Firefox on Linux' or 'API client'. */
  client: z.string(),
  /** The client address the server saw at sign-in (after TRUST_PROXY); null if unknown. */
  ip: z.string().nullable(),
  /** This request's own session. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

export const sessionIdParamsSchema = z.object({ id: idSchema });

export const endSessionsResponseSchema = z.object({
  success: z.literal(true),
  /** How many sessions were ended. */
  ended: z.number().int(),
});
export type EndSessionsResponse = z.infer<typeof endSessionsResponseSchema>;

export const deleteAccountRequestSchema = z.object({ password: currentPasswordSchema });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** The export's format version; raise it when a field changes meaning or goes away. */
export const ACCOUNT_EXPORT_VERSION = 1;

/**
 * 'Export my data' (docs/api.md#export): everything the user owns, one JSON document. Each table
 * is exported as its rows with the database's column names; ids are the database's. Money is in
 * integer cents, prices × 10⁴ where the column name says `_e4`, times ISO-8601 UTC.
 */
export const accountExportSchema = z.object({
  format: z.literal('site-account-export'),
  version: z.literal(ACCOUNT_EXPORT_VERSION),
  exported_at: z.string(),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    is_admin: z.boolean(),
    created_at: z.string(),
  }),
  todos: z.array(z.record(z.string(), z.unknown())),
  /**
   * The to-do lists the user owns, their memberships of lists shared with them, their label list,
   * and the labels, checklist items and completion log of their tasks; absent from exports made
   * before lists.
   */
  todo_lists: z.array(z.record(z.string(), z.unknown())).optional(),
  todo_list_members: z.array(z.record(z.string(), z.unknown())).optional(),
  todo_labels: z.array(z.record(z.string(), z.unknown())).optional(),
  todo_task_labels: z.array(z.record(z.string(), z.unknown())).optional(),
  todo_checklist_items: z.array(z.record(z.string(), z.unknown())).optional(),
  todo_completions: z.array(z.record(z.string(), z.unknown())).optional(),
  sudoku_games: z.array(z.record(z.string(), z.unknown())),
  /** Win/loss counts per difficulty, as `GET /api/sudoku/stats` answers them. */
  sudoku_stats: z.record(z.string(), z.unknown()),
  weather_favorites: z.array(z.record(z.string(), z.unknown())),
  watchlist: z.array(z.record(z.string(), z.unknown())),
  /** The preferences document (`value`: JSON text, as GET /api/preferences without defaults); [] if never set. */
  user_preferences: z.array(z.record(z.string(), z.unknown())),
  wallets: z.array(
    z
      .object({
        holdings: z.array(z.record(z.string(), z.unknown())),
        trades: z.array(z.record(z.string(), z.unknown())),
        history: z.array(z.record(z.string(), z.unknown())),
        /** Dividends paid and splits applied (docs/api.md#corporate-actions). */
        corporate_actions: z.array(z.record(z.string(), z.unknown())),
        /** Its orders, open and closed (docs/api.md#orders); absent from exports made before orders. */
        orders: z.array(z.record(z.string(), z.unknown())).optional(),
      })
      .catchall(z.unknown()),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** What the login modal offers: 'Forgot password?' only when the server can send e-mail. */
export const authOptionsResponseSchema = z.object({ password_reset_by_email: z.boolean() });
export type AuthOptionsResponse = z.infer<typeof authOptionsResponseSchema>;

/** A reset token as it travels in a link: 43 base64url characters (32 random bytes). */
export const resetTokenSchema = z
  .string({ error: 'The reset link is incomplete' })
  .regex(/^[A-Za-z0-9_-]{20,128}$/, 'The reset link is incomplete');

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
/** The same answer whether or not the address has an account (docs/api.md#password-reset). */
export const passwordResetRequestResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const passwordResetCheckRequestSchema = z.object({ token: resetTokenSchema });
export const passwordResetCheckResponseSchema = z.object({ username: z.string(), expires_at: z.string() });
export type PasswordResetCheckResponse = z.infer<typeof passwordResetCheckResponseSchema>;

export const passwordResetConfirmRequestSchema = z.object({ token: resetTokenSchema, new_password: newPasswordSchema });
export type PasswordResetConfirmRequest = z.infer<typeof passwordResetConfirmRequestSchema>;
export const passwordResetConfirmResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  username: z.string(),
});

export const accountEndpoints = {
  get: endpoint(routes.account.get, {
    tags: ['account'],
    summary: 'The signed-in user’s account',
    response: accountResponseSchema,
    errors: [401],
  }),
  changePassword: endpoint(routes.account.changePassword, {
    tags: ['account'],
    summary: 'Change the password; every other session ends, this one stays',
    body: changePasswordRequestSchema,
    response: changePasswordResponseSchema,
    errors: [400, 401, 403, 429],
  }),
  changeEmail: endpoint(routes.account.changeEmail, {
    tags: ['account'],
    summary: 'Change the e-mail address (password required; unique)',
    body: changeEmailRequestSchema,
    response: changeEmailResponseSchema,
    errors: [400, 401, 403, 409, 429],
  }),
  sessions: endpoint(routes.account.sessions, {
    tags: ['account'],
    summary: 'The user’s live sessions, newest use first',
    response: accountSessionsResponseSchema,
    errors: [401],
  }),
  endSession: endpoint(routes.account.endSession, {
    tags: ['account'],
    summary: 'End one of the user’s sessions (404 for anyone else’s)',
    params: sessionIdParamsSchema,
    response: endSessionsResponseSchema,
    errors: [400, 401, 403, 404],
  }),
  endAllSessions: endpoint(routes.account.endAllSessions, {
    tags: ['account'],
    summary: 'Log out everywhere: end every session of the user, this one included',
    response: endSessionsResponseSchema,
    errors: [401, 403],
  }),
  exportData: endpoint(routes.account.exportData, {
    tags: ['account'],
    summary: 'Everything the user owns as one JSON download',
    response: accountExportSchema,
    errors: [401],
  }),
  remove: endpoint(routes.account.remove, {
    tags: ['account'],
    summary: 'Delete the account and everything it owns (password required)',
    description: 'The admin account cannot delete itself (409).',
    body: deleteAccountRequestSchema,
    response: successSchema,
    errors: [400, 401, 403, 409, 429],
  }),
  authOptions: endpoint(routes.auth.options, {
    tags: ['auth'],
    summary: 'What sign-in offers on this server (e-mailed password reset)',
    response: authOptionsResponseSchema,
  }),
  requestReset: endpoint(routes.passwordReset.request, {
    tags: ['auth'],
    summary: 'E-mail a password-reset link (when SMTP_URL is set); the same answer for any address',
    body: passwordResetRequestSchema,
    response: passwordResetRequestResponseSchema,
    errors: [400, 429, 503],
  }),
  checkReset: endpoint(routes.passwordReset.check, {
    tags: ['auth'],
    summary: 'Whether a reset link is still good, and whose it is',
    body: passwordResetCheckRequestSchema,
    response: passwordResetCheckResponseSchema,
    errors: [400, 429],
  }),
  confirmReset: endpoint(routes.passwordReset.confirm, {
    tags: ['auth'],
    summary: 'Set a new password with a reset link; every session of the user ends',
    body: passwordResetConfirmRequestSchema,
    response: passwordResetConfirmResponseSchema,
    errors: [400, 429],
  }),
};
