import { TODO_DEFAULT_COLOUR, type Todo, type TodoListRole, type TodoTask } from '@site/contract';
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, TodosTable } from '../../db/schema.js';
import { lockUserRow } from '../../db/user-lock.js';
import { searchKey } from './tasks/task-search.js';
import { keyBetween } from './todo-keys.js';

/**
 * What the to-do sub-features (lists/, tasks/, labels/) share: who may see or change a list or a
 * task, the labels table, the search text and a task's answer shape. Every function takes the
 * database or a transaction, so a service can run several in one transaction.
 */

export type Db = Kysely<Database>;
export type TodoRow = Selectable<TodosTable>;

/** One label whatever its case: 'Work' and 'WORK' share the key 'work' (the same on both databases). */
export const labelKey = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * Locks users' rows (PostgreSQL) in ascending id order, the one order every to-do transaction
 * takes them in (docs/architecture.md, "Lock order"): the owner of each list a transaction
 * writes to, and the acting user when their label list may grow.
 */
export async function lockUsers(trx: Db, dialect: DialectName, userIds: number[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort((a, b) => a - b)) {
    // biome-ignore lint/suspicious/noExplicitAny: a transaction, typed as the database it runs on.
    await lockUserRow(trx as any, dialect, id);
  }
}

export interface ListAccess {
  role: TodoListRole;
  ownerId: number;
  archived: boolean;
}

/** My role on a list, or undefined when there is no such list or I can neither own nor see it. */
export async function listAccess(db: Db, userId: number, listId: number): Promise<ListAccess | undefined> {
  const row = await db
    .selectFrom('todo_lists as l')
    .leftJoin('todo_list_members as m', (join) => join.onRef('m.list_id', '=', 'l.id').on('m.user_id', '=', userId))
    .select(['l.user_id', 'l.archived_at', 'm.role'])
    .where('l.id', '=', listId)
    .executeTakeFirst();
  if (!row) return undefined;
  const role = row.user_id === userId ? 'owner' : row.role;
  return role ? { role, ownerId: row.user_id, archived: row.archived_at !== null } : undefined;
}

/** A task with my role on it (its list's), or undefined when it does not exist or I cannot see it. */
export async function taskAccess(
  db: Db,
  userId: number,
  taskId: number,
): Promise<{ row: TodoRow; role: TodoListRole } | undefined> {
  return (await tasksAccess(db, userId, [taskId])).get(taskId);
}

/** `taskAccess` for many tasks in one query: the ones I can see, by id. */
export async function tasksAccess(
  db: Db,
  userId: number,
  taskIds: readonly number[],
): Promise<Map<number, { row: TodoRow; role: TodoListRole }>> {
  const found = new Map<number, { row: TodoRow; role: TodoListRole }>();
  if (taskIds.length === 0) return found;
  const rows = await db
    .selectFrom('todos')
    .leftJoin('todo_list_members as m', (join) =>
      join.onRef('m.list_id', '=', 'todos.list_id').on('m.user_id', '=', userId),
    )
    .selectAll('todos')
    .select('m.role as member_role')
    .where('todos.id', 'in', [...taskIds])
    .execute();
  for (const { member_role, ...task } of rows) {
    const role = task.user_id === userId ? 'owner' : member_role;
    if (role) found.set(task.id, { row: task, role });
  }
  return found;
}

/** Tasks I can see: those of lists I own (and my Inbox), and of lists shared with me. */
export const visibleTo = (userId: number) => (eb: ExpressionBuilder<Database, 'todos'>) =>
  eb.or([
    eb('todos.user_id', '=', userId),
    eb('todos.list_id', 'in', eb.selectFrom('todo_list_members').select('list_id').where('user_id', '=', userId)),
  ]);

/** Not in an archived list (its tasks leave the date and label views, as in Todoist). */
export const notArchived = (eb: ExpressionBuilder<Database, 'todos'>) =>
  // Its own list looked up by id, not every archived list of every user read for each query.
  eb.not(
    eb.exists(
      eb
        .selectFrom('todo_lists as archived')
        .select('archived.id')
        .whereRef('archived.id', '=', 'todos.list_id')
        .where('archived.archived_at', 'is not', null),
    ),
  );

