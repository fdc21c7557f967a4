import {
  type PortfolioFields,
  type PortfolioForm,
  type PortfolioLinks,
  type PortfolioProject,
  slugify,
  tagsFromTechnology,
  technologyFromTags,
} from '@site/contract';
import type { Kysely, Selectable, Updateable } from 'kysely';
import { conflict } from '../../core/http-errors.js';
import { isoNow } from '../../core/time.js';
import type { DatabaseHandle } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database, PortfolioImagesTable, PortfolioProjectsTable } from '../../db/schema.js';
import type { ProcessedImage } from './image-processing.js';

type ProjectRow = Selectable<PortfolioProjectsTable> & { etag: string | null };

/** A versioned URL: a new image gets a new URL, so browsers may cache each one forever. */
export const imageUrl = (projectId: number, etag: string) => `/api/portfolio/${projectId}/image?v=${etag.slice(0, 12)}`;

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};
const NO_LINKS: PortfolioLinks = { source: '', demo: '', writeup: '' };

export const SLUG_TAKEN = 'Another project has this slug';

const toProject = (row: ProjectRow): PortfolioProject => ({
  id: row.id,
  title: row.title,
  description: row.description,
  image: row.etag ? imageUrl(row.id, row.etag) : null,
  technology: row.technology,
  backend_features: row.backend_features,
  frontend_features: row.frontend_features,
  created_at: row.created_at,
  updated_at: row.updated_at,
  slug: row.slug,
  summary: row.summary,
  body: row.body,
  role: row.role,
  period_start: row.period_start,
  period_end: row.period_end,
  ongoing: Boolean(row.ongoing),
  links: { ...NO_LINKS, ...parseJson<Partial<PortfolioLinks>>(row.links, {}) },
  featured: Boolean(row.featured),
  status: row.status === 'draft' ? 'draft' : 'published',
  position: row.position,
  tags: parseJson<string[]>(row.tags, []),
});

/**
 * The columns a form writes. The page's fields are optional: the seed's form sends none of them,
 * and an update then keeps what the project had. Tags sent rewrite the comma field; else the comma
 * field gives the tags (docs/api.md#portfolio).
 */
function columnsOf(form: PortfolioForm): PortfolioFields & Updateable<PortfolioProjectsTable> {
  const { slug: _slug, tags: sentTags, links, ongoing, featured, ...rest } = form;
  const tags = sentTags ?? tagsFromTechnology(form.technology);
  return {
    ...rest,
    technology: sentTags ? technologyFromTags(sentTags) : form.technology,
    tags: JSON.stringify(tags),
    ...(links === undefined ? {} : { links: JSON.stringify(links) }),
    ...(ongoing === undefined ? {} : { ongoing: ongoing ? 1 : 0 }),
    ...(featured === undefined ? {} : { featured: featured ? 1 : 0 }),
  };
}
/** The site setting that remembers the sample projects were added (deleting them is final). */
const SAMPLES_SEEDED_KEY = 'portfolio.samples_seeded';

