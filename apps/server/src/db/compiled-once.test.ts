import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../test/test-databases.js';
import { compiledOnce, param } from './compiled-once.js';

describe.each(testDatabaseKinds)('a query compiled once, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const now = new Date().toISOString();
    await database.handle.db
      .insertInto('users')
      .values(
        ['ada', 'bo', 'cy'].map((username, i) => ({
          username,
          email: `${username}@example.com`,
          password_hash: 'x',
          created_at: now,
          is_admin: i === 2 ? 1 : 0,
        })),
      )
      .execute();
  });
  afterAll(() => database.drop());

  it('binds values by name, a name used twice included, and keeps the constants it was built with', async () => {
    const { db } = database.handle;
    const query = compiledOnce(
      db,
      db
        .selectFrom('users')
        .select('username')
        .where((eb) => eb.or([eb('username', '=', param<string>('name')), eb('email', 'like', param<string>('name'))]))
        .where('is_admin', '=', 0)
        // A constant that looks like a name in brackets is a constant.
        .where('username', '!=', '<name>')
        .orderBy('username'),
    );
    expect(await query({ name: 'ada' })).toEqual([{ username: 'ada' }]);
    expect(await query({ name: '%@example.com' })).toEqual([{ username: 'ada' }, { username: 'bo' }]);
  });

  it('refuses to run without a value for a named parameter', async () => {
    const { db } = database.handle;
    const query = compiledOnce(db, db.selectFrom('users').select('id').where('username', '=', param<string>('name')));
    await expect(query({})).rejects.toThrow('no value for name');
  });
});
