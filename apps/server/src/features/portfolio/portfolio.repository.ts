import {
  PORTFOLIO_ALT_MAX,
  PORTFOLIO_GALLERY_MAX,
  PORTFOLIO_IMAGE_FORMATS,
  type PortfolioFields,
  type PortfolioForm,
  type PortfolioImage,
  type PortfolioImageFields,
  type PortfolioImageFormat,
  type PortfolioImagePatch,
  type PortfolioLinks,
  type PortfolioProject,
  slugify,
  tagsFromTechnology,
  technologyFromTags,
} from '@site/contract';
import type { Kysely, Selectable, Updateable } from 'kysely';
import { badRequest, conflict } from '../../core/http-errors.js';
import { isoNow } from '../../core/time.js';
import type { DatabaseHandle } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database, PortfolioProjectImagesTable, PortfolioProjectsTable } from '../../db/schema.js';
import type { ProcessedImage } from './image-processing.js';

type ProjectRow = Selectable<PortfolioProjectsTable>;
type ImageRow = Selectable<PortfolioProjectImagesTable>;

/** A versioned URL: a new cover gets a new URL, so browsers may cache each one forever. */
export const imageUrl = (projectId: number, version: string) =>
  `/api/portfolio/${projectId}/image?v=${version.slice(0, 12)}`;
/** One encoded file of a gallery image, versioned like the cover's URL. */
export const imageFileUrl = (image: Pick<ImageRow, 'id' | 'project_id' | 'version'>, format: string, width: number) =>
  `/api/portfolio/${image.project_id}/images/${image.id}?f=${format}&w=${width}&v=${image.version.slice(0, 12)}`;

export const TOO_MANY_IMAGES = `A project has at most ${PORTFOLIO_GALLERY_MAX} images`;

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};
const NO_LINKS: PortfolioLinks = { source: '', demo: '', writeup: '' };

export const SLUG_TAKEN = 'Another project has this slug';

/** What a feed item needs of a project; `image` is its cover's site-relative address, or null. */
export type FeedProject = Pick<
  PortfolioProject,
  'id' | 'slug' | 'title' | 'summary' | 'description' | 'body' | 'tags' | 'created_at' | 'updated_at' | 'image'
>;

function toImage(row: ImageRow): PortfolioImage {
  const variants = parseJson<Partial<Record<PortfolioImageFormat, number[]>>>(row.variants, {});
  const widths = (format: PortfolioImageFormat) => variants[format] ?? [];
  const srcset = (format: PortfolioImageFormat) =>
    widths(format)
      .map((w) => `${imageFileUrl(row, format, w)} ${w}w`)
      .join(', ');
  const webp = widths('webp');
  return {
    id: row.id,
    alt: row.alt,
    caption: row.caption,
    focal_x: Number(row.focal_x),
    focal_y: Number(row.focal_y),
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    sources: { avif: srcset('avif'), webp: srcset('webp') },
    src: webp.length > 0 ? imageFileUrl(row, 'webp', Math.max(...webp)) : '',
  };
}

/** The widths stored per format, as the image row lists them. */
function variantsOf(image: ProcessedImage): string {
  const variants = Object.fromEntries(
    PORTFOLIO_IMAGE_FORMATS.map((format) => [
      format,
      image.files
        .filter((f) => f.format === format)
        .map((f) => f.width)
        .sort((a, b) => a - b),
    ]),
  );
  return JSON.stringify(variants);
}

/** A cover sent with the seed's form, which has no field for its alt text: the title says what it shows. */
const coverFields = (title: string): PortfolioImageFields => ({
  alt: `Screenshot of ${title}`.slice(0, PORTFOLIO_ALT_MAX),
  caption: '',
  focal_x: 0.5,
  focal_y: 0.5,
});