/** Names by label key, each as first typed. */
function firstByKey(names: string[]): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(labelKey(name))) byKey.set(labelKey(name), name);
  return byKey;
}

/**
 * Adds the names missing from the user's label list (at its end, in the default colour).
 * 'full' when that would pass `max` labels; nothing is added then.
 */
export async function ensureLabels(db: Db, userId: number, names: string[], max: number): Promise<'ok' | 'full'> {
  const byKey = firstByKey(names);
  if (byKey.size === 0) return 'ok';
  const existing = await db.selectFrom('todo_labels').select('name_key').where('user_id', '=', userId).execute();
  const known = new Set(existing.map((r) => r.name_key));
  const missing = [...byKey].filter(([key]) => !known.has(key));
  if (missing.length === 0) return 'ok';
  if (known.size + missing.length > max) return 'full';
  const last = await db
    .selectFrom('todo_labels')
    .select('position')
    .where('user_id', '=', userId)
    .orderBy('position', 'desc')
    .limit(1)
    .executeTakeFirst();
  let position = last?.position ?? null;
  const now = new Date().toISOString();
  for (const [key, name] of missing) {
    position = keyBetween(position, null) ?? `${position ?? 'a0'}V`;
    await db
      .insertInto('todo_labels')
      .values({ user_id: userId, name, name_key: key, colour: TODO_DEFAULT_COLOUR, position, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'name_key']).doNothing())
      .execute();
  }
  return 'ok';
}

/** Replaces a task's labels (kept once per key, as first typed). */
export async function setTaskLabels(db: Db, todoId: number, ownerId: number, names: string[]): Promise<void> {
  await db.deleteFrom('todo_task_labels').where('todo_id', '=', todoId).execute();
  const byKey = firstByKey(names);
  if (byKey.size === 0) return;
  await db
    .insertInto('todo_task_labels')
    .values([...byKey].map(([name_key, name]) => ({ todo_id: todoId, user_id: ownerId, name, name_key })))
    .execute();
}

/**
 * Bound values per multi-row INSERT: well under SQLite's 32,766 (better-sqlite3's build) and
 * PostgreSQL's 65,535, in statements short enough to build and parse quickly.
 */
export const BATCH_VALUES = 8_000;

/** `rows` cut into runs of at most BATCH_VALUES values, each row holding `columns` of them. */
export function inBatches<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(BATCH_VALUES / columns));
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}

/** The label rows of new tasks, each task's kept once per key as first typed (as setTaskLabels writes them). */
export async function insertTaskLabels(
  db: Db,
  tasks: readonly { todoId: number; ownerId: number; names: readonly string[] }[],
): Promise<void> {
  const rows = tasks.flatMap(({ todoId, ownerId, names }) =>
    [...firstByKey([...names])].map(([name_key, name]) => ({ todo_id: todoId, user_id: ownerId, name, name_key })),
  );
  for (const batch of inBatches(rows, 4)) await db.insertInto('todo_task_labels').values(batch).execute();
}

/** A task's label names as stored (once per key, as first typed), the names its search text holds. */
export const storedLabelNames = (names: readonly string[]): string[] => [...firstByKey([...names]).values()];

/**
 * Rewrites the search text of tasks from their title, notes and labels (task-search.ts's words).
 * Only the rows whose words changed are written: most edits (completion, priority, a move) leave
 * them as they were, and each write costs the index's upkeep (SQLite: its trigger). The changed
 * rows are written by one statement per batch, the new texts joined in as a table of values:
 * renaming a label on 5,000 tasks took 5,000 statements, one round trip each on PostgreSQL
 * (docs/decisions.md#to-do-search-and-label-renames-at-5000-tasks).
 */
