import { AVATAR_PATH, type Profile, type ProfileAvatar, type ProfileFields, RESUME_PATH } from '@site/contract';
import type { Selectable } from 'kysely';
import { isoNow } from '../../core/time.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { SiteProfileTable } from '../../db/schema.js';

/** The profile's one row. */
const ROW_ID = 1;

type ProfileRow = Selectable<SiteProfileTable>;
type ListField = 'skills' | 'interests' | 'personality' | 'links';

const toRow = (fields: ProfileFields) => ({
  name: fields.name,
  title: fields.title,
  tagline: fields.tagline,
  about: fields.about,
  skills: JSON.stringify(fields.skills),
  interests: JSON.stringify(fields.interests),
  personality: JSON.stringify(fields.personality),
  location: fields.location,
  availability: fields.availability,
  contact_email: fields.contact_email,
  links: JSON.stringify(fields.links),
});

/** A list column as written by `toRow`; anything else (hand-edited, cut off) reads as empty. */
function readList<K extends ListField>(row: Pick<ProfileRow, K>, key: K): ProfileFields[K] {
  try {
    const value: unknown = JSON.parse(row[key]);
    return (Array.isArray(value) ? value : []) as ProfileFields[K];
  } catch {
    return [] as ProfileFields[K];
  }
}

/** The résumé's address with its version, so a new upload is a new address for every cache. */
export const resumeUrl = (etag: string) => `${RESUME_PATH}?v=${etag.slice(0, 12)}`;

/** One stored size of the avatar, with its version: a new upload is a new address for every cache. */
export const avatarUrl = (width: number, version: string) => `${AVATAR_PATH}?w=${width}&v=${version.slice(0, 12)}`;

/** The profile's `avatar` from the stored sizes (ascending): the largest as `url`, all in `srcset`. */
export function avatarOf(sizes: { width: number; version: string }[]): ProfileAvatar | null {
  const largest = sizes[sizes.length - 1];
  if (!largest) return null;
  return {
    url: avatarUrl(largest.width, largest.version),
    // "url 96w, url 192w": the addresses hold neither spaces nor commas.
    srcset: sizes.map((size) => `${avatarUrl(size.width, size.version)} ${size.width}w`).join(', '),
    width: largest.width,
    height: largest.width,
  };
}

/** The part of the profile a page's head names (core/page-facts.ts `homeProfile`). */
export type ProfileHeadFacts = Pick<Profile, 'name' | 'title' | 'tagline' | 'links' | 'updated_at' | 'avatar'>;

export interface StoredAvatarFile {
  width: number;
  data: Buffer;
  version: string;
  uploaded_at: string;
}

export interface StoredResume {
  file_name: string;
  data: Buffer;
  size: number;
  etag: string;
  uploaded_at: string;
}

/** The owner's profile and résumé: one row each (migration 019); the photo: a row per size (023). */
export function profileRepository({ db }: DatabaseHandle) {
  /** The stored sizes of the avatar, smallest first; none without one. */
  const avatarSizes = (): Promise<{ width: number; version: string }[]> =>
    db.selectFrom('site_avatar_files').select(['width', 'version']).orderBy('width').execute();

  return {
    /** Writes the first start's profile; a row already there (this or another instance's) stays. */
    async ensure(defaults: ProfileFields): Promise<void> {
      await db
        .insertInto('site_profile')
        .values({ id: ROW_ID, ...toRow(defaults), updated_at: null })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    },

    async get(): Promise<Profile | undefined> {
      const row = await db.selectFrom('site_profile').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
      if (!row) return undefined;
      const [resume, avatar] = await Promise.all([
        db
          .selectFrom('site_resume')
          .select(['file_name', 'size', 'etag', 'uploaded_at'])
          .where('id', '=', ROW_ID)
          .executeTakeFirst(),
        avatarSizes(),
      ]);
      return {
        name: row.name,
        title: row.title,
        tagline: row.tagline,
        about: row.about,
        skills: readList(row, 'skills'),
        interests: readList(row, 'interests'),
        personality: readList(row, 'personality'),
        location: row.location,
        availability: row.availability,
        contact_email: row.contact_email,
        links: readList(row, 'links'),
        updated_at: row.updated_at,
        resume: resume
          ? {
              file_name: resume.file_name,
              size: Number(resume.size),
              uploaded_at: resume.uploaded_at,
              url: resumeUrl(resume.etag),
            }
          : null,
        avatar: avatarOf(avatar),
      };
    },

    /** What the page heads name (core/page-facts.ts `homeProfile`): the profile row alone, by its key. */
    async headFacts(): Promise<ProfileHeadFacts | undefined> {
      // Read on every page view: the two reads at once, not one after the other.
      const [row, sizes] = await Promise.all([
        db
          .selectFrom('site_profile')
          .select(['name', 'title', 'tagline', 'links', 'updated_at'])
          .where('id', '=', ROW_ID)
          .executeTakeFirst(),
        avatarSizes(),
      ]);
      return row && { ...row, links: readList(row, 'links'), avatar: avatarOf(sizes) };
    },

    async save(fields: ProfileFields): Promise<void> {
      const values = { ...toRow(fields), updated_at: isoNow() };
      await db
        .insertInto('site_profile')
        .values({ id: ROW_ID, ...values })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
        .execute();
    },

    /** The résumé without its bytes: what a revalidation (304) needs. */
    resumeInfo(): Promise<Omit<StoredResume, 'data'> | undefined> {
      return db
        .selectFrom('site_resume')
        .select(['file_name', 'size', 'etag', 'uploaded_at'])
        .where('id', '=', ROW_ID)
        .executeTakeFirst();
    },

    resume(): Promise<StoredResume | undefined> {
      return db
        .selectFrom('site_resume')
        .select(['file_name', 'data', 'size', 'etag', 'uploaded_at'])
        .where('id', '=', ROW_ID)
        .executeTakeFirst();
    },

    async saveResume(resume: StoredResume): Promise<void> {
      await db
        .insertInto('site_resume')
        .values({ id: ROW_ID, ...resume })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(resume))
        .execute();
    },

    /** One size of the avatar; the largest when `width` is undefined. */
    avatarFile(width: number | undefined): Promise<StoredAvatarFile | undefined> {
      const query = db.selectFrom('site_avatar_files').select(['width', 'data', 'version', 'uploaded_at']);
      return (
        width === undefined ? query.orderBy('width', 'desc').limit(1) : query.where('width', '=', width)
      ).executeTakeFirst();
    },

    /** Replaces every size at once: a reader sees the old photo or the new one, never a mix. */
    async saveAvatar(files: StoredAvatarFile[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('site_avatar_files').execute();
        await trx.insertInto('site_avatar_files').values(files).execute();
      });
    },

    /** False when there was none. */
    async removeAvatar(): Promise<boolean> {
      const result = await db.deleteFrom('site_avatar_files').executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** False when there was none. */
    async removeResume(): Promise<boolean> {
      const result = await db.deleteFrom('site_resume').where('id', '=', ROW_ID).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type ProfileRepository = ReturnType<typeof profileRepository>;
