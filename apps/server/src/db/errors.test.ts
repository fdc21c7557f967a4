import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../test/test-databases.js';
import { isDeadlock, retryOnDeadlock } from './errors.js';

/** A promise and the function that resolves it. */
function signal() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * A real deadlock: two transactions on two connections each update one user's row, wait until the
 * other holds its row, then update the other's. PostgreSQL rolls one back with 40P01.
 */
describe.runIf(testDatabaseKinds.includes('postgres'))('deadlocks on postgres', () => {
  let database: TestDatabase;
  let ids: [number, number];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const rows = await database.handle.db
      .insertInto('users')
      .values(
        ['deadlock-a', 'deadlock-b'].map((username) => ({
          username,
          email: `${username}@example.com`,
          password_hash: 'x',
          is_admin: 0,
          created_at: new Date().toISOString(),
        })),
      )
      .returning('id')
      .execute();
    ids = [rows[0]?.id ?? 0, rows[1]?.id ?? 0];
  });
  afterAll(() => database.drop());

  /** Two transactions that lock the rows in opposite orders; `wrap` runs each. Counts the runs. */
  async function crossedUpdates(wrap: (transaction: () => Promise<void>) => Promise<void>) {
    const holds = [signal(), signal()];
    let runs = 0;
    const crossed = (i: 0 | 1) =>
      wrap(() =>
        database.handle.db.transaction().execute(async (trx) => {
          runs++;
          const [mine, theirs] = i === 0 ? ids : [ids[1], ids[0]];
          await trx
            .updateTable('users')
            .set({ password_hash: `run ${runs}` })
            .where('id', '=', mine)
            .execute();
          holds[i]?.resolve();
          await holds[1 - i]?.promise;
          await trx
            .updateTable('users')
            .set({ password_hash: `run ${runs}` })
            .where('id', '=', theirs)
            .execute();
        }),
      );
    const results = await Promise.allSettled([crossed(0), crossed(1)]);
    return { results, runs };
  }

  it('rolls one of the two back with 40P01 when nothing retries', async () => {
    const { results, runs } = await crossedUpdates((transaction) => transaction());
    expect(runs).toBe(2);
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(failed).toHaveLength(1);
    expect(isDeadlock(failed[0])).toBe(true);
  });

  it('runs the victim again, so both commit', async () => {
    const { results, runs } = await crossedUpdates((transaction) => retryOnDeadlock(transaction));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs).toBeGreaterThanOrEqual(3);
  });
});