export async function refreshSearchKeys(db: Db, todoIds: number[]): Promise<void> {
  if (todoIds.length === 0) return;
  // The labels as a task answers them (labelsOf: in label order), so the same task always gives the same key.
  const [rows, namesOf] = await Promise.all([
    db.selectFrom('todos').select(['id', 'title', 'description', 'search_key']).where('id', 'in', todoIds).execute(),
    labelsOf(db, todoIds),
  ]);
  const changed = rows.flatMap((row) => {
    const key = searchKey(row.title, row.description, namesOf.get(row.id));
    return key === row.search_key ? [] : [{ id: row.id, key }];
  });
  for (const batch of inBatches(changed, 2)) {
    // The same SQL on both databases: a CTE of values named by its column list (SQLite names a
    // VALUES table's columns column1…), typed by the cast on each id, joined by UPDATE … FROM.
    const values = sql.join(batch.map(({ id, key }) => sql`(cast(${id} as integer), ${key})`));
    await sql`with changed(id, search_key) as (values ${values})
      update todos set search_key = changed.search_key from changed where todos.id = changed.id`.execute(db);
  }
}

/** An item in the seed's answer shape (docs/api.md#every-call, To-do), `labels` its label names in order. */
export function toTodo(row: TodoRow, labels: string[]): Pick<TodoTask, keyof Todo> {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    completed: row.completed === 1,
    user: row.user_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    list_id: row.list_id,
    due: row.due_date === null ? null : { date: row.due_date, time: row.due_time, zone: row.due_zone ?? 'UTC' },
    priority: row.priority,
    labels,
    recurrence: row.recurrence === null ? null : { rule: row.recurrence, basis: row.recurrence_basis ?? 'due' },
  };
}

/** Label names by task, each task's in label order (as a task answers them), for `ids`. */
export async function labelsOf(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const byTask = new Map<number, string[]>();
  if (ids.length === 0) return byTask;
  const rows = await db
    .selectFrom('todo_task_labels')
    .select(['todo_id', 'name'])
    .where('todo_id', 'in', ids)
    .orderBy('todo_id')
    .orderBy('name_key')
    .execute();
  for (const { todo_id, name } of rows) {
    const names = byTask.get(todo_id);
    if (names) names.push(name);
    else byTask.set(todo_id, [name]);
  }
  return byTask;
}

/** Tasks in the answer's shape, with their labels and checklists, in the order of `rows`. */
export async function toTasks(db: Db, rows: TodoRow[]): Promise<TodoTask[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [labels, items] = await Promise.all([
    labelsOf(db, ids),
    db
      .selectFrom('todo_checklist_items')
      .select(['id', 'todo_id', 'title', 'done'])
      .where('todo_id', 'in', ids)
      .orderBy('todo_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return rows.map((row) => ({
    ...toTodo(row, labels.get(row.id) ?? []),
    checklist: items.filter((i) => i.todo_id === row.id).map((i) => ({ id: i.id, title: i.title, done: i.done === 1 })),
    position: row.position,
    completed_at: row.completed_at,
    created_by: row.created_by,
  }));
}

/** One task in the answer's shape. */
export async function toTask(db: Db, row: TodoRow): Promise<TodoTask> {
  return (await toTasks(db, [row]))[0] as TodoTask;
}

/**
 * A repository's queries on the database, and `transaction`: the same queries inside one
 * transaction, with the given users' rows locked first; `lock` locks more as they become known.
 */
export function withTransactions<Q extends object>(handle: { db: Db; dialect: DialectName }, queries: (db: Db) => Q) {
  return {
    ...queries(handle.db),
    transaction: <T>(
      lockUserIds: number[],
      fn: (q: Q, lock: (userIds: number[]) => Promise<void>) => Promise<T>,
    ): Promise<T> =>
      handle.db.transaction().execute(async (trx) => {
        await lockUsers(trx, handle.dialect, lockUserIds);
        return fn(queries(trx), (userIds) => lockUsers(trx, handle.dialect, userIds));
      }),
  };
}

/** Writes new positions (from `place`) to a table's rows. */
export async function writePositions(
  db: Db,
  table: 'todos' | 'todo_lists' | 'todo_checklist_items',
  updates: { id: number; position: string }[],
): Promise<void> {
  for (const { id, position } of updates) {
    await db.updateTable(table).set({ position }).where('id', '=', id).execute();
  }
}
