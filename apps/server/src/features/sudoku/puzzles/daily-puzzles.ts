import { seedOf } from '../../../integrations/prng.js';
import {
  DIFFICULTIES,
  type Difficulty,
  generatePuzzle,
  gradePuzzle,
  mulberry32,
  type Puzzle,
} from '../engine/index.js';

/** The UTC calendar day of an instant as 'YYYY-MM-DD': a daily puzzle's date. */
export const utcDate = (now: number): string => new Date(now).toISOString().slice(0, 10);

/**
 * The daily puzzle of a date and level, the same for everyone: the generator runs on a PRNG seeded
 * from the date and level, so every server instance makes the same puzzle without sharing state.
 * The generator only returns puzzles our grader puts at the level asked for; the grade is checked
 * again here and, should it ever disagree, the next attempt's seed is used (still deterministic).
 */
export function makeDailyPuzzle(date: string, difficulty: Difficulty): Puzzle {
  for (let attempt = 0; ; attempt++) {
    const puzzle = generatePuzzle(difficulty, mulberry32(seedOf(`sudoku-daily:${date}:${difficulty}:${attempt}`)));
    if (gradePuzzle(puzzle.puzzle).difficulty === difficulty) return puzzle;
  }
}

/**
 * Daily puzzles kept in memory. Generating one takes about 1–60 ms (docs/api.md#sudoku-daily-and-own-puzzles),
 * so the first request of a day makes it (generation is synchronous: no two requests can make the same
 * one at once) and `prepare` makes today's ahead of time when the app starts. Only the days asked for
 * recently are kept.
 */
export class DailyPuzzles {
  private readonly cache = new Map<string, Puzzle>();
  private preparing: NodeJS.Immediate | undefined;

  constructor(private readonly make: (date: string, difficulty: Difficulty) => Puzzle = makeDailyPuzzle) {}

  get(date: string, difficulty: Difficulty): Puzzle {
    const key = `${date}:${difficulty}`;
    let puzzle = this.cache.get(key);
    if (!puzzle) {
      puzzle = this.make(date, difficulty);
      this.cache.set(key, puzzle);
      // Keep the last few (today, yesterday's late players, tomorrow's early ones): Map keeps insertion order.
      while (this.cache.size > DIFFICULTIES.length * 3) {
        const oldest = this.cache.keys().next().value;
        if (oldest === undefined) break;
        this.cache.delete(oldest);
      }
    }
    return puzzle;
  }

  /** Makes a date's puzzles one level per event-loop turn, so requests are served in between. */
  prepare(date: string): void {
    this.stop();
    const levels = [...DIFFICULTIES];
    const next = () => {
      this.preparing = undefined;
      const level = levels.shift();
      if (!level) return;
      this.get(date, level);
      this.preparing = setImmediate(next).unref();
    };
    this.preparing = setImmediate(next).unref();
  }

  /** Cancels a preparation under way (the app is closing); `get` still makes any puzzle asked for. */
  stop(): void {
    if (this.preparing) clearImmediate(this.preparing);
    this.preparing = undefined;
  }
}
