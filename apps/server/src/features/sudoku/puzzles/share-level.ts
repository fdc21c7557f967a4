import { sudokuPuzzleTextSchema } from '@site/contract';
import { TtlCache } from '../../../core/ttl-cache.js';
import { type CheckedPuzzle, checkCustomPuzzle } from './custom-puzzle.js';

const LEVEL_TTL_MS = 60 * 60_000;
const LEVELS_KEPT = 2_000;

/**
 * The level of a shared puzzle for its link's preview (docs/api.md#pages), by the same checks as
 * starting a game of it; null when the text is not a puzzle we would start. Anyone can open a share
 * link, so each check is bounded by the solver's step budget (custom-puzzle.ts), and answers are
 * kept by the puzzle itself: spaces, line breaks and '0' for '.' make no new entry. `check` is the
 * check to run (tests count its calls).
 */
export function shareLevels(check: (text: string) => CheckedPuzzle = checkCustomPuzzle) {
  const levels = new TtlCache<string | null>({ maxEntries: LEVELS_KEPT });
  return (share: string): string | null => {
    const text = sudokuPuzzleTextSchema.safeParse(share);
    if (!text.success) return null;
    const key = text.data.replaceAll('0', '.');
    const known = levels.get(key);
    if (known !== undefined) return known;
    let level: string | null = null;
    try {
      level = check(key).difficulty;
    } catch {
      // not a puzzle we would start
    }
    levels.set(key, level, LEVEL_TTL_MS);
    return level;
  };
}
