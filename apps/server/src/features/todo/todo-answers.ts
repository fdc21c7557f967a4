import { type ListTodosResponse, listTodosResponseSchema } from '@site/contract';
import { type StoredAnswer, storedAnswer } from '../../core/stored-answer.js';
import { compiledOnce, param } from '../../db/compiled-once.js';
import type { DatabaseHandle } from '../../db/database.js';

/**
 * Answers larger than this are built on each request. It holds a list at the cap with typical
 * notes (5,000 items ≈ 1.5 MB), whose cold build costs ~45 ms against ~0.3 ms kept
 * (`npm run bench:flat-costs`); only lists of long notes pass it.
 */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
/** All kept answers together stay under this: at least eight of the largest, oldest out. */
const MAX_TOTAL_BYTES = 16 * 1024 * 1024;

interface Kept {
  version: number;
  answer: StoredAnswer;
}

/**
 * The seed's to-do list (`GET /api/todo`) kept serialized (and compressed once per encoding) per
 * user, and used while the user's
 * to-do version has not moved (docs/decisions.md#to-do-answers-kept-by-version). The version is
 * raised by database triggers on any change to the user's to-dos or their labels, in the change's
 * own transaction, so no write path, instance or cascade can leave a kept answer in use: each
 * request reads the version (one primary-key read), never the rows. It is read before the rows,
 * so an answer built from rows newer than its version is at worst built again, never served stale.
 */
export function todoAnswers(
  { db }: DatabaseHandle,
  build: (userId: number) => Promise<ListTodosResponse>,
  limits = { answerBytes: MAX_ANSWER_BYTES, totalBytes: MAX_TOTAL_BYTES },
) {
  const kept = new Map<number, Kept>();
  let totalBytes = 0;
  const versionQuery = compiledOnce(
    db,
    db.selectFrom('todo_versions').select('version').where('user_id', '=', param<number>('userId')),
  );

  const forget = (userId: number) => {
    const old = kept.get(userId);
    if (!old) return;
    kept.delete(userId);
    totalBytes -= old.answer.json.length;
  };

  const keep = (userId: number, entry: Kept) => {
    forget(userId);
    const bytes = entry.answer.json.length;
    if (bytes > limits.answerBytes) return;
    // Maps iterate in insertion order: the longest-kept answers go first.
    for (const [oldest] of kept) {
      if (totalBytes + bytes <= limits.totalBytes) break;
      forget(oldest);
    }
    kept.set(userId, entry);
    totalBytes += bytes;
  };

  return {
    /** The user's list, its JSON exactly as the route's serializer would write it. */
    async list(userId: number): Promise<StoredAnswer> {
      const [row] = await versionQuery({ userId });
      const version = row === undefined ? undefined : Number(row.version);
      const hit = kept.get(userId);
      if (hit && hit.version === version) return hit.answer;
      const answer = storedAnswer(Buffer.from(JSON.stringify(listTodosResponseSchema.parse(await build(userId)))));
      if (version !== undefined) keep(userId, { version, answer });
      return answer;
    },

    /** How many answers are kept and their bytes. */
    get size() {
      return { answers: kept.size, bytes: totalBytes };
    },
  };
}
export type TodoAnswers = ReturnType<typeof todoAnswers>;
