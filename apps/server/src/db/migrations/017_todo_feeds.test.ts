import type { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseAt, testDatabaseKinds } from '../../test/test-databases.js';
import type { DatabaseHandle } from '../database.js';

/** 017: one feed digest per user, unique, gone with the user; and it goes back down cleanly. */
describe.each(testDatabaseKinds)('migration 017 (to-do feeds) on %s', (kind) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let migrator: Migrator;

  beforeAll(async () => {
    ({ handle, migrator, drop: cleanup } = await createTestDatabaseAt(kind, '017_todo_feeds'));
  });
  afterAll(() => cleanup());

  // On PostgreSQL, the tables of this test's schema only (db/schema-introspector.ts).
  const tables = async () => (await handle.db.introspection.getTables()).map((t) => t.name);

  it('keeps one digest per user, each digest once, and drops them with the user', async () => {
    const now = '2026-03-04T12:00:00.000Z';
    const [ann, ben] = (
      await handle.db
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
        .execute()
    ).map((u) => u.id) as [number, number];
    const feed = (user_id: number, token_hash: string) =>
      handle.db.insertInto('todo_feeds').values({ user_id, token_hash, created_at: now }).execute();
    await feed(ann, 'a'.repeat(64));
    await expect(feed(ann, 'b'.repeat(64))).rejects.toThrow();
    await expect(feed(ben, 'a'.repeat(64))).rejects.toThrow();
    await feed(ben, 'c'.repeat(64));
    await handle.db.deleteFrom('users').where('id', '=', ann).execute();
    expect(await handle.db.selectFrom('todo_feeds').select('user_id').execute()).toEqual([{ user_id: ben }]);
  });

  it('goes down and up again', async () => {
    expect(await tables()).toContain('todo_feeds');
    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    expect(await tables()).not.toContain('todo_feeds');
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await tables()).toContain('todo_feeds');
  });
});
