import type { Kysely, Migrator } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseAt, testDatabaseKinds } from '../../test/test-databases.js';
import type { DatabaseHandle } from '../database.js';

/** 022: each project's one image becomes its gallery's first, bytes and all; down puts it back. */
describe.each(testDatabaseKinds)('migration 022 (project images) on %s', (kind) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let migrator: Migrator;

  beforeAll(async () => {
    ({ handle, migrator, drop: cleanup } = await createTestDatabaseAt(kind, '021_contact_messages'));
  });
  afterAll(() => cleanup());

  it('moves each cover into the gallery, drops the old table and column, and goes back down', async () => {
    const now = '2026-03-04T12:00:00.000Z';
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c84' } })
      .webp()
      .toBuffer();
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const file = await db
      .insertInto('portfolio_images')
      .values({ content_type: 'image/webp', data: webp, etag: 'ab'.repeat(16), width: 40, height: 30, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const project = (title: string, slug: string, imageId: unknown) => ({
      title,
      description: '',
      technology: '',
      backend_features: '',
      frontend_features: '',
      image_id: imageId,
      created_at: now,
      updated_at: now,
      slug,
    });
    await db
      .insertInto('portfolio_projects')
      .values([project('With image', 'with-image', file.id), project('Without', 'without', null)])
      .execute();

    const { error } = await migrator.migrateTo('022_project_images');
    if (error) throw error;
    const images = await handle.db
      .selectFrom('portfolio_project_images as i')
      .innerJoin('portfolio_projects as p', 'p.id', 'i.project_id')
      .select(['p.slug', 'i.position', 'i.alt', 'i.width', 'i.height', 'i.variants', 'i.version', 'i.focal_x'])
      .execute();
    expect(images).toEqual([
      {
        slug: 'with-image',
        position: 0,
        alt: 'Screenshot of With image',
        width: 40,
        height: 30,
        variants: '{"avif":[],"webp":[40]}',
        version: 'ab'.repeat(16),
        focal_x: 0.5,
      },
    ]);
    const files = await handle.db.selectFrom('portfolio_image_files').select(['format', 'width', 'data']).execute();
    expect(files.map((f) => ({ ...f, data: Buffer.from(f.data).equals(webp) }))).toEqual([
      { format: 'webp', width: 40, data: true },
    ]);
    const tables = await handle.db.introspection.getTables();
    expect(tables.map((t) => t.name)).not.toContain('portfolio_images');
    expect(tables.find((t) => t.name === 'portfolio_projects')?.columns.map((c) => c.name)).not.toContain('image_id');

    const down = await migrator.migrateTo('021_contact_messages');
    expect(down.error).toBeUndefined();
    const back = await db
      .selectFrom('portfolio_projects as p')
      .leftJoin('portfolio_images as i', 'i.id', 'p.image_id')
      .select(['p.slug', 'i.etag', 'i.width', 'i.data'])
      .orderBy('p.slug')
      .execute();
    expect(back.map((r) => ({ ...r, data: r.data ? Buffer.from(r.data as Buffer).equals(webp) : null }))).toEqual([
      { slug: 'with-image', etag: 'ab'.repeat(16), width: 40, data: true },
      { slug: 'without', etag: null, width: null, data: null },
    ]);
    expect((await handle.db.introspection.getTables()).map((t) => t.name)).not.toContain('portfolio_project_images');
  });
});
