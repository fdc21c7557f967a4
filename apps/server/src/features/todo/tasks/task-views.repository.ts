import type { TodoView } from '@site/contract';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { type Db, notArchived, type TodoRow, visibleTo } from '../todo-core.repository.js';

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
  /** Search text, in lower case. */
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

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The view's rows, whatever their completion (the view's own rule adds that). */
function scope(query: Query, request: ViewRequest): Query {
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
      return query
        .where(visibleTo(userId))
        .where(notArchived)
        .where('todos.due_at', 'is not', null)
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
      return query
        .where(visibleTo(userId))
        .where(notArchived)
        .where((eb: Eb) =>
          eb.exists(
            eb
              .selectFrom('todo_task_labels as tl')
              .select('tl.todo_id')
              .whereRef('tl.todo_id', '=', 'todos.id')
              .where('tl.name_key', '=', request.labelKey ?? ''),
          ),
        );
    case 'completed':
      return query
        .where(visibleTo(userId))
        .$if(request.listId !== undefined, (qb) => qb.where('todos.list_id', '=', request.listId ?? -1));
    case 'search':
      return query
        .where(visibleTo(userId))
        .where(sql<boolean>`${sql.ref('todos.search_key')} like ${likePattern(request.search ?? '')} escape '\\'`);
  }
}

const completedAt = sql<string>`coalesce(${sql.ref('todos.completed_at')}, '')`;

/** One page of a view, and the cursor of the next (undefined on the last page). */
export async function viewPage(db: Db, request: ViewRequest): Promise<{ rows: TodoRow[]; next: Cursor | undefined }> {
  const { view, cursor, limit } = request;
  let query = scope(db.selectFrom('todos').selectAll('todos'), request);
  // Search finds completed tasks too; every other view is of open tasks, or of completed ones.
  if (view !== 'search') query = query.where('todos.completed', '=', view === 'completed' ? 1 : 0);

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
  const rows = await query.limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? [lastValue(last), last.id] : undefined };
}

/** Open tasks of the view (for `completed`: of its scope), across all pages. */
export async function viewOpenCount(db: Db, request: ViewRequest): Promise<number> {
  const { n } = await scope(db.selectFrom('todos').selectAll('todos'), request)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('todos.completed', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(n);
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
