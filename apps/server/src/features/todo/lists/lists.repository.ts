import type { TodoList, TodoListMember, TodoMemberRole } from '@site/contract';
import { sql } from 'kysely';
import { isoNow } from '../../../core/time.js';
import type { DatabaseHandle } from '../../../db/database.js';
import type { TodoListsTable } from '../../../db/schema.js';
import { type Db, listAccess, withTransactions, writePositions } from '../todo-core.repository.js';
import type { Placed } from '../todo-keys.js';

/** Open tasks per list, counted over the lists the user owns or is a member of only. */
const openCounts = (db: Db, userId: number) =>
  db
    .selectFrom('todos')
    .select((eb) => [eb.ref('todos.list_id').as('list_id'), eb.fn.countAll<number>().as('n')])
    .where('todos.completed', '=', 0)
    .where((eb) =>
      eb.or([
        eb.and([eb('todos.user_id', '=', userId), eb('todos.list_id', 'is not', null)]),
        eb('todos.list_id', 'in', eb.selectFrom('todo_list_members').select('list_id').where('user_id', '=', userId)),
      ]),
    )
    .groupBy('todos.list_id');

function listQueries(db: Db) {
  return {
    access: (userId: number, listId: number) => listAccess(db, userId, listId),

    /** My lists in my order, then the lists shared with me by name; and my Inbox's open count. */
    async overview(userId: number): Promise<{ inboxOpen: number; lists: TodoList[] }> {
      const rows = await db
        .selectFrom('todo_lists as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .leftJoin('todo_list_members as m', (join) => join.onRef('m.list_id', '=', 'l.id').on('m.user_id', '=', userId))
        .leftJoin(openCounts(db, userId).as('c'), 'c.list_id', 'l.id')
        .select([
          'l.id',
          'l.name',
          'l.colour',
          'l.position',
          'l.archived_at',
          'l.user_id',
          'u.username',
          'm.role',
          'c.n as open_count',
        ])
        // Each side through its own index (the owner's lists, the memberships), not a read of every list.
        .where((eb) =>
          eb.or([
            eb('l.user_id', '=', userId),
            eb('l.id', 'in', eb.selectFrom('todo_list_members').select('list_id').where('user_id', '=', userId)),
          ]),
        )
        .execute();
      const lists = rows.map(
        (r): TodoList => ({
          id: r.id,
          name: r.name,
          colour: r.colour as TodoList['colour'],
          position: r.position,
          archived: r.archived_at !== null,
          role: r.user_id === userId ? 'owner' : (r.role ?? 'viewer'),
          owner: { id: r.user_id, username: r.username },
          open_count: Number(r.open_count ?? 0),
        }),
      );
      lists.sort((a, b) => {
        const mine = Number(b.role === 'owner') - Number(a.role === 'owner');
        if (mine !== 0) return mine;
        if (a.role === 'owner') return a.position < b.position ? -1 : a.position > b.position ? 1 : b.id - a.id;
        return a.name.localeCompare(b.name) || a.id - b.id;
      });
      const inbox = await db
        .selectFrom('todos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('list_id', 'is', null)
        .where('completed', '=', 0)
        .executeTakeFirstOrThrow();
      return { inboxOpen: Number(inbox.n), lists };
    },

    async countOwned(userId: number): Promise<number> {
      const { n } = await db
        .selectFrom('todo_lists')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** The owner's lists in order (for placing one). */
    sequence(userId: number): Promise<Placed[]> {
      return db
        .selectFrom('todo_lists')
        .select(['id', 'position'])
        .where('user_id', '=', userId)
        .orderBy(sql`position`)
        .orderBy('id', 'desc')
        .execute();
    },

    async insert(userId: number, values: { name: string; colour: string; position: string }): Promise<number> {
      const now = isoNow();
      const row = await db
        .insertInto('todo_lists')
        .values({ user_id: userId, ...values, archived_at: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(
      listId: number,
      patch: Partial<Pick<TodoListsTable, 'name' | 'colour' | 'archived_at'>>,
    ): Promise<void> {
      await db
        .updateTable('todo_lists')
        .set({ ...patch, updated_at: isoNow() })
        .where('id', '=', listId)
        .execute();
    },

    writePositions: (updates: Placed[]) => writePositions(db, 'todo_lists', updates),

    async remove(listId: number): Promise<void> {
      await db.deleteFrom('todo_lists').where('id', '=', listId).execute();
    },

    async owner(listId: number): Promise<{ id: number; username: string }> {
      return db
        .selectFrom('todo_lists as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select(['u.id', 'u.username'])
        .where('l.id', '=', listId)
        .executeTakeFirstOrThrow();
    },

    async members(listId: number): Promise<TodoListMember[]> {
      const rows = await db
        .selectFrom('todo_list_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id', 'u.username', 'm.role', 'm.created_at'])
        .where('m.list_id', '=', listId)
        .orderBy('m.created_at')
        .orderBy('u.id')
        .execute();
      return rows.map((r) => ({ id: r.id, username: r.username, role: r.role, added_at: r.created_at }));
    },

    async userByUsername(username: string): Promise<{ id: number } | undefined> {
      return db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    /** Adds the member, or changes their role; 'full' when a new member would pass `max`. */
    async putMember(listId: number, userId: number, role: TodoMemberRole, max: number): Promise<'ok' | 'full'> {
      const existing = await db
        .selectFrom('todo_list_members')
        .select('role')
        .where('list_id', '=', listId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (existing) {
        await db
          .updateTable('todo_list_members')
          .set({ role })
          .where('list_id', '=', listId)
          .where('user_id', '=', userId)
          .execute();
        return 'ok';
      }
      const { n } = await db
        .selectFrom('todo_list_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('list_id', '=', listId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return 'full';
      await db
        .insertInto('todo_list_members')
        .values({ list_id: listId, user_id: userId, role, created_at: isoNow() })
        .execute();
      return 'ok';
    },

    async removeMember(listId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('todo_list_members')
        .where('list_id', '=', listId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

/** To-do lists and their members (docs/api.md#to-do-lists-sharing-and-tasks). */
export const listsRepository = (handle: DatabaseHandle) => withTransactions(handle, listQueries);
export type ListsRepository = ReturnType<typeof listsRepository>;
export type ListQueries = ReturnType<typeof listQueries>;
