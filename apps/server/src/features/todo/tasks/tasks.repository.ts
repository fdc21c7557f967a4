import type { TodoTask } from '@site/contract';
import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { isoNow } from '../../../core/time.js';
import type { DatabaseHandle } from '../../../db/database.js';
import type { TodosTable } from '../../../db/schema.js';
import {
  type Db,
  ensureLabels,
  inBatches,
  insertTaskLabels,
  labelKey,
  listAccess,
  refreshSearchKeys,
  setTaskLabels,
  storedLabelNames,
  type TodoRow,
  taskAccess,
  tasksAccess,
  toTasks,
  visibleTo,
  withTransactions,
  writePositions,
} from '../todo-core.repository.js';
import type { Placed } from '../todo-keys.js';
import { searchKey } from './task-search.js';
import { type ViewRequest, viewWithCount } from './task-views.repository.js';

/** A new task's columns (its search text is made from them) and its labels. */
export interface NewTask {
  values: Omit<Insertable<TodosTable>, 'search_key'> & { position: string };
  labels: readonly string[];
}

function taskQueries(db: Db) {
  return {
    taskAccess: (userId: number, taskId: number) => taskAccess(db, userId, taskId),
    tasksAccess: (userId: number, taskIds: readonly number[]) => tasksAccess(db, userId, taskIds),
    listAccess: (userId: number, listId: number) => listAccess(db, userId, listId),
    ensureLabels: (userId: number, names: string[], max: number) => ensureLabels(db, userId, names, max),
    setLabels: (todoId: number, ownerId: number, names: string[]) => setTaskLabels(db, todoId, ownerId, names),
    refreshSearch: (todoIds: number[]) => refreshSearchKeys(db, todoIds),
    toTasks: (rows: TodoRow[]): Promise<TodoTask[]> => toTasks(db, rows),
    writePositions: (updates: Placed[]) => writePositions(db, 'todos', updates),
    view: (request: ViewRequest) => viewWithCount(db, request),

    /**
     * The id of a list the user may see, open (not archived), named `name` in any case: their own
     * first, then lists shared with them; the lowest id of equals. Undefined when none is.
     */
    async listNamed(userId: number, name: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('todo_lists as l')
        .leftJoin('todo_list_members as m', (join) => join.onRef('m.list_id', '=', 'l.id').on('m.user_id', '=', userId))
        .select('l.id')
        .where((eb) => eb.or([eb('l.user_id', '=', userId), eb('m.user_id', '=', userId)]))
        .where('l.archived_at', 'is', null)
        .where(sql<string>`lower(l.name)`, '=', name.toLowerCase())
        .orderBy(sql`case when l.user_id = ${userId} then 0 else 1 end`)
        .orderBy('l.id')
        .executeTakeFirst();
      return row?.id;
    },

    /** Whether the label is in the user's label list or on a task they can see. */
    async labelKnown(userId: number, name: string): Promise<boolean> {
      const key = labelKey(name);
      const own = await db
        .selectFrom('todo_labels')
        .select('name_key')
        .where('user_id', '=', userId)
        .where('name_key', '=', key)
        .executeTakeFirst();
      if (own) return true;
      const seen = await db
        .selectFrom('todo_task_labels as tl')
        .innerJoin('todos', 'todos.id', 'tl.todo_id')
        .select('tl.todo_id')
        .where('tl.name_key', '=', key)
        .where(visibleTo(userId))
        .limit(1)
        .executeTakeFirst();
      return seen !== undefined;
    },

    /** Tasks the user owns (every list of theirs), the number the to-do cap counts. */
    async countOwned(ownerId: number): Promise<number> {
      const { n } = await db
        .selectFrom('todos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** A list's tasks (null: the owner's Inbox), open and completed, in their manual order. */
    sequence(ownerId: number, listId: number | null): Promise<Placed[]> {
      return db
        .selectFrom('todos')
        .select(['id', 'position'])
        .$if(listId === null, (qb) => qb.where('user_id', '=', ownerId).where('list_id', 'is', null))
        .$if(listId !== null, (qb) => qb.where('list_id', '=', listId))
        .orderBy(sql`position`)
        .orderBy('id', 'desc')
        .execute();
    },

    async insert(values: Insertable<TodosTable>): Promise<number> {
      const row = await db.insertInto('todos').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Adds many tasks in multi-row INSERTs, their labels too, with their search text written as
     * they are (the FTS5 triggers index it on insert): a few statements for thousands of tasks.
     * Each row is known again by its list and position, as neither database promises RETURNING
     * rows in VALUES order, so no two tasks may share both. The ids, in the order given.
     */
    async insertMany(tasks: readonly NewTask[]): Promise<number[]> {
      const slot = (listId: number | null | undefined, position: string) => `${listId ?? ''}:${position}`;
      const index = new Map(tasks.map((task, i) => [slot(task.values.list_id, task.values.position), i]));
      if (index.size !== tasks.length) throw new Error('insertMany: two tasks share a list and a position');
      const rows = tasks.map(({ values, labels }) => ({
        ...values,
        search_key: searchKey(values.title, values.description, storedLabelNames(labels)),
      }));
      const ids: number[] = new Array(tasks.length);
      const columns = Object.keys(rows[0] ?? {}).length;
      for (const batch of inBatches(rows, columns)) {
        const inserted = await db.insertInto('todos').values(batch).returning(['id', 'list_id', 'position']).execute();
        for (const row of inserted) ids[index.get(slot(row.list_id, row.position)) as number] = row.id;
      }
      await insertTaskLabels(
        db,
        tasks.map((task, i) => ({ todoId: ids[i] as number, ownerId: task.values.user_id, names: task.labels })),
      );
      return ids;
    },

    async update(ids: number[], patch: Updateable<TodosTable>): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('todos')
        .set({ ...patch, updated_at: isoNow() })
        .where('id', 'in', ids)
        .execute();
    },

    async rows(ids: number[]): Promise<TodoRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('todos').selectAll().where('id', 'in', ids).execute();
    },

    async row(id: number): Promise<TodoRow> {
      return db.selectFrom('todos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** Deletes the completed tasks of an owner, of one list of theirs or (null) their Inbox; how many. */
    async removeCompleted(ownerId: number, listId: number | null | undefined): Promise<number> {
      let query = db.deleteFrom('todos').where('user_id', '=', ownerId).where('completed', '=', 1);
      if (listId !== undefined) query = query.where('list_id', listId === null ? 'is' : '=', listId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async remove(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('todos').where('id', 'in', ids).execute();
    },

    /**
     * Puts tasks in a list (null: the owner's Inbox). The tasks, and the rows hanging off them,
     * then belong to that list's owner.
     */
    async moveTo(ids: number[], listId: number | null, ownerId: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('todos')
        .set({ list_id: listId, user_id: ownerId, updated_at: isoNow() })
        .where('id', 'in', ids)
        .execute();
      for (const table of ['todo_task_labels', 'todo_checklist_items', 'todo_completions'] as const) {
        await db.updateTable(table).set({ user_id: ownerId }).where('todo_id', 'in', ids).execute();
      }
    },

    async logCompletion(todoId: number, ownerId: number, completedAt: string, dueDate: string | null) {
      await db
        .insertInto('todo_completions')
        .values({ todo_id: todoId, user_id: ownerId, completed_at: completedAt, due_date: dueDate })
        .execute();
    },

    async labelsOf(todoId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('todo_task_labels')
        .select('name')
        .where('todo_id', '=', todoId)
        .orderBy('name_key')
        .execute();
      return rows.map((r) => r.name);
    },

    async removeLabel(ids: number[], name: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .deleteFrom('todo_task_labels')
        .where('todo_id', 'in', ids)
        .where('name_key', '=', labelKey(name))
        .execute();
    },

    async checklistCount(todoId: number): Promise<number> {
      const { n } = await db
        .selectFrom('todo_checklist_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('todo_id', '=', todoId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    checklistSequence(todoId: number): Promise<Placed[]> {
      return db
        .selectFrom('todo_checklist_items')
        .select(['id', 'position'])
        .where('todo_id', '=', todoId)
        .orderBy(sql`position`)
        .orderBy('id')
        .execute();
    },

    async insertChecklistItem(todoId: number, ownerId: number, title: string): Promise<number> {
      const row = await db
        .insertInto('todo_checklist_items')
        .values({ todo_id: todoId, user_id: ownerId, title, done: 0, position: 'a0' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async checklistItem(todoId: number, itemId: number) {
      return db
        .selectFrom('todo_checklist_items')
        .select(['id', 'title', 'done'])
        .where('todo_id', '=', todoId)
        .where('id', '=', itemId)
        .executeTakeFirst();
    },

    async updateChecklistItem(itemId: number, patch: { title?: string; done?: number }): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db.updateTable('todo_checklist_items').set(patch).where('id', '=', itemId).execute();
    },

    writeChecklistPositions: (updates: Placed[]) => writePositions(db, 'todo_checklist_items', updates),

    async removeChecklistItem(todoId: number, itemId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('todo_checklist_items')
        .where('todo_id', '=', todoId)
        .where('id', '=', itemId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async touch(todoId: number): Promise<void> {
      await db.updateTable('todos').set({ updated_at: isoNow() }).where('id', '=', todoId).execute();
    },
  };
}

/** Tasks, their checklists and labels on them (docs/api.md#to-do-lists-sharing-and-tasks). */
export const tasksRepository = (handle: DatabaseHandle) => withTransactions(handle, taskQueries);
export type TasksRepository = ReturnType<typeof tasksRepository>;
export type TaskQueries = ReturnType<typeof taskQueries>;
