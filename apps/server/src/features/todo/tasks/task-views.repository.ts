import type { TodoView } from '@site/contract';
import { type ExpressionBuilder, PostgresAdapter, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { addDays } from '../../../integrations/time-zones.js';
import { type Db, type TodoRow, visibleTo } from '../todo-core.repository.js';
import { pgSearchVector, searchQuery } from './task-search.js';

/**
 * The task views of `GET /api/todo/tasks` (docs/api.md#to-do-lists-sharing-and-tasks): each a
 * filter and an order with a keyset cursor — the last row's sort values — never an OFFSET, so a
 * page costs the same however deep it is and a task added meanwhile does not shift the pages.
 */

/** The sort values of the last row of a page: text or null, then the id. */
export type Cursor = [string | null, number];

export interface ViewRequest {
  userId: number;
  view: TodoView;
  listId?: number | undefined;
  labelKey?: string | undefined;
  /** Search text as the user typed it (task-search.ts makes its words). */
  search?: string | undefined;
  /**
   * `today` and `upcoming`: the caller's day and the instants it and the window's end start at
   * (`endDate` the first date after the window); `upcoming` leaves out what was due before.
   */
  window?: { today: string; endDate: string; start: string; end: string };
  cursor?: Cursor | undefined;
  limit: number;
}

type Query = SelectQueryBuilder<Database, 'todos', TodoRow>;
type Eb = ExpressionBuilder<Database, 'todos'>;

/**
 * Whose tasks the caller may see: themself and the owners of lists shared with them (a task's
 * `user_id` is its list's owner). Read first, so each view filters `todos.user_id` by a plain
 * value the indexes that start with `user_id` can serve: `visibleTo`'s OR of a subquery hides
 * that from both planners (SQLite then merged two index scans and sorted the lot; PostgreSQL
 * without statistics read the table) — docs/decisions.md, "To-do views at 5,000 tasks".
 */
async function visibleOwners(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('todo_list_members as m')
    .innerJoin('todo_lists as l', 'l.id', 'm.list_id')
    .select('l.user_id')
    .where('m.user_id', '=', userId)
    .execute();
  return [...new Set([userId, ...rows.map((r) => r.user_id)])].sort((a, b) => a - b);
}

/** Tasks the caller can see, `owners` being `visibleOwners`: only their own when nothing is shared with them. */
const visible = (userId: number, owners: number[]) => (eb: Eb) =>
  owners.length === 1
    ? eb('todos.user_id', '=', userId)
    : eb.and([eb('todos.user_id', 'in', owners), visibleTo(userId)(eb)]);

/** Not in an archived list; only the visible owners' lists are looked at (a task's list is its owner's). */
const notArchived = (owners: number[]) => (eb: Eb) =>
  eb.or([
    eb('todos.list_id', 'is', null),
    eb(
      'todos.list_id',
      'not in',
      eb.selectFrom('todo_lists').select('id').where('user_id', 'in', owners).where('archived_at', 'is not', null),
    ),
  ]);

/**
 * The instants no task of the date views can be due outside of, a range on `due_at` the index
 * (user_id, due_at) serves. A date without a time is due at its midnight in its own zone, at
 * most 14 hours before and 12 after that midnight in UTC, so a day either side is enough.
 */
function dueBounds(view: 'today' | 'upcoming', w: { today: string; endDate: string; start: string; end: string }) {
  const before = `${addDays(w.endDate, 1)}T00:00:00.000Z`;
  const from = `${addDays(w.today, -1)}T00:00:00.000Z`;
  return {
    before: w.end > before ? w.end : before,
    from: view === 'upcoming' ? (w.start < from ? w.start : from) : undefined,
  };
}

/**
 * The tasks of `owners` whose words start with every word of the search (task-search.ts), through
 * the full-text index of migration 018: SQLite's FTS5 table, PostgreSQL's GIN index on the same
 * expression. A search without a word (punctuation only) finds nothing.
 */
function matches(db: Db, text: string, owners: number[]) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const query = searchQuery(text, postgres ? 'postgres' : 'sqlite', owners);
  if (query === undefined) return sql<boolean>`1 = 0`;
  return postgres
    ? sql<boolean>`${pgSearchVector} @@ cast(${query} as tsquery)`
    : sql<boolean>`${sql.ref('todos.id')} in (select rowid from todos_search where todos_search match ${query})`;
}

