import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseAt, testDatabaseKinds } from '../../test/test-databases.js';
import type { DatabaseHandle } from '../database.js';

/**
 * 016 on a database with to-dos made before it: they become Inbox tasks in the order the seed's
 * list showed them (newest first), searchable, completed ones with a completion time.
 */
describe.each(testDatabaseKinds)('migration 016 (to-do lists) on %s', (kind) => {
  let handle: DatabaseHandle;
  let migrator: Migrator;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabaseAt(kind, '015_wallet_corporate_actions');
    ({ handle, migrator } = database);
    cleanup = database.drop;
  });
  afterAll(() => cleanup());

  it('makes the existing to-dos Inbox tasks, newest first, searchable', async () => {
    const now = '2025-01-02T03:04:05.000Z';
    const users = await handle.db
      .insertInto('users')
      .values(
        ['ann', 'ben'].map((name) => ({
          username: name,
          email: `${name}@example.com`,
          password_hash: 'x',
          is_admin: 0,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    const [ann, ben] = users.map((u) => u.id) as [number, number];
    // Only the columns 015 has.
    await sql`insert into todos (user_id, title, description, completed, created_at, updated_at) values
      (${ann}, 'First', 'About First', 0, ${now}, ${now}),
      (${ann}, 'Second', 'About Second', 1, ${now}, ${now}),
      (${ben}, 'Bens', 'About Bens', 0, ${now}, ${now}),
      (${ann}, 'Third ÉTÉ', 'About Third', 0, ${now}, ${now})`.execute(handle.db);

    // 016 itself: 018 rewrites the search text again.
    const { error } = await migrator.migrateTo('016_todo_lists');
    expect(error).toBeUndefined();

    const rows = await handle.db
      .selectFrom('todos')
      .select(['title', 'user_id', 'list_id', 'position', 'search_key', 'completed_at', 'priority'])
      .orderBy('user_id')
      .orderBy(sql`position`)
      .execute();
    expect(rows.filter((r) => r.user_id === ann).map((r) => r.title)).toEqual(['Third ÉTÉ', 'Second', 'First']);
    expect(rows.every((r) => r.list_id === null && r.priority === 4)).toBe(true);
    expect(rows.find((r) => r.title === 'Third ÉTÉ')?.search_key).toBe('third été\nabout third');
    expect(rows.find((r) => r.title === 'Second')?.completed_at).toBe(now);
    expect(rows.find((r) => r.title === 'First')?.completed_at).toBeNull();
    expect(rows.filter((r) => r.user_id === ben)).toHaveLength(1);
  });
});
