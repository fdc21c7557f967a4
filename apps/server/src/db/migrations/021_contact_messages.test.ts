import type { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseAt, testDatabaseKinds } from '../../test/test-databases.js';
import type { DatabaseHandle } from '../database.js';
import { CONTACT_FORM_KEY } from './021_contact_messages.js';

/** 021: the contact messages and the form's signing key; and it goes back down cleanly. */
describe.each(testDatabaseKinds)('migration 021 (contact messages) on %s', (kind) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let migrator: Migrator;

  beforeAll(async () => {
    ({ handle, migrator, drop: cleanup } = await createTestDatabaseAt(kind, '021_contact_messages'));
  });
  afterAll(() => cleanup());

  const tables = async () => (await handle.db.introspection.getTables()).map((t) => t.name);
  const key = async () =>
    (await handle.db.selectFrom('site_settings').select('value').where('key', '=', CONTACT_FORM_KEY).executeTakeFirst())
      ?.value;

  it('stores a random signing key and messages that start unread', async () => {
    expect(await key()).toMatch(/^[\w-]{43}$/);
    await handle.db
      .insertInto('contact_messages')
      .values({ name: 'Ada', email: 'ada@example.com', message: 'Hello', created_at: '2026-11-29T00:00:00.000Z' })
      .execute();
    expect(await handle.db.selectFrom('contact_messages').select(['name', 'read_at']).execute()).toEqual([
      { name: 'Ada', read_at: null },
    ]);
  });

  it('goes back down: no table, no key', async () => {
    const { error } = await migrator.migrateDown();
    if (error) throw error;
    expect(await tables()).not.toContain('contact_messages');
    expect(await key()).toBeUndefined();
  });
});
