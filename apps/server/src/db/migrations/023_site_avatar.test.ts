import type { Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseAt, testDatabaseKinds } from '../../test/test-databases.js';
import type { DatabaseHandle } from '../database.js';

/** 023: the owner's photo, one row per stored width; down drops it and leaves the profile as it was. */
describe.each(testDatabaseKinds)('migration 023 (site avatar) on %s', (kind) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let migrator: Migrator;

  beforeAll(async () => {
    ({ handle, migrator, drop: cleanup } = await createTestDatabaseAt(kind, '022_project_images'));
  });
  afterAll(() => cleanup());

  it('adds the avatar files table, keyed by width, and goes back down', async () => {
    const { error } = await migrator.migrateTo('023_site_avatar');
    if (error) throw error;
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const row = {
      data: Buffer.from('RIFF....WEBP'),
      version: 'ab'.repeat(16),
      uploaded_at: '2026-03-04T12:00:00.000Z',
    };
    await db
      .insertInto('site_avatar_files')
      .values([
        { width: 96, ...row },
        { width: 192, ...row },
      ])
      .execute();
    // One file per width.
    await expect(
      db
        .insertInto('site_avatar_files')
        .values({ width: 96, ...row })
        .execute(),
    ).rejects.toThrow();
    const stored = await db.selectFrom('site_avatar_files').select(['width', 'data']).orderBy('width').execute();
    expect(stored.map((r) => ({ width: r.width, data: Buffer.from(r.data as Buffer).equals(row.data) }))).toEqual([
      { width: 96, data: true },
      { width: 192, data: true },
    ]);

    const down = await migrator.migrateTo('022_project_images');
    expect(down.error).toBeUndefined();
    const tables = (await handle.db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('site_avatar_files');
    expect(tables).toContain('site_profile');
  });
});
