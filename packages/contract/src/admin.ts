import { z } from 'zod';
import { idSchema, successSchema, userText } from './common.js';
import { endpoint } from './endpoint.js';
import { dataModeSchema, redisStateSchema } from './health.js';
import { routes } from './routes.js';

/** The operator's calls (docs/api.md#admin): admin only, 401 signed out and 403 for anyone else. */

export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_USERS_PAGE_SIZE_MAX = 100;

export const adminUsersQuerySchema = z.object({
  /** Part of a username or e-mail, case-insensitive. */
  q: userText({ label: 'Search', max: 254 }).optional(),
  page: z.coerce.number<string | number>({ error: 'Page must be a number' }).int().min(1).max(100_000).default(1),
  page_size: z.coerce
    .number<string | number>({ error: 'Page size must be a number' })
    .int()
    .min(1)
    .max(ADMIN_USERS_PAGE_SIZE_MAX)
    .default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
  /** The last request of any of the user's sessions (recorded every few minutes); null if never. */
  last_seen_at: z.string().nullable(),
  counts: z.object({
    todos: z.number().int(),
    sudoku_games: z.number().int(),
    weather_favorites: z.number().int(),
    watchlist: z.number().int(),
    wallets: z.number().int(),
    sessions: z.number().int(),
  }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserParamsSchema = z.object({ id: idSchema });

export const adminUserResponseSchema = z.object({ user: adminUserSchema });

export const resetLinkResponseSchema = z.object({
  /** The link to give the user: PUBLIC_URL (or the request's origin) + /reset-password?token=… */
  url: z.string(),
  expires_at: z.string(),
});
export type ResetLinkResponse = z.infer<typeof resetLinkResponseSchema>;

export const providerStatusSchema = z.object({
  /** e.g. 'yahoo', 'open-meteo', 'nws', 'photon'. */
  provider: z.string(),
  calls: z.number().int(),
  failures: z.number().int(),
  /** failures / calls since the server started; 0 without calls. */
  error_rate: z.number(),
  last_success_at: z.string().nullable(),
  last_failure_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

export const adminStatusResponseSchema = z.object({
  database: z.object({
    kind: z.enum(['sqlite', 'postgres']),
    /** On-disk size of the database (SQLite file, or pg_database_size); null when unknown. */
    size_bytes: z.number().int().nullable(),
  }),
  redis: redisStateSchema,
  data_mode: dataModeSchema,
  /** Upstream data sources since this instance started; empty in demo mode. */
  providers: z.array(providerStatusSchema),
  sudoku_pool: z.array(z.object({ difficulty: z.string(), size: z.number().int(), target: z.number().int() })),
  version: z.string(),
  started_at: z.string(),
  uptime_seconds: z.number().int(),
});
export type AdminStatusResponse = z.infer<typeof adminStatusResponseSchema>;

export const NOTICE_TITLE_MAX = 120;
export const NOTICE_PARAGRAPH_MAX = 1_000;
export const NOTICE_PARAGRAPHS_MAX = 10;

/** The home page's notice; `{email}` in a paragraph becomes the owner's mailto link. */
export const siteNoticeSchema = z.object({
  title: userText({ label: 'Title', max: NOTICE_TITLE_MAX, required: true }),
  paragraphs: z
    .array(userText({ label: 'Paragraph', max: NOTICE_PARAGRAPH_MAX, required: true }), {
      error: 'Paragraphs must be a list of text',
    })
    .min(1, 'Write at least one paragraph')
    .max(NOTICE_PARAGRAPHS_MAX, `At most ${NOTICE_PARAGRAPHS_MAX} paragraphs`),
});
export type SiteNotice = z.infer<typeof siteNoticeSchema>;

/** The stored notice, or null: then the site config's text (apps/web/src/config/site.ts) shows. */
export const siteNoticeResponseSchema = z.object({
  notice: siteNoticeSchema.extend({ updated_at: z.string() }).nullable(),
});
export type SiteNoticeResponse = z.infer<typeof siteNoticeResponseSchema>;

const adminErrors = [400, 401, 403, 404] as const;

export const adminEndpoints = {
  users: endpoint(routes.admin.users, {
    tags: ['admin'],
    summary: 'Users with search and paging, newest first',
    query: adminUsersQuerySchema,
    response: adminUsersResponseSchema,
    errors: [400, 401, 403],
  }),
  disableUser: endpoint(routes.admin.disableUser, {
    tags: ['admin'],
    summary: 'Disable a user: no login, and every session ends (not the admin)',
    params: adminUserParamsSchema,
    response: adminUserResponseSchema,
    errors: [...adminErrors, 409],
  }),
  enableUser: endpoint(routes.admin.enableUser, {
    tags: ['admin'],
    summary: 'Enable a disabled user',
    params: adminUserParamsSchema,
    response: adminUserResponseSchema,
    errors: adminErrors,
  }),
  resetLink: endpoint(routes.admin.resetLink, {
    tags: ['admin'],
    summary: 'Issue a one-time password-reset link (1 hour, single use)',
    params: adminUserParamsSchema,
    response: resetLinkResponseSchema,
    errors: adminErrors,
  }),
  removeUser: endpoint(routes.admin.removeUser, {
    tags: ['admin'],
    summary: 'Delete a user and everything they own (not the admin)',
    params: adminUserParamsSchema,
    response: successSchema,
    errors: [...adminErrors, 409],
  }),
  status: endpoint(routes.admin.status, {
    tags: ['admin'],
    summary: 'Database, Redis, data sources, Sudoku pool, version and uptime',
    response: adminStatusResponseSchema,
    errors: [401, 403],
  }),
  updateNotice: endpoint(routes.admin.updateNotice, {
    tags: ['admin'],
    summary: 'Replace the home page’s notice',
    body: siteNoticeSchema,
    response: siteNoticeResponseSchema,
    errors: [400, 401, 403],
  }),
  resetNotice: endpoint(routes.admin.resetNotice, {
    tags: ['admin'],
    summary: 'Go back to the site config’s notice',
    response: siteNoticeResponseSchema,
    errors: [401, 403],
  }),
  notice: endpoint(routes.site.notice, {
    tags: ['site'],
    summary: 'The home page’s notice as the admin set it (null: the site config’s)',
    response: siteNoticeResponseSchema,
  }),
};
