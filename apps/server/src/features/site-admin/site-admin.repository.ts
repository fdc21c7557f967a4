import { type SiteNoticeResponse, siteNoticeResponseSchema } from '@site/contract';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';

/** The site_settings key of the home page's notice (value: JSON `{ title, paragraphs, updated_at }`). */
export const NOTICE_KEY = 'site_notice';

export type StoredNotice = SiteNoticeResponse['notice'];

const storedNoticeSchema = siteNoticeResponseSchema.shape.notice;

/** The database's own size, and the notice in site_settings. */
export function siteAdminRepository({ db, dialect }: DatabaseHandle) {
  return {
    /**
     * Bytes the database takes: SQLite's pages × page size (the database as committed, WAL
     * content included, before a checkpoint shrinks the -wal file), or PostgreSQL's
     * pg_database_size of the current database (every schema in it).
     */
    async sizeBytes(): Promise<number | null> {
      if (dialect === 'sqlite') {
        const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db);
        const size = await sql<{ page_size: number }>`pragma page_size`.execute(db);
        const count = pages.rows[0]?.page_count;
        const pageSize = size.rows[0]?.page_size;
        return count === undefined || pageSize === undefined ? null : count * pageSize;
      }
      const result = await sql<{ size: number | string }>`select pg_database_size(current_database()) as size`.execute(
        db,
      );
      const size = Number(result.rows[0]?.size);
      return Number.isSafeInteger(size) ? size : null;
    },

    /** The stored notice; null when none is stored or what is stored no longer reads as one. */
    async notice(): Promise<StoredNotice> {
      const row = await db.selectFrom('site_settings').select('value').where('key', '=', NOTICE_KEY).executeTakeFirst();
      if (!row) return null;
      try {
        const parsed = storedNoticeSchema.safeParse(JSON.parse(row.value));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },

    async saveNotice(notice: NonNullable<StoredNotice>): Promise<void> {
      const value = JSON.stringify(notice);
      await db
        .insertInto('site_settings')
        .values({ key: NOTICE_KEY, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    },

    async removeNotice(): Promise<void> {
      await db.deleteFrom('site_settings').where('key', '=', NOTICE_KEY).execute();
    },
  };
}

export type SiteAdminRepository = ReturnType<typeof siteAdminRepository>;
