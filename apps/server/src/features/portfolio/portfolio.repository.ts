import type { PortfolioFields, PortfolioProject } from '@site/contract';
import type { Kysely, Selectable } from 'kysely';
import { isoNow } from '../../core/time.js';
import type { DatabaseHandle } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database, PortfolioImagesTable, PortfolioProjectsTable } from '../../db/schema.js';
import type { ProcessedImage } from './image-processing.js';

type ProjectRow = Selectable<PortfolioProjectsTable> & { etag: string | null };

/** A versioned URL: a new image gets a new URL, so browsers may cache each one forever. */
export const imageUrl = (projectId: number, etag: string) => `/api/portfolio/${projectId}/image?v=${etag.slice(0, 12)}`;

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
});

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

    async list(): Promise<PortfolioProject[]> {
      return (await selectProjects(db).orderBy('p.id', 'desc').execute()).map(toProject);
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
    async create(fields: PortfolioFields, image: ProcessedImage | undefined): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const imageId = image ? await insertImage(tx, image) : null;
        const now = isoNow();
        const row = await tx
          .insertInto('portfolio_projects')
          .values({ ...fields, image_id: imageId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    /** Updates the fields; a new image replaces (and deletes) the old one, no image keeps it. */
    async update(id: number, fields: PortfolioFields, image: ProcessedImage | undefined): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const current = await tx
          .selectFrom('portfolio_projects')
          .select('image_id')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!current) return false;
        const imageId = image ? await insertImage(tx, image) : current.image_id;
        await tx
          .updateTable('portfolio_projects')
          .set({ ...fields, image_id: imageId, updated_at: isoNow() })
          .where('id', '=', id)
          .execute();
        if (image && current.image_id !== null) {
          await tx.deleteFrom('portfolio_images').where('id', '=', current.image_id).execute();
        }
        return true;
      });
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