const toProject = (row: ProjectRow, images: ImageRow[]): PortfolioProject => ({
  id: row.id,
  title: row.title,
  description: row.description,
  image: images[0] ? imageUrl(row.id, images[0].version) : null,
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
  images: images.map(toImage),
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

export function portfolioRepository({ db, dialect }: DatabaseHandle) {
  /**
   * The projects with their galleries: one read of the image rows for all of them (texts and
   * sizes; the files' bytes stay in portfolio_image_files until one is asked for).
   */
  async function withImages(tx: Kysely<Database>, rows: ProjectRow[]): Promise<PortfolioProject[]> {
    if (rows.length === 0) return [];
    const images = await tx
      .selectFrom('portfolio_project_images')
      .selectAll()
      .where(
        'project_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('project_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
    const byProject = new Map<number, ImageRow[]>();
    for (const image of images) byProject.set(image.project_id, [...(byProject.get(image.project_id) ?? []), image]);
    return rows.map((row) => toProject(row, byProject.get(row.id) ?? []));
  }

  async function insertImage(
    tx: Kysely<Database>,
    projectId: number,
    position: number,
    image: ProcessedImage,
    fields: PortfolioImageFields,
  ): Promise<number> {
    const row = await tx
      .insertInto('portfolio_project_images')
      .values({
        project_id: projectId,
        position,
        ...fields,
        width: image.width,
        height: image.height,
        placeholder: image.placeholder,
        variants: variantsOf(image),
        version: image.version,
        created_at: isoNow(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('portfolio_image_files')
      .values(image.files.map((f) => ({ image_id: row.id, ...f })))
      .execute();
    return row.id;
  }

  /** The project's gallery, first to last. */
  const galleryOf = (tx: Kysely<Database>, projectId: number) =>
    tx
      .selectFrom('portfolio_project_images')
      .select(['id', 'position', 'alt', 'caption'])
      .where('project_id', '=', projectId)
      .orderBy('position')
      .orderBy('id')
      .execute();

  /**
   * Whether the project exists; on PostgreSQL its row is locked for the rest of the transaction,
   * so two uploads at once count the gallery one after the other (SQLite runs one at a time).
   */
  async function lockProject(tx: Kysely<Database>, id: number): Promise<boolean> {
    let query = tx.selectFrom('portfolio_projects').select('id').where('id', '=', id);
    if (dialect === 'postgres') query = query.forNoKeyUpdate();
    return (await query.executeTakeFirst()) !== undefined;
  }
  const touch = (tx: Kysely<Database>, id: number) =>
    tx.updateTable('portfolio_projects').set({ updated_at: isoNow() }).where('id', '=', id).execute();

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
      let query = db.selectFrom('portfolio_projects').selectAll().orderBy('position').orderBy('id', 'desc');
      if (!drafts) query = query.where('status', '=', 'published');
      return withImages(db, await query.execute());
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

    /**
     * The newest published projects, for the feeds (docs/api.md#feeds): one read, bounded by
     * `limit`, each with its cover's address (the first gallery image's, as `image` everywhere).
     */
    async feedItems(limit: number): Promise<FeedProject[]> {
      const rows = await db
        .selectFrom('portfolio_projects as p')
        .select(['p.id', 'p.slug', 'p.title', 'p.summary', 'p.description', 'p.body', 'p.tags'])
        .select(['p.created_at', 'p.updated_at'])
        .select((eb) =>
          eb
            .selectFrom('portfolio_project_images as i')
            .select('i.version')
            .whereRef('i.project_id', '=', 'p.id')
            .orderBy('i.position')
            .orderBy('i.id')
            .limit(1)
            .as('cover_version'),
        )
        .where('p.status', '=', 'published')
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(({ cover_version, tags, ...row }) => ({
        ...row,
        tags: parseJson<string[]>(tags, []),
        image: cover_version ? imageUrl(row.id, cover_version) : null,
      }));
    },

    /** By its current slug, or a former one (`moved` then names the current one). */
    async findBySlug(slug: string): Promise<{ project: PortfolioProject; moved: boolean } | undefined> {
      const row = await db.selectFrom('portfolio_projects').selectAll().where('slug', '=', slug).executeTakeFirst();
      if (row) return { project: (await withImages(db, [row]))[0] as PortfolioProject, moved: false };
      const former = await db
        .selectFrom('portfolio_projects as p')
        .innerJoin('portfolio_slug_redirects as r', 'r.project_id', 'p.id')
        .selectAll('p')
        .where('r.slug', '=', slug)
        .executeTakeFirst();
      return former && { project: (await withImages(db, [former]))[0] as PortfolioProject, moved: true };
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
      const row = await db.selectFrom('portfolio_projects').selectAll().where('id', '=', id).executeTakeFirst();
      return row && (await withImages(db, [row]))[0];
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('portfolio_projects')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Project and cover are written together or not at all. */
    async create(form: PortfolioForm, image: ProcessedImage | undefined): Promise<number> {
      return uniqueSlug(() =>
        db.transaction().execute(async (tx) => {
          const slug = form.slug || (await freeSlug(tx, slugify(form.title)));
          await claimSlug(tx, slug, null);
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
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (image) await insertImage(tx, row.id, 0, image, coverFields(form.title));
          return row.id;
        }),
      );
    },

    /**
     * Updates the fields; a new image replaces (and deletes) the cover, keeping its place, alt text
     * and caption (the focal point starts again in the middle); no image keeps it.
     */
    async update(id: number, form: PortfolioForm, image: ProcessedImage | undefined): Promise<boolean> {
      return uniqueSlug(() =>
        db.transaction().execute(async (tx) => {
          const current = await tx
            .selectFrom('portfolio_projects')
            .select(['slug', 'title'])
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
          await tx
            .updateTable('portfolio_projects')
            .set({ ...columnsOf(form), ...(slug ? { slug } : {}), updated_at: isoNow() })
            .where('id', '=', id)
            .execute();
          // An alt text the site made from the title (the seed's form has none) follows the title.
          if (form.title !== current.title) {
            await tx
              .updateTable('portfolio_project_images')
              .set({ alt: coverFields(form.title).alt })
              .where('project_id', '=', id)
              .where('alt', '=', coverFields(current.title).alt)
              .execute();
          }
          if (image) {
            const [cover] = await galleryOf(tx, id);
            if (cover) {
              await tx.deleteFrom('portfolio_project_images').where('id', '=', cover.id).execute();
              await insertImage(tx, id, cover.position, image, {
                alt: cover.alt,
                caption: cover.caption,
                focal_x: 0.5,
                focal_y: 0.5,
              });
            } else {
              await insertImage(tx, id, 0, image, coverFields(form.title));
            }
          }
          return true;
        }),
      );
    },

    /** Deletes the project; its gallery and the gallery's files go with it (foreign keys, cascading). */
    async delete(id: number): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const current = await tx.selectFrom('portfolio_projects').select('id').where('id', '=', id).executeTakeFirst();
        if (!current) return false;
        await tx.deleteFrom('portfolio_slug_redirects').where('project_id', '=', id).execute();
        await tx.deleteFrom('portfolio_projects').where('id', '=', id).execute();
        return true;
      });
    },

    /** The cover: the first gallery image's largest WebP. */
    async findImage(projectId: number): Promise<{ data: Buffer; content_type: string; etag: string } | undefined> {
      const [cover] = await galleryOf(db, projectId);
      if (!cover) return undefined;
      const file = await db
        .selectFrom('portfolio_image_files as f')
        .innerJoin('portfolio_project_images as i', 'i.id', 'f.image_id')
        .select(['f.data', 'i.version'])
        .where('f.image_id', '=', cover.id)
        .where('f.format', '=', 'webp')
        .orderBy('f.width', 'desc')
        .executeTakeFirst();
      return file && { data: file.data, content_type: 'image/webp', etag: file.version };
    },

    /** One encoded file of a gallery image of this project. */
    findImageFile(
      projectId: number,
      imageId: number,
      format: PortfolioImageFormat,
      width: number,
    ): Promise<{ data: Buffer; version: string } | undefined> {
      return db
        .selectFrom('portfolio_image_files as f')
        .innerJoin('portfolio_project_images as i', 'i.id', 'f.image_id')
        .select(['f.data', 'i.version'])
        .where('i.id', '=', imageId)
        .where('i.project_id', '=', projectId)
        .where('f.format', '=', format)
        .where('f.width', '=', width)
        .executeTakeFirst();
    },

    /** How many images the project has now (undefined: no such project). */
    async imageCount(projectId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('portfolio_projects as p')
        .leftJoin('portfolio_project_images as i', 'i.project_id', 'p.id')
        .select((eb) => eb.fn.count<number>('i.id').as('n'))
        .where('p.id', '=', projectId)
        .groupBy('p.id')
        .executeTakeFirst();
      return row && Number(row.n);
    },

    /**
     * Adds an image at the end of the gallery. False when the project is gone; 400 when the
     * gallery is full (counted under the project's lock).
     */
    async addImage(projectId: number, image: ProcessedImage, fields: PortfolioImageFields): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        if (!(await lockProject(tx, projectId))) return false;
        const gallery = await galleryOf(tx, projectId);
        if (gallery.length >= PORTFOLIO_GALLERY_MAX) throw badRequest(TOO_MANY_IMAGES, { image: TOO_MANY_IMAGES });
        const last = gallery[gallery.length - 1];
        await insertImage(tx, projectId, last ? last.position + 1 : 0, image, fields);
        await touch(tx, projectId);
        return true;
      });
    },

    /** Changes an image's texts, focal point or place. False unless the project has that image. */
    async updateImage(projectId: number, imageId: number, patch: PortfolioImagePatch): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        if (!(await lockProject(tx, projectId))) return false;
        const gallery = await galleryOf(tx, projectId);
        if (!gallery.some((i) => i.id === imageId)) return false;
        const { position, ...texts } = patch;
        const set = Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== undefined));
        if (Object.keys(set).length > 0) {
          await tx.updateTable('portfolio_project_images').set(set).where('id', '=', imageId).execute();
        }
        if (position !== undefined) {
          const ids = gallery.map((i) => i.id).filter((id) => id !== imageId);
          ids.splice(Math.min(position, ids.length), 0, imageId);
          // At most PORTFOLIO_GALLERY_MAX rows: one small update each.
          for (const [index, id] of ids.entries()) {
            await tx.updateTable('portfolio_project_images').set({ position: index }).where('id', '=', id).execute();
          }
        }
        await touch(tx, projectId);
        return true;
      });
    },

    /** Removes an image and its files. False unless the project has that image. */
    async removeImage(projectId: number, imageId: number): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        if (!(await lockProject(tx, projectId))) return false;
        const removed = await tx
          .deleteFrom('portfolio_project_images')
          .where('id', '=', imageId)
          .where('project_id', '=', projectId)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) return false;
        await touch(tx, projectId);
        return true;
      });
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