export function portfolioRepository({ db }: DatabaseHandle) {
  const selectProjects = (tx: Kysely<Database>) =>
    tx
      .selectFrom('portfolio_projects as p')
      .leftJoin('portfolio_images as i', 'i.id', 'p.image_id')
      .selectAll('p')
      .select('i.etag');

  async function insertImage(tx: Kysely<Database>, image: ProcessedImage) {
    const row = await tx
      .insertInto('portfolio_images')
      .values({
        content_type: image.contentType,
        data: image.data,
        etag: image.etag,
        width: image.width,
        height: image.height,
        created_at: isoNow(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Makes `slug` free for project `id` (null: a new one): 409 when another project has it now; a
   * former slug of any project is taken over (it stops redirecting).
   */
  async function claimSlug(tx: Kysely<Database>, slug: string, id: number | null) {
    let owner = tx.selectFrom('portfolio_projects').select('id').where('slug', '=', slug);
    if (id !== null) owner = owner.where('id', '<>', id);
    if (await owner.executeTakeFirst()) throw conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });
    await tx.deleteFrom('portfolio_slug_redirects').where('slug', '=', slug).execute();
  }

  /** `base`, or `base-2`, `base-3`… : the first no project has now. */
  async function freeSlug(tx: Kysely<Database>, base: string): Promise<string> {
    const taken = new Set(
      (
        await tx
          .selectFrom('portfolio_projects')
          .select('slug')
          .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
          .execute()
      ).map((r) => r.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  return {
    /**
     * Notes once per database that the samples are being added: true for the one caller that
     * noted it, false once noted before (or by another instance at the same moment).
     */
    async claimSampleSeeding(): Promise<boolean> {
      const seeded = await db
        .selectFrom('site_settings')
        .select('value')
        .where('key', '=', SAMPLES_SEEDED_KEY)
        .executeTakeFirst();
      if (seeded) return false;
      try {
        await db.insertInto('site_settings').values({ key: SAMPLES_SEEDED_KEY, value: isoNow() }).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false; // Another instance is seeding right now.
        throw error;
      }
    },

    /** In the manual order; drafts only when asked for (the admin's list). */
    async list({ drafts }: { drafts: boolean }): Promise<PortfolioProject[]> {
      let query = selectProjects(db).orderBy('p.position').orderBy('p.id', 'desc');
      if (!drafts) query = query.where('p.status', '=', 'published');
      return (await query.execute()).map(toProject);
    },

    /** The published projects' page addresses and last changes (the sitemap): two columns, not whole projects. */
    publishedPages(): Promise<{ slug: string; updated_at: string }[]> {
      return db
        .selectFrom('portfolio_projects')
        .select(['slug', 'updated_at'])
        .where('status', '=', 'published')
        .orderBy('position')
        .orderBy('id', 'desc')
        .execute();
    },

    /** By its current slug, or a former one (`moved` then names the current one). */
    async findBySlug(slug: string): Promise<{ project: PortfolioProject; moved: boolean } | undefined> {
      const row = await selectProjects(db).where('p.slug', '=', slug).executeTakeFirst();
      if (row) return { project: toProject(row), moved: false };
      const former = await selectProjects(db)
        .innerJoin('portfolio_slug_redirects as r', 'r.project_id', 'p.id')
        .where('r.slug', '=', slug)
        .executeTakeFirst();
      return former && { project: toProject(former), moved: true };
    },

    /** Sets the manual order: `ids` first to last. False unless it names every project once. */
    async reorder(ids: number[]): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const all = await tx.selectFrom('portfolio_projects').select('id').execute();
        const unique = new Set(ids);
        if (unique.size !== ids.length || all.length !== ids.length || !all.every((r) => unique.has(r.id)))
          return false;
        if (ids.length === 0) return true;
        // One statement for the whole list: `position = CASE id WHEN … THEN index … END`.
        await tx
          .updateTable('portfolio_projects')
          .set((eb) => {
            const [first, ...rest] = ids as [number, ...number[]];
            let position = eb.case().when('id', '=', first).then(0);
            for (const [index, id] of rest.entries()) position = position.when('id', '=', id).then(index + 1);
            return { position: position.else(eb.ref('position')).end() };
          })
          .execute();
        return true;
      });
    },

    async find(id: number): Promise<PortfolioProject | undefined> {
      const row = await selectProjects(db).where('p.id', '=', id).executeTakeFirst();
      return row && toProject(row);
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('portfolio_projects')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Project and image are written together or not at all. */
    async create(form: PortfolioForm, image: ProcessedImage | undefined): Promise<number> {
      return uniqueSlug(() =>
        db.transaction().execute(async (tx) => {
          const slug = form.slug || (await freeSlug(tx, slugify(form.title)));
          await claimSlug(tx, slug, null);
          const imageId = image ? await insertImage(tx, image) : null;
          const now = isoNow();
          // A new project comes first, as the seed's newest-first list had it.
          const first = await tx
            .selectFrom('portfolio_projects')
            .select((eb) => eb.fn.min<number>('position').as('min'))
            .executeTakeFirst();
          const row = await tx
            .insertInto('portfolio_projects')
            .values({
              summary: '',
              body: '',
              role: '',
              period_start: '',
              period_end: '',
              ...columnsOf(form),
              slug,
              position: first?.min == null ? 0 : Number(first.min) - 1,
              image_id: imageId,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return row.id;
        }),
      );
    },

    /** Updates the fields; a new image replaces (and deletes) the old one, no image keeps it. */
    async update(id: number, form: PortfolioForm, image: ProcessedImage | undefined): Promise<boolean> {
      return uniqueSlug(() =>
        db.transaction().execute(async (tx) => {
          const current = await tx
            .selectFrom('portfolio_projects')
            .select(['image_id', 'slug'])
            .where('id', '=', id)
            .executeTakeFirst();
          if (!current) return false;
          // A new slug: the old one keeps leading here (301), and the new one is no longer a redirect.
          const slug = form.slug && form.slug !== current.slug ? form.slug : undefined;
          if (slug) {
            await claimSlug(tx, slug, id);
            await tx
              .insertInto('portfolio_slug_redirects')
              .values({ slug: current.slug, project_id: id, created_at: isoNow() })
              .execute();
          }
          const imageId = image ? await insertImage(tx, image) : current.image_id;
          await tx
            .updateTable('portfolio_projects')
            .set({ ...columnsOf(form), ...(slug ? { slug } : {}), image_id: imageId, updated_at: isoNow() })
            .where('id', '=', id)
            .execute();
          if (image && current.image_id !== null) {
            await tx.deleteFrom('portfolio_images').where('id', '=', current.image_id).execute();
          }
          return true;
        }),
      );
    },

    /** Deletes the project and its image. */
    async delete(id: number): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const current = await tx
          .selectFrom('portfolio_projects')
          .select('image_id')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!current) return false;
        await tx.deleteFrom('portfolio_slug_redirects').where('project_id', '=', id).execute();
        await tx.deleteFrom('portfolio_projects').where('id', '=', id).execute();
        if (current.image_id !== null)
          await tx.deleteFrom('portfolio_images').where('id', '=', current.image_id).execute();
        return true;
      });
    },

    findImage(
      projectId: number,
    ): Promise<Pick<Selectable<PortfolioImagesTable>, 'data' | 'content_type' | 'etag'> | undefined> {
      return db
        .selectFrom('portfolio_projects as p')
        .innerJoin('portfolio_images as i', 'i.id', 'p.image_id')
        .select(['i.data', 'i.content_type', 'i.etag'])
        .where('p.id', '=', projectId)
        .executeTakeFirst();
    },
  };
}
export type PortfolioRepository = ReturnType<typeof portfolioRepository>;

/** Two writers taking one slug at once: the unique index refuses the second, which gets the 409. */
async function uniqueSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });
    throw error;
  }
}
