import { createHash } from 'node:crypto';
import type { AdminStatusResponse, DataMode, SiteNotice, SiteNoticeResponse } from '@site/contract';
import type { RedisConnection } from '../../core/redis.js';
import type { StatusSources } from '../../core/status-sources.js';
import type { DialectName } from '../../db/dialect.js';
import type { UpstreamStats } from '../../integrations/http/upstream-stats.js';
import type { SiteAdminRepository, StoredNotice } from './site-admin.repository.js';

/**
 * How long this instance answers the public notice from memory. A change made here is seen at
 * once (the write replaces the cached copy); another instance sees it within this time
 * (docs/api.md#admin).
 */
export const NOTICE_CACHE_MS = 10_000;

/** The public notice answer and its ETag (a hash of the JSON, so every instance agrees). */
export interface NoticeAnswer {
  body: SiteNoticeResponse;
  etag: string;
}

const answerFor = (notice: StoredNotice): NoticeAnswer => {
  const body = { notice };
  const hash = createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27);
  return { body, etag: `"${hash}"` };
};

/** What the admin status reports about this instance besides the database's size. */
export interface InstanceFacts {
  dialect: DialectName;
  dataMode: DataMode;
  redis: RedisConnection | undefined;
  upstreamStats: UpstreamStats;
  statusSources: StatusSources;
  startedAt: Date;
}

export function siteAdminService(
  repository: SiteAdminRepository,
  instance: InstanceFacts,
  options: { version: string; now?: () => number },
) {
  const now = options.now ?? Date.now;
  let cached: { answer: NoticeAnswer; until: number } | undefined;
  const remember = (notice: StoredNotice) => {
    const answer = answerFor(notice);
    cached = { answer, until: now() + NOTICE_CACHE_MS };
    return answer;
  };

  return {
    async status(): Promise<AdminStatusResponse> {
      const [sizeBytes, redis] = await Promise.all([
        repository.sizeBytes(),
        instance.redis ? instance.redis.state() : Promise.resolve('off' as const),
      ]);
      const startedAt = instance.startedAt.getTime();
      return {
        database: { kind: instance.dialect, size_bytes: sizeBytes },
        redis,
        data_mode: instance.dataMode,
        providers: instance.upstreamStats.snapshot(),
        sudoku_pool: instance.statusSources.read('sudokuPool') ?? [],
        version: options.version,
        started_at: instance.startedAt.toISOString(),
        uptime_seconds: Math.max(0, Math.floor((now() - startedAt) / 1000)),
      };
    },

    /** The public notice, from memory for up to NOTICE_CACHE_MS. */
    async notice(): Promise<NoticeAnswer> {
      if (cached && cached.until > now()) return cached.answer;
      return remember(await repository.notice());
    },

    async updateNotice(notice: SiteNotice): Promise<SiteNoticeResponse> {
      const stored = { ...notice, updated_at: new Date(now()).toISOString() };
      await repository.saveNotice(stored);
      return remember(stored).body;
    },

    async resetNotice(): Promise<SiteNoticeResponse> {
      await repository.removeNotice();
      return remember(null).body;
    },
  };
}

export type SiteAdminService = ReturnType<typeof siteAdminService>;
