import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../test/test-databases.js';
import { healthRepository } from './health.repository.js';

/** As many transactions as the pool has connections (Kysely's one for SQLite, pg's ten), held open. */
const POOLED_CONNECTIONS = { sqlite: 1, postgres: 10 };

describe.each(testDatabaseKinds)('the health ping on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('answers while every pooled connection is held, and a query for the pool waits meanwhile', async () => {
    const { db } = database.handle;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = 0;
    let allHeld = () => {};
    const held = new Promise<void>((resolve) => {
      allHeld = resolve;
    });
    const holders = Array.from({ length: POOLED_CONNECTIONS[kind] }, () =>
      db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').execute();
        if (++holding === POOLED_CONNECTIONS[kind]) allHeld();
        await released;
      }),
    );
    await held;
    let pooledAnswered = false;
    const pooled = db
      .selectFrom('users')
      .select('id')
      .execute()
      .then(() => {
        pooledAnswered = true;
      });

    await healthRepository(database.handle).ping();
    expect(pooledAnswered).toBe(false);

    release();
    await Promise.all([...holders, pooled]);
    expect(pooledAnswered).toBe(true);
  });
});
