import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../test-databases.js';
import { changeCounter, diffRowSets, rowSnapshotter } from './fuzz-snapshot.js';

describe.each(testDatabaseKinds)('the fuzzer’s change check on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it('sees nothing when nothing changed, and names the table of a changed, added or removed row', async () => {
    const { db } = database.handle;
    const snapshot = await rowSnapshotter(database.handle);
    const now = new Date().toISOString();
    await sql`insert into users (username, email, password_hash, created_at) values ('ada', 'ada@example.com', 'x', ${now})`.execute(
      db,
    );
    const start = await snapshot();
    expect(diffRowSets(start, await snapshot())).toEqual([]);

    await sql`update users set email = 'ada@example.org' where username = 'ada'`.execute(db);
    const changed = await snapshot();
    expect(diffRowSets(start, changed)).toEqual([expect.stringMatching(/^users: /)]);

    // A session's use, recorded for a refused request too, is not a change the request made.
    await sql`update users set last_seen_at = ${now} where username = 'ada'`.execute(db);
    expect(diffRowSets(changed, await snapshot())).toEqual([]);

    // The user's row goes, and with it (a cascade) their to-do version counter.
    await sql`delete from users where username = 'ada'`.execute(db);
    const tables = diffRowSets(changed, await snapshot()).map((change) => change.split(':')[0]);
    expect(tables.sort()).toEqual(['todo_versions', 'users']);
  });

  it('counts a write, and nothing for a read or an update that matches no row', async () => {
    const { db } = database.handle;
    const changes = await changeCounter(database.handle);
    const start = await changes();
    await sql`select * from users`.execute(db);
    await sql`update users set email = 'x' where username = 'nobody'`.execute(db);
    expect(await changes()).toBe(start);
    const now = new Date().toISOString();
    await sql`insert into users (username, email, password_hash, created_at) values ('bo', 'bo@example.com', 'x', ${now})`.execute(
      db,
    );
    const added = await changes();
    expect(added).toBeGreaterThan(start);
    await sql`delete from users where username = 'bo'`.execute(db);
    expect(await changes()).toBeGreaterThan(added);
  });
});
