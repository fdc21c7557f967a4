import type { TodoColour, TodoLabel } from '@site/contract';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../db/database.js';
import { type Db, labelKey, refreshSearchKeys, visibleTo, withTransactions } from '../todo-core.repository.js';

function labelQueries(db: Db) {
  /** My tasks that carry the label. */
  const taggedIds = async (userId: number, key: string) =>
    (
      await db
        .selectFrom('todo_task_labels')
        .select('todo_id')
        .where('user_id', '=', userId)
        .where('name_key', '=', key)
        .execute()
    ).map((r) => r.todo_id);

  return {
    /** My label list in order, each with the open tasks I can see that carry it. */
    async list(userId: number): Promise<TodoLabel[]> {
      const labels = await db
        .selectFrom('todo_labels')
        .select(['name', 'name_key', 'colour'])
        .where('user_id', '=', userId)
        .orderBy(sql`position`)
        .orderBy('name_key')
        .execute();
      const counts = await db
        .selectFrom('todo_task_labels as tl')
        .innerJoin('todos', 'todos.id', 'tl.todo_id')
        .select((eb) => ['tl.name_key', eb.fn.countAll<number>().as('n')])
        .where(visibleTo(userId))
        .where('todos.completed', '=', 0)
        .groupBy('tl.name_key')
        .execute();
      const countOf = new Map(counts.map((c) => [c.name_key, Number(c.n)]));
      return labels.map((l) => ({
        name: l.name,
        colour: l.colour as TodoColour,
        open_count: countOf.get(l.name_key) ?? 0,
      }));
    },

    async find(userId: number, name: string) {
      return db
        .selectFrom('todo_labels')
        .select(['name', 'colour'])
        .where('user_id', '=', userId)
        .where('name_key', '=', labelKey(name))
        .executeTakeFirst();
    },

    async recolour(userId: number, name: string, colour: TodoColour): Promise<void> {
      await db
        .updateTable('todo_labels')
        .set({ colour })
        .where('user_id', '=', userId)
        .where('name_key', '=', labelKey(name))
        .execute();
    },

    /** Renames the label in my list and on my tasks, merging into a label of the new name. */
    async rename(userId: number, from: string, to: string): Promise<void> {
      const oldKey = labelKey(from);
      const newKey = labelKey(to);
      const ids = await taggedIds(userId, oldKey);
      if (newKey !== oldKey) {
        const both = await taggedIds(userId, newKey);
        if (both.length > 0) {
          await db.deleteFrom('todo_task_labels').where('name_key', '=', oldKey).where('todo_id', 'in', both).execute();
        }
        const merging = await db
          .selectFrom('todo_labels')
          .select('name')
          .where('user_id', '=', userId)
          .where('name_key', '=', newKey)
          .executeTakeFirst();
        if (merging) {
          await db.deleteFrom('todo_labels').where('user_id', '=', userId).where('name_key', '=', oldKey).execute();
        }
      }
      await db
        .updateTable('todo_task_labels')
        .set({ name: to, name_key: newKey })
        .where('user_id', '=', userId)
        .where('name_key', '=', oldKey)
        .execute();
      await db
        .updateTable('todo_labels')
        .set({ name: to, name_key: newKey })
        .where('user_id', '=', userId)
        .where('name_key', '=', oldKey)
        .execute();
      await refreshSearchKeys(db, ids);
    },

    /** Deletes the label from my list and takes it off my tasks. */
    async remove(userId: number, name: string): Promise<void> {
      const key = labelKey(name);
      const ids = await taggedIds(userId, key);
      await db.deleteFrom('todo_task_labels').where('user_id', '=', userId).where('name_key', '=', key).execute();
      await db.deleteFrom('todo_labels').where('user_id', '=', userId).where('name_key', '=', key).execute();
      await refreshSearchKeys(db, ids);
    },
  };
}

/** A user's labels (docs/api.md#to-do-lists-sharing-and-tasks). */
export const labelsRepository = (handle: DatabaseHandle) => withTransactions(handle, labelQueries);
export type LabelsRepository = ReturnType<typeof labelsRepository>;
