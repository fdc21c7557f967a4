import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { type DatabaseHandle, openDatabase } from '../database.js';
import { migrations } from './index.js';

/** 017: one feed digest per user, unique, gone with the user; and it goes back down cleanly. */
describe.each(testDatabaseKinds)('migration 017 (to-do feeds) on %s', (kind) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let migrator: Migrator;
  let pgSchema: string | undefined;

  beforeAll(async () => {
    if (kind === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-017-'));
      handle = openDatabase({ sqliteFile: path.join(dir, 'test.sqlite') });
      cleanup = async () => {
        await handle.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      };
    } else {
      const url = process.env.TEST_DATABASE_URL as string;
      const schema = `test_017_${randomBytes(4).toString('hex')}`;
      pgSchema = schema;
      handle = openDatabase({ databaseUrl: url, pgSchema: schema });
      await handle.db.schema.createSchema(schema).execute();
      cleanup = async () => {
        await handle.destroy();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      };
    }
    migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => migrations(handle.dialect) },
      ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
    });
    const { error } = await migrator.migrateTo('017_todo_feeds');
    if (error) throw error;
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
