import { z } from 'zod';
import { idSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';
import { TODO_FEED_TOKEN_LENGTH, TODO_IMPORT_MAX } from './todo-limits.js';
import { todoZoneSchema } from './todo-tasks.js';

/**
 * The to-do calendar feed, CSV export and import (docs/api.md#calendar-feed-import-and-export):
 * "moving in" from Todoist or a plain list, and the tasks in a calendar app.
 */

/**
 * GET, POST and DELETE /api/todo/feed — the private feed. The server keeps only a digest of the
 * secret in its address, so the address itself is in the answer of the POST that makes it, once;
 * GET says whether a feed is live and since when (`url` null), and a new POST replaces it.
 */
export const todoFeedResponseSchema = z.object({
  /** Absolute `…/api/todo/feed/<secret>.ics` (POST only); anyone with it reads the feed. */
  url: z.string().nullable(),
  /** A feed address works now. */
  active: z.boolean(),
  /** When the live address was made; null without one. */
  created_at: z.string().nullable(),
});
export type TodoFeedResponse = z.infer<typeof todoFeedResponseSchema>;

/**
 * GET /api/todo/feed/:token.ics — the secret the server made. Any other text is a 404 like an
 * unknown secret (the server checks the shape), never a 400 that would tell the two apart.
 */
export const todoFeedParamsSchema = z.object({ token: z.string().max(200) });

/** The shape of a secret the server makes. */
export const TODO_FEED_TOKEN_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${TODO_FEED_TOKEN_LENGTH}}$`);

/** The columns of GET /api/todo/export.csv, in order (and what `format: 'csv'` imports). */
export const TODO_EXPORT_COLUMNS = [
  'title',
  'description',
  'list',
  'labels',
  'priority',
  'due_date',
  'due_time',
  'due_zone',
  'recurrence',
  'completed',
  'completed_at',
  'created_at',
] as const;

export const TODO_IMPORT_FORMATS = ['todoist-csv', 'csv', 'text'] as const;
export type TodoImportFormat = (typeof TODO_IMPORT_FORMATS)[number];

/**
 * POST /api/todo/import — `todoist-csv`: Todoist's CSV export or template; `csv`: this site's own
 * export; `text`: one task per line, each read as a quick-add line. All or nothing within the
 * to-do cap; lines it cannot read are `skipped`, the others created.
 */
export const todoImportRequestSchema = z.object({
  format: z.enum(TODO_IMPORT_FORMATS, { error: `Format must be one of: ${TODO_IMPORT_FORMATS.join(', ')}` }),
  content: z
    .string({ error: 'Content must be text' })
    .min(1, 'Content is required')
    .max(TODO_IMPORT_MAX, `Content must be at most ${TODO_IMPORT_MAX.toLocaleString('en-US')} characters`),
  /** Where the tasks go (null or absent: the Inbox); a line's own `#List` or `list` column wins. */
  list_id: idSchema.nullable().default(null),
  /** The zone dates and times are read in when a row does not name one (UTC when absent). */
  tz: todoZoneSchema.optional(),
});
export type TodoImportRequest = z.input<typeof todoImportRequestSchema>;

export const todoImportResponseSchema = z.object({
  created: z.number().int(),
  /** Lines (1-based, as an editor numbers them; a CSV's header is line 1) not imported, and why. */
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type TodoImportResponse = z.infer<typeof todoImportResponseSchema>;

const tags = ['todo'];

export const todoTransferEndpoints = {
  feed: endpoint(routes.todo.feed, {
    tags,
    summary: 'Whether my private calendar feed is live, and since when',
    response: todoFeedResponseSchema,
    errors: [401],
  }),
  createFeed: endpoint(routes.todo.createFeed, {
    tags,
    summary: 'Make a new private calendar feed address (the old one stops working)',
    response: todoFeedResponseSchema,
    errors: [401, 403],
  }),
  removeFeed: endpoint(routes.todo.removeFeed, {
    tags,
    summary: 'Revoke my calendar feed address',
    response: todoFeedResponseSchema,
    errors: [401, 403],
  }),
  feedCalendar: endpoint(routes.todo.feedCalendar, {
    tags,
    summary: 'The calendar feed (text/calendar): one VTODO per open task with a due date',
    description:
      'The secret in the address is the credential (no session needed). Open tasks with a due date of ' +
      'my lists and the lists shared with me, as iCalendar VTODOs (RFC 5545). Unknown or revoked: 404.',
    params: todoFeedParamsSchema,
    errors: [404],
  }),
  exportCsv: endpoint(routes.todo.exportCsv, {
    tags,
    summary: 'Every task I own as a CSV download (text/csv)',
    description: `Columns: ${TODO_EXPORT_COLUMNS.join(', ')}. Cells a spreadsheet would run as a formula start with an apostrophe.`,
    errors: [401],
  }),
  importTasks: endpoint(routes.todo.importTasks, {
    tags,
    summary: 'Import tasks from Todoist’s CSV, this site’s CSV or plain lines, all or nothing',
    body: todoImportRequestSchema,
    response: todoImportResponseSchema,
    errors: [400, 401, 403, 404, 413],
  }),
};
