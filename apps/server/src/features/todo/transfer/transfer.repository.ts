import { TODOS_MAX } from '@site/contract';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../db/database.js';
import { type Db, notArchived, visibleTo } from '../todo-core.repository.js';
import type { FeedTask } from './calendar.js';
import type { ExportTask } from './csv.js';

/** Labels of tasks by task id, each task's in name order. */
async function labelsOf(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const byTask = new Map<number, string[]>();
  // In slices: a parameter list stays far below either database's limit.
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db
      .selectFrom('todo_task_labels')
      .select(['todo_id', 'name'])
      .where('todo_id', 'in', ids.slice(start, start + 1000))
      .orderBy('todo_id')
      .orderBy('name_key')
      .execute();
    for (const row of rows) byTask.set(row.todo_id, [...(byTask.get(row.todo_id) ?? []), row.name]);
  }
  return byTask;
}

/** The calendar feed's secret (its digest), and the rows the feed and the export read. */
export function transferRepository({ db }: DatabaseHandle) {
  return {
    async feed(userId: number): Promise<{ created_at: string } | undefined> {
      return db.selectFrom('todo_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst();
    },

    /** Puts the user's feed digest in place of any earlier one (which stops working). */
    async putFeed(userId: number, tokenHash: string, createdAt: string): Promise<void> {
      await db
        .insertInto('todo_feeds')
        .values({ user_id: userId, token_hash: tokenHash, created_at: createdAt })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: createdAt }))
        .execute();
    },

    async removeFeed(userId: number): Promise<void> {
      await db.deleteFrom('todo_feeds').where('user_id', '=', userId).execute();
    },

    /**
     * Whose feed a digest is. Looked up by the digest through its unique index: the secret itself
     * is never compared, so the time taken says nothing about how much of a guess was right.
     */
    async feedOwner(tokenHash: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('todo_feeds')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row?.user_id;
    },

    /**
     * Open tasks with a due date the user can see (their own lists and Inbox, and lists shared
     * with them), not in archived lists, soonest first; at most the to-do cap.
     */
    async feedTasks(userId: number): Promise<FeedTask[]> {
      const rows = await db
        .selectFrom('todos')
        .leftJoin('todo_lists as l', 'l.id', 'todos.list_id')
        .select([
          'todos.id',
          'todos.title',
          'todos.description',
          'todos.due_date',
          'todos.due_time',
          'todos.due_at',
          'todos.priority',
          'todos.recurrence',
          'todos.updated_at',
          'l.name as list',
        ])
        .where(visibleTo(userId))
        .where(notArchived)
        .where('todos.completed', '=', 0)
        .where('todos.due_date', 'is not', null)
        .orderBy(sql`todos.due_at`)
        .orderBy('todos.id')
        .limit(TODOS_MAX)
        .execute();
      const labels = await labelsOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => ({
        ...row,
        due_date: row.due_date as string,
        list: row.list ?? null,
        labels: labels.get(row.id) ?? [],
      }));
    },

    /** Every task the user owns (all their lists and the Inbox), oldest first. */
    async exportTasks(userId: number): Promise<ExportTask[]> {
      const rows = await db
        .selectFrom('todos')
        .leftJoin('todo_lists as l', 'l.id', 'todos.list_id')
        .select([
          'todos.id',
          'todos.title',
          'todos.description',
          'todos.priority',
          'todos.due_date',
          'todos.due_time',
          'todos.due_zone',
          'todos.recurrence',
          'todos.completed',
          'todos.completed_at',
          'todos.created_at',
          'l.name as list',
        ])
        .where('todos.user_id', '=', userId)
        .orderBy('todos.id')
        .execute();
      const labels = await labelsOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map(({ id, completed, list, ...row }) => ({
        ...row,
        list: list ?? null,
        completed: completed === 1,
        labels: labels.get(id) ?? [],
      }));
    },
  };
}
export type TransferRepository = ReturnType<typeof transferRepository>;