/** The view's rows, whatever their completion (the view's own rule adds that). */
function scope(db: Db, query: Query, request: ViewRequest, owners: number[]): Query {
  const { userId, view } = request;
  switch (view) {
    case 'inbox':
      return query.where('todos.user_id', '=', userId).where('todos.list_id', 'is', null);
    case 'list':
      return query.where('todos.list_id', '=', request.listId ?? -1);
    case 'today':
    case 'upcoming': {
      // A date alone is the same day wherever one is (as in Todoist); a time is a moment.
      const w = request.window ?? { today: '', endDate: '', start: '', end: '' };
      const upcoming = view === 'upcoming';
      const bounds = dueBounds(view, w);
      return query
        .where(visible(userId, owners))
        .where(notArchived(owners))
        .where('todos.due_at', '<', bounds.before)
        .$if(bounds.from !== undefined, (qb) => qb.where('todos.due_at', '>=', bounds.from ?? ''))
        .where((eb: Eb) =>
          eb.or([
            eb.and([
              eb('todos.due_time', 'is', null),
              eb('todos.due_date', '<', w.endDate),
              ...(upcoming ? [eb('todos.due_date', '>=', w.today)] : []),
            ]),
            eb.and([
              eb('todos.due_time', 'is not', null),
              eb('todos.due_at', '<', w.end),
              ...(upcoming ? [eb('todos.due_at', '>=', w.start)] : []),
            ]),
          ]),
        );
    }
    case 'label':
      // The label's tasks among the visible owners' (todo_task_labels_user), not a subquery per
      // task: PostgreSQL without statistics ran that one as a scan of the label's rows per task.
      return query
        .where(visible(userId, owners))
        .where(notArchived(owners))
        .where('todos.id', 'in', (eb) =>
          eb
            .selectFrom('todo_task_labels as tl')
            .select('tl.todo_id')
            .where('tl.user_id', 'in', owners)
            .where('tl.name_key', '=', request.labelKey ?? ''),
        );
    case 'completed':
      return query
        .where(visible(userId, owners))
        .$if(request.listId !== undefined, (qb) => qb.where('todos.list_id', '=', request.listId ?? -1));
    case 'search':
      return query.where(visible(userId, owners)).where(matches(db, request.search ?? '', owners));
  }
}

const completedAt = sql<string>`coalesce(${sql.ref('todos.completed_at')}, '')`;

/** A page's query (one row more than the page, to know whether another follows) and its cursor value. */
function pageQuery(
  db: Db,
  request: ViewRequest,
  owners: number[],
): { query: Query; lastValue: (row: TodoRow) => string | null } {
  const { view, cursor, limit } = request;
  let query = scope(db, db.selectFrom('todos').selectAll('todos'), request, owners);
  // Search finds completed tasks too; every other view is of open tasks, or of completed ones.
  // A literal, not a parameter: only then may SQLite use the partial index on open tasks.
  if (view !== 'search') query = query.where('todos.completed', '=', sql.lit(view === 'completed' ? 1 : 0));

  let lastValue: (row: TodoRow) => string | null;
  switch (view) {
    case 'inbox':
    case 'list': {
      if (cursor) {
        const [position, id] = cursor;
        query = query.where((eb) =>
          eb.or([
            eb('todos.position', '>', position ?? ''),
            eb.and([eb('todos.position', '=', position ?? ''), eb('todos.id', '<', id)]),
          ]),
        );
      }
      query = query.orderBy(sql`${sql.ref('todos.position')}`).orderBy('todos.id', 'desc');
      lastValue = (row) => row.position;
      break;
    }
    case 'today':
    case 'upcoming': {
      if (cursor) {
        const [dueAt, id] = cursor;
        query = query.where((eb) =>
          eb.or([
            eb('todos.due_at', '>', dueAt ?? ''),
            eb.and([eb('todos.due_at', '=', dueAt ?? ''), eb('todos.id', '>', id)]),
          ]),
        );
      }
      query = query.orderBy(sql`${sql.ref('todos.due_at')}`).orderBy('todos.id');
      lastValue = (row) => row.due_at;
      break;
    }
    case 'completed': {
      if (cursor) {
        const [at, id] = cursor;
        query = query.where((eb) =>
          eb.or([eb(completedAt, '<', at ?? ''), eb.and([eb(completedAt, '=', at ?? ''), eb('todos.id', '<', id)])]),
        );
      }
      query = query.orderBy(completedAt, 'desc').orderBy('todos.id', 'desc');
      lastValue = (row) => row.completed_at ?? '';
      break;
    }
    default: {
      if (cursor) query = query.where('todos.id', '<', cursor[1]);
      query = query.orderBy('todos.id', 'desc');
      lastValue = () => null;
    }
  }
  return { query: query.limit(limit + 1), lastValue };
}

