import { createHash, randomBytes } from 'node:crypto';
import {
  TODO_FEED_TOKEN_PATTERN,
  type TodoFeedResponse,
  type TodoImportResponse,
  type todoImportRequestSchema,
} from '@site/contract';
import type { z } from 'zod';
import { notFound } from '../../../core/http-errors.js';
import { isoNow } from '../../../core/time.js';
import type { ImportedTask, TasksService } from '../tasks/tasks.service.js';
import type { TransferRepository } from './transfer.repository.js';

// Loaded on first use, with ical.js and the CSV packages: a start does not need them
// (docs/decisions.md#start-up-and-memory).
const calendar = () => import('./calendar.js');
const csv = () => import('./csv.js');
const imports = () => import('./import-parse.js');

/** Only this digest of a feed's secret is stored, so a leaked database does not leak live feeds. */
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export interface TransferServiceOptions {
  /** Adds the imported tasks, by the rules of creating one (tasks/tasks.service.ts). */
  tasks: Pick<TasksService, 'createMany' | 'refusal'>;
  /** One of the caller's open lists by name, any case, their own first (quick-add's `#List`). */
  findList: (userId: number, name: string) => Promise<number | undefined>;
  now?: () => number;
}

const FEED_NOT_FOUND = 'Feed not found';

/** docs/api.md#calendar-feed-import-and-export */
export function transferService(repository: TransferRepository, options: TransferServiceOptions) {
  // Read when called, so a test's pinned Date applies.
  const now = options.now ?? (() => Date.now());
  const feedUrl = (base: string, token: string) => `${base}/api/todo/feed/${token}.ics`;

  return {
    async feed(userId: number): Promise<TodoFeedResponse> {
      const feed = await repository.feed(userId);
      return { url: null, active: feed !== undefined, created_at: feed?.created_at ?? null };
    },

    /** A new secret address (`base`: the site's address), replacing the old one. */
    async createFeed(userId: number, base: string): Promise<TodoFeedResponse> {
      const token = randomBytes(32).toString('base64url');
      const createdAt = isoNow(now());
      await repository.putFeed(userId, digest(token), createdAt);
      return { url: feedUrl(base, token), active: true, created_at: createdAt };
    },

    async removeFeed(userId: number): Promise<TodoFeedResponse> {
      await repository.removeFeed(userId);
      return { url: null, active: false, created_at: null };
    },

    /** The feed's iCalendar text for a secret; an unknown or revoked one is a 404. */
    async calendar(token: string, host: string): Promise<string> {
      if (!TODO_FEED_TOKEN_PATTERN.test(token)) throw notFound(FEED_NOT_FOUND);
      const userId = await repository.feedOwner(digest(token));
      if (userId === undefined) throw notFound(FEED_NOT_FOUND);
      const { feedCalendar } = await calendar();
      return feedCalendar(await repository.feedTasks(userId), host);
    },

    /** The CSV of every task the user owns, and its file name (`todo-YYYY-MM-DD.csv`, UTC). */
    async exportCsv(userId: number): Promise<{ csv: string; filename: string }> {
      const { exportCsv } = await csv();
      const text = exportCsv(await repository.exportTasks(userId));
      return { csv: text, filename: `todo-${isoNow(now()).slice(0, 10)}.csv` };
    },

    /**
     * Reads the content and adds every task it gives in one transaction, all or nothing (the cap
     * refuses the whole import with how many fit); lines it cannot read are reported, not added.
     */
    async importTasks(userId: number, input: z.output<typeof todoImportRequestSchema>): Promise<TodoImportResponse> {
      // One look-up per list name the import names, not one per line that names it.
      const lists = new Map<string, Promise<number | undefined>>();
      const findList = (name: string) => {
        let found = lists.get(name);
        if (!found) {
          found = options.findList(userId, name);
          lists.set(name, found);
        }
        return found;
      };
      const { readImport } = await imports();
      const lines = await readImport(input.format, input.content, {
        listId: input.list_id,
        zone: input.tz ?? 'UTC',
        now: now(),
        findList,
      });
      const tasks: ImportedTask[] = [];
      const skipped: TodoImportResponse['skipped'] = [];
      for (const line of lines) {
        if ('reason' in line) {
          skipped.push({ line: line.line, reason: line.reason });
          continue;
        }
        const refusal = options.tasks.refusal(line.task);
        if (refusal === null) tasks.push(line.task);
        else skipped.push({ line: line.line, reason: refusal });
      }
      const ids = await options.tasks.createMany(userId, tasks);
      return { created: ids.length, skipped };
    },
  };
}
export type TransferService = ReturnType<typeof transferService>;
