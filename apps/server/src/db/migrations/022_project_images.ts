import { type Generated, type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

type Db022 = Kysely<{
  portfolio_projects: { id: number; title: string; image_id: number | null };
  portfolio_images: {
    id: Generated<number>;
    content_type: string;
    data: Buffer;
    etag: string;
    width: number;
    height: number;
    created_at: string;
  };
  portfolio_project_images: {
    id: Generated<number>;
    project_id: number;
    position: number;
    alt: string;
    caption: string;
    focal_x: number;
    focal_y: number;
    width: number;
    height: number;
    placeholder: string;
    variants: string;
    version: string;
    created_at: string;
  };
  portfolio_image_files: { image_id: number; format: string; width: number; height: number; data: Buffer };
}>;

/**
 * A gallery per project (docs/api.md#project-images): images with alt text, caption, focal point
 * and order, each stored as AVIF and WebP in several widths (`portfolio_image_files`, read one file
 * at a time; a list reads only `portfolio_project_images`). Both go with their project.
 *
 * The single image of before becomes each project's first gallery image (its cover), as the one
 * WebP it was, alt text "Screenshot of <title>" (as the site showed it); `portfolio_projects.image_id` and `portfolio_images`
 * go (docs/decisions.md#project-images-a-gallery-in-several-widths). The bytes are copied by the
 * database, not through the server.
 */
export function up022(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    const real = dialect === 'postgres' ? 'double precision' : 'real';
    await withIdColumn(db.schema.createTable('portfolio_project_images'), dialect)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('portfolio_projects.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('alt', 'varchar(300)', (c) => c.notNull())
      .addColumn('caption', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('focal_x', real, (c) => c.notNull().defaultTo(0.5))
      .addColumn('focal_y', real, (c) => c.notNull().defaultTo(0.5))
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('placeholder', 'text', (c) => c.notNull().defaultTo(''))
      // JSON: the widths stored per format, e.g. {"avif":[480,800],"webp":[480,800]}.
      .addColumn('variants', 'text', (c) => c.notNull())
      .addColumn('version', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('portfolio_project_images_order')
      .on('portfolio_project_images')
      .columns(['project_id', 'position'])
      .execute();
    await db.schema
      .createTable('portfolio_image_files')
      .addColumn('image_id', 'integer', (c) =>
        c.notNull().references('portfolio_project_images.id').onDelete('cascade'),
      )
      .addColumn('format', 'varchar(8)', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addPrimaryKeyConstraint('portfolio_image_files_pk', ['image_id', 'format', 'width'])
      .execute();

    const d = db as Db022;
    const covers = await d
      .selectFrom('portfolio_projects as p')
      .innerJoin('portfolio_images as i', 'i.id', 'p.image_id')
      .select(['p.id as project_id', 'p.title', 'i.id as file_id', 'i.etag', 'i.width', 'i.height', 'i.created_at'])
      .orderBy('p.id')
      .execute();
    for (const cover of covers) {
      const image = await d
        .insertInto('portfolio_project_images')
        .values({
          project_id: cover.project_id,
          position: 0,
          alt: `Screenshot of ${cover.title}`.slice(0, 300),
          caption: '',
          focal_x: 0.5,
          focal_y: 0.5,
          width: cover.width,
          height: cover.height,
          placeholder: '',
          variants: JSON.stringify({ avif: [], webp: [cover.width] }),
          version: cover.etag,
          created_at: cover.created_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await d
        .insertInto('portfolio_image_files')
        .columns(['image_id', 'format', 'width', 'height', 'data'])
        .expression((eb) =>
          eb
            .selectFrom('portfolio_images')
            .select([sql.lit(image.id).as('image_id'), sql.lit('webp').as('format'), 'width', 'height', 'data'])
            .where('id', '=', cover.file_id),
        )
        .execute();
    }
    await db.schema.alterTable('portfolio_projects').dropColumn('image_id').execute();
    await db.schema.dropTable('portfolio_images').execute();
  };
}

/** Back to one image per project: the first gallery image's largest WebP; the rest are dropped. */
export function down022(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await withIdColumn(db.schema.createTable('portfolio_images'), dialect)
      .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('etag', 'varchar(64)', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .alterTable('portfolio_projects')
      .addColumn('image_id', 'integer', (c) => c.references('portfolio_images.id').onDelete('set null'))
      .execute();
    const d = db as Db022;
    const images = await d
      .selectFrom('portfolio_project_images')
      .select(['id', 'project_id', 'position', 'version', 'created_at'])
      .orderBy('project_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
    const done = new Set<number>();
    for (const image of images) {
      if (done.has(image.project_id)) continue;
      const largest = await d
        .selectFrom('portfolio_image_files')
        .select('width')
        .where('image_id', '=', image.id)
        .where('format', '=', 'webp')
        .orderBy('width', 'desc')
        .executeTakeFirst();
      if (!largest) continue;
      done.add(image.project_id);
      const file = await d
        .insertInto('portfolio_images')
        .columns(['content_type', 'data', 'etag', 'width', 'height', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('portfolio_image_files')
            .select([
              sql.lit('image/webp').as('content_type'),
              'data',
              sql.lit(image.version.replace(/[^0-9a-f]/g, '')).as('etag'),
              'width',
              'height',
              sql.lit(image.created_at.replace(/[^0-9TZ:.-]/g, '')).as('created_at'),
            ])
            .where('image_id', '=', image.id)
            .where('format', '=', 'webp')
            .where('width', '=', largest.width),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      await d.updateTable('portfolio_projects').set({ image_id: file.id }).where('id', '=', image.project_id).execute();
    }
    await db.schema.dropTable('portfolio_image_files').execute();
    await db.schema.dropTable('portfolio_project_images').execute();
  };
}
