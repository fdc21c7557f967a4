import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Migrator } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/database.js';

export type TestDatabaseKind = 'sqlite' | 'postgres';

/**
 * Every database-touching suite runs on SQLite, and again on PostgreSQL when TEST_DATABASE_URL
 * is set (CI sets it). Use with `describe.each(testDatabaseKinds)`.
 */
export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/**
 * Suites that test how routes map requests to services run on SQLite alone: what they exercise of
 * the database, each route's queries, runs on PostgreSQL in the authorization matrix (every route,
 * as its owner, to success), and what depends on the database (repositories, migrations, views,
 * races, limits, fuzzing, faults) stays on both (docs/testing.md#which-database).
 * TEST_ROUTES_ON_POSTGRES=1 runs these on both too.
 */
export const routeTestDatabaseKinds: TestDatabaseKind[] =
  process.env.TEST_ROUTES_ON_POSTGRES === '1' ? testDatabaseKinds : ['sqlite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** A second, independent connection to the same database, as another server instance has (close it yourself). */
  connectAgain(): DatabaseHandle;
  /** Closes the connection and removes the file or schema. */
  drop(): Promise<void>;
}

/** A fresh, migrated database: a temporary SQLite file, or a new schema on the test PostgreSQL. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  const database = openFreshDatabase(kind);
  await database.handle.migrate();
  return database;
}

/**
 * A fresh database migrated up to `migration` (its name), with its migrator: for one migration's
 * test, which writes rows as the step before left them, then migrates on.
 */
export async function createTestDatabaseAt(
  kind: TestDatabaseKind,
  migration: string,
): Promise<TestDatabase & { migrator: Migrator }> {
  const database = openFreshDatabase(kind);
  const migrator = await database.handle.migrator();
  const { error } = await migrator.migrateTo(migration);
  if (error) {
    await database.drop();
    throw error;
  }
  return { ...database, migrator };
}

function openFreshDatabase(kind: TestDatabaseKind): TestDatabase {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
    const sqliteFile = path.join(dir, 'test.sqlite');
    const handle = openDatabase({ sqliteFile });
    return {
      handle,
      connectAgain: () => openDatabase({ sqliteFile }),
      async drop() {
        await handle.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const handle = openDatabase({ databaseUrl: url, pgSchema: schema });
  return {
    handle,
    connectAgain: () => openDatabase({ databaseUrl: url, pgSchema: schema }),
    async drop() {
      await handle.destroy();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}
