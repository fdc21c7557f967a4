import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * A page per portfolio project (docs/api.md#portfolio): its slug and former slugs (which redirect),
 * summary, Markdown body, role, period, links (JSON), featured flag, manual order, draft/published,
 * and tags (a JSON list). Existing projects get a slug from their title, are published, and keep
 * today's newest-first order; their tags come from the comma field.
 */
export function up020(_dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    const text = (name: string, type: 'text' | `varchar(${number})`, empty = "''") => ({ name, type, empty });
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    for (const column of [
      text('slug', 'varchar(80)'),
      text('summary', 'text'),
      text('body', 'text'),
      text('role', 'varchar(120)'),
      text('period_start', 'varchar(7)'),
      text('period_end', 'varchar(7)'),
      text('links', 'text', "'{}'"),
      text('status', 'varchar(16)', "'published'"),
      text('tags', 'text', "'[]'"),
    ]) {
      await db.schema
        .alterTable('portfolio_projects')
        .addColumn(column.name, column.type, (c) => c.notNull().defaultTo(sql.raw(column.empty)))
        .execute();
    }
    // Flags as 0/1 (db/schema.ts), and the manual order.
    for (const name of ['ongoing', 'featured', 'position']) {
      await db.schema
        .alterTable('portfolio_projects')
        .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    }

    const d = db as Kysely<{
      portfolio_projects: {
        id: number;
        title: string;
        technology: string;
        slug: string;
        position: number;
        tags: string;
      };
    }>;
    const rows = await d
      .selectFrom('portfolio_projects')
      .select(['id', 'title', 'technology'])
      .orderBy('id', 'desc')
      .execute();
    const taken = new Set<string>();
    for (const [index, row] of rows.entries()) {
      const base = slug020(row.title);
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      taken.add(slug);
      await d
        .updateTable('portfolio_projects')
        .set({ slug, position: index, tags: JSON.stringify(tags020(row.technology)) })
        .where('id', '=', row.id)
        .execute();
    }
    await db.schema.createIndex('portfolio_projects_slug').on('portfolio_projects').column('slug').unique().execute();

    // A former slug points at its project for good (301), until another project takes it.
    await db.schema
      .createTable('portfolio_slug_redirects')
      .addColumn('slug', 'varchar(80)', (c) => c.primaryKey())
      .addColumn('project_id', 'integer', (c) => c.notNull().references('portfolio_projects.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  };
}

export async function down020(db: Kysely<unknown>) {
  await db.schema.dropTable('portfolio_slug_redirects').execute();
  await db.schema.dropIndex('portfolio_projects_slug').execute();
  for (const column of [
    'tags',
    'status',
    'position',
    'featured',
    'links',
    'ongoing',
    'period_end',
    'period_start',
    'role',
    'body',
    'summary',
    'slug',
  ]) {
    await db.schema.alterTable('portfolio_projects').dropColumn(column).execute();
  }
}

/** The slug rule as it was when this migration came (contract's `slugify`), frozen here. */
export function slug020(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 76)
    .replace(/-+$/, '');
  return slug || 'project';
}

/** The comma field's tags, de-duplicated, as the contract's `tagsFromTechnology` made them then. */
function tags020(technology: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of technology.split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = tag.toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}
