import type { Todo } from '@site/contract';
import { sql } from 'kysely';
import { isoNow } from '../../core/time.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { lockUserRow } from '../../db/user-lock.js';
import { searchKey } from './tasks/task-search.js';
import { labelsOf, refreshSearchKeys, toTodo } from './todo-core.repository.js';
import { keyBetween } from './todo-keys.js';

/**
 * The seed's calls (docs/api.md#every-call, To-do): every query is scoped by owner, so another
 * user's id simply finds nothing. They see all the tasks of every list the user owns.
 */
export function todoRepository({ db, dialect }: DatabaseHandle) {
  return {
    /** The user's rows as the database holds them, for 'Export my data' (docs/api.md#export). */
    async exportRows(userId: number) {
      const rows = <T extends keyof Database>(table: T, first: string) =>
        db
          .selectFrom(table as 'todos')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy(sql.ref(first))
          .execute() as Promise<Record<string, unknown>[]>;
      return {
        todos: await rows('todos', 'id'),
        todo_lists: await rows('todo_lists', 'id'),
        todo_list_members: await rows('todo_list_members', 'list_id'),
        todo_labels: await rows('todo_labels', 'name_key'),
        todo_task_labels: await rows('todo_task_labels', 'todo_id'),
        todo_checklist_items: await rows('todo_checklist_items', 'id'),
        todo_completions: await rows('todo_completions', 'id'),
      };
    },

    async listForUser(userId: number): Promise<Todo[]> {
      // The labels by owner, not by 5,000 task ids: a task's label rows carry its owner.
      const [rows, labels] = await Promise.all([
        db.selectFrom('todos').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute(),
        db
          .selectFrom('todo_task_labels')
          .select(['todo_id', 'name'])
          .where('user_id', '=', userId)
          .orderBy('todo_id')
          .orderBy('name_key')
          .execute(),
      ]);
      const byTask = new Map<number, string[]>();
      for (const { todo_id, name } of labels) {
        const names = byTask.get(todo_id);
        if (names) names.push(name);
        else byTask.set(todo_id, [name]);
      }
      return rows.map((row) => toTodo(row, byTask.get(row.id) ?? []));
    },

    /**
     * Adds an item unless the user already has `max` (undefined then). The count and the insert
     * share a transaction under the user's lock, so a burst of creates never passes the cap.
     */
    async create(
      userId: number,
      input: { title: string; description: string },
      max: number,
    ): Promise<Todo | undefined> {
      return db.transaction().execute(async (trx) => {
        await lockUserRow(trx, dialect, userId);
        const { count } = await trx
          .selectFrom('todos')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= max) return undefined;
        const now = isoNow();
        // At the top of the Inbox, where the seed's newest-first list shows it.
        const first = await trx
          .selectFrom('todos')
          .select('position')
          .where('user_id', '=', userId)
          .where('list_id', 'is', null)
          .orderBy(sql`position`)
          .limit(1)
          .executeTakeFirst();
        const row = await trx
          .insertInto('todos')
          .values({
            user_id: userId,
            title: input.title,
            description: input.description,
            completed: 0,
            created_at: now,
            updated_at: now,
            created_by: userId,
            // Equal keys fall back to newest first, so the top stays right when none fits.
            position: keyBetween(null, first?.position ?? null) ?? first?.position ?? 'a0',
            search_key: searchKey(input.title, input.description),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toTodo(row, []);
      });
    },

    /** Applies the given fields to the user's item; undefined when it is not theirs or does not exist. */
    async update(
      userId: number,
      todoId: number,
      patch: { title?: string | undefined; description?: string | undefined; completed?: boolean | undefined },
    ): Promise<Todo | undefined> {
      return db.transaction().execute(async (trx) => {
        const now = isoNow();
        const row = await trx
          .updateTable('todos')
          .set((eb) => ({
            ...(patch.title !== undefined ? { title: patch.title } : {}),
            ...(patch.description !== undefined ? { description: patch.description } : {}),
            ...(patch.completed !== undefined
              ? {
                  completed: patch.completed ? 1 : 0,
                  // Completing a completed item keeps when it was first completed.
                  completed_at: patch.completed ? eb.fn.coalesce('completed_at', eb.val(now)) : null,
                }
              : {}),
            updated_at: now,
          }))
          .where('id', '=', todoId)
          .where('user_id', '=', userId)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        if (patch.title !== undefined || patch.description !== undefined) await refreshSearchKeys(trx, [row.id]);
        return toTodo(row, (await labelsOf(trx, [row.id])).get(row.id) ?? []);
      });
    },

    async delete(userId: number, todoId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('todos')
        .where('id', '=', todoId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type TodoRepository = ReturnType<typeof todoRepository>;
