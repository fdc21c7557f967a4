import type { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseAt, testDatabaseKinds } from '../../test/test-databases.js';
import type { DatabaseHandle } from '../database.js';

/** 020: existing projects get a unique slug from their title, their tags, today's order, and are published. */
describe.each(testDatabaseKinds)('migration 020 (project pages) on %s', (kind) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let migrator: Migrator;

  beforeAll(async () => {
    ({ handle, migrator, drop: cleanup } = await createTestDatabaseAt(kind, '018_todo_search'));
  });
  afterAll(() => cleanup());

  it('fills the new columns of existing projects, and goes back down', async () => {
    const now = '2026-03-04T12:00:00.000Z';
    const row = (title: string, technology: string) => ({
      title,
      description: '',
      technology,
      backend_features: '',
      frontend_features: '',
      image_id: null,
      created_at: now,
      updated_at: now,
    });
    const db = handle.db as unknown as import('kysely').Kysely<{ portfolio_projects: Record<string, unknown> }>;
    await db
      .insertInto('portfolio_projects')
      .values([row('Café Map', 'React, Fastify, , GeoNames, React'), row('Café map!', ''), row('***', 'Go')])
      .execute();
    const { error } = await migrator.migrateTo('020_project_pages');
    if (error) throw error;
    const rows = await handle.db
      .selectFrom('portfolio_projects')
      .select(['title', 'slug', 'tags', 'status', 'position', 'featured', 'links'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      // Newest first, as the list was: the last one gets position 0.
      {
        title: 'Café Map',
        slug: 'cafe-map-2',
        tags: '["React","Fastify","GeoNames"]',
        status: 'published',
        position: 2,
        featured: 0,
        links: '{}',
      },
      { title: 'Café map!', slug: 'cafe-map', tags: '[]', status: 'published', position: 1, featured: 0, links: '{}' },
      { title: '***', slug: 'project', tags: '["Go"]', status: 'published', position: 0, featured: 0, links: '{}' },
    ]);
    const down = await migrator.migrateTo('018_todo_search');
    expect(down.error).toBeUndefined();
    const columns = (await handle.db.introspection.getTables()).find((t) => t.name === 'portfolio_projects')?.columns;
    expect(columns?.map((c) => c.name)).not.toContain('slug');
  });
});
