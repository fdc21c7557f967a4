import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.js';

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL introspection of the own schema', () => {
  let mine: TestDatabase;
  let other: TestDatabase;

  beforeAll(async () => {
    [mine, other] = await Promise.all([createTestDatabase('postgres'), createTestDatabase('postgres')]);
  });
  afterAll(async () => {
    await Promise.all([mine?.drop(), other?.drop()]);
  });

  it("lists its own schema's tables, with their columns, and none of another schema's", async () => {
    const tables = await mine.handle.db.introspection.getTables();
    const names = tables.map((t) => t.name);
    expect(names).toContain('users');
    expect(names).toContain('kysely_migration');
    expect(new Set(tables.map((t) => t.schema)).size).toBe(1);
    // Each name once: another schema with the same tables adds none.
    expect(new Set(names).size).toBe(names.length);
    const users = tables.find((t) => t.name === 'users');
    expect(users?.columns.find((c) => c.name === 'id')).toMatchObject({ isAutoIncrementing: true, isNullable: false });
    expect(users?.columns.map((c) => c.name)).toContain('username');
  });

  it('migrates a new schema while another is dropped at the same time', async () => {
    const [fresh] = await Promise.all([createTestDatabase('postgres'), other.drop()]);
    try {
      expect((await fresh.handle.db.introspection.getSchemas()).length).toBe(1);
    } finally {
      await fresh.drop();
    }
  });
});