/** One page of a view, and the cursor of the next (undefined on the last page). */
export async function viewPage(db: Db, request: ViewRequest): Promise<{ rows: TodoRow[]; next: Cursor | undefined }> {
  return pageOf(db, request, await visibleOwners(db, request.userId));
}

async function pageOf(
  db: Db,
  request: ViewRequest,
  owners: number[],
): Promise<{ rows: TodoRow[]; next: Cursor | undefined }> {
  const { query, lastValue } = pageQuery(db, request, owners);
  const { limit } = request;
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? [lastValue(last), last.id] : undefined };
}

const countQuery = (db: Db, request: ViewRequest, owners: number[]) =>
  scope(db, db.selectFrom('todos').selectAll('todos'), request, owners)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('todos.completed', '=', sql.lit(0));

/**
 * Search's page and its open count in one statement: the matching tasks' ids are found once, by
 * the full-text index, and both the count and the page read them. Apart, each asked the index
 * (on PostgreSQL each also read the GIN index's pending entries, every user's recent writes
 * until autovacuum merges them), and the page, priced per row, walked the user's tasks newest
 * first through the word function until it had a page: 577 calls for "invoice" at 5,000 tasks
 * (docs/decisions.md#to-do-search-and-label-renames-at-5000-tasks).
 *
 * PostgreSQL takes the page's ids as an array, so it fetches them by the primary key; as a
 * subquery it hashed them and read the whole table. A page with no row (a cursor past tasks
 * deleted meanwhile) carries no count: `viewWithCount` asks for it then.
 */
function searchWithCountQuery(db: Db, request: ViewRequest, owners: number[]) {
  const { cursor, limit } = request;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const found = scope(db, db.selectFrom('todos').selectAll('todos'), request, owners)
    .clearSelect()
    .select(['todos.id', 'todos.completed']);
  return db
    .with(
      (cte) => cte('found').materialized(),
      () => found,
    )
    .selectFrom('todos')
    .selectAll('todos')
    .select((eb) =>
      eb
        .selectFrom('found')
        .select(eb.fn.countAll<number>().as('n'))
        .where('found.completed', '=', sql.lit(0))
        .as('open_count'),
    )
    .where((eb) => {
      const page = eb
        .selectFrom('found')
        .select('found.id')
        .$if(cursor !== undefined, (qb) => qb.where('found.id', '<', cursor?.[1] ?? 0))
        .orderBy('found.id', 'desc')
        .limit(limit + 1);
      return postgres ? sql<boolean>`${eb.ref('todos.id')} = any(array(${page}))` : eb('todos.id', 'in', page);
    })
    .orderBy('todos.id', 'desc');
}

/**
 * One page of a view with its open tasks across all pages (for `completed`: of its scope). Whose
 * tasks the caller may see is read once for both, which then run side by side (search: in one
 * statement).
 */
export async function viewWithCount(
  db: Db,
  request: ViewRequest,
): Promise<{ rows: TodoRow[]; next: Cursor | undefined; openCount: number }> {
  const owners = await visibleOwners(db, request.userId);
  if (request.view === 'search') {
    const found = await searchWithCountQuery(db, request, owners).execute();
    const rows = found.map(({ open_count, ...row }) => row);
    const page = rows.slice(0, request.limit);
    const last = page[page.length - 1];
    const openCount = found[0]?.open_count ?? (await countQuery(db, request, owners).executeTakeFirstOrThrow()).n;
    return {
      rows: page,
      next: rows.length > request.limit && last ? [null, last.id] : undefined,
      openCount: Number(openCount),
    };
  }
  const [page, { n }] = await Promise.all([
    pageOf(db, request, owners),
    countQuery(db, request, owners).executeTakeFirstOrThrow(),
  ]);
  return { ...page, openCount: Number(n) };
}

/** The SQL a view runs (its page and its count; search: one statement for both), for the index-coverage test to EXPLAIN. */
export async function viewQueries(db: Db, request: ViewRequest) {
  const owners = await visibleOwners(db, request.userId);
  if (request.view === 'search') {
    const both = searchWithCountQuery(db, request, owners).compile();
    return { page: both, count: both };
  }
  return { page: pageQuery(db, request, owners).query.compile(), count: countQuery(db, request, owners).compile() };
}

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function decodeCursor(text: string): Cursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (value[0] === null || typeof value[0] === 'string') &&
      Number.isSafeInteger(value[1])
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // Not base64 JSON: answered as an invalid cursor below.
  }
  return undefined;
}
