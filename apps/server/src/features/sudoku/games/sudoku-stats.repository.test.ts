import { SUDOKU_GRADES, type SudokuGrade } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../../test/test-databases.js';
import type { DailyPuzzles } from '../puzzles/daily-puzzles.js';
import { levelStats } from '../puzzles/level-stats.js';
import { sudokuPuzzlesService } from '../puzzles/sudoku-puzzles.service.js';
import { sudokuRepository } from './sudoku.repository.js';
import { sudokuService } from './sudoku.service.js';
import { BOARD, finishedInOrder, unused } from './sudoku-stats.test-support.js';

/**
 * However the repository sums the statistics up (in memory today, in SQL over the indexes of
 * migration 027), they must agree with the in-memory definition (level-stats.ts) at the
 * edges, on both databases. Games written straight into the table, with finish times that tie (the id breaks
 * those), out of id order, streaks broken and unbroken, more than 20 games a level, a level with
 * none, unfinished games, and another user's games beside them.
 */
describe.each(testDatabaseKinds)('Sudoku statistics summed in the database on %s', (kind) => {
  let database: TestDatabase;
  let userId: number;
  const repository = () => sudokuRepository(database.handle);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.handle.db;
    const now = '2026-01-01T00:00:00.000Z';
    const [user, other] = await db
      .insertInto('users')
      .values(
        ['stats-owner', 'stats-other'].map((username) => ({
          username,
          email: `${username}@example.com`,
          password_hash: 'x',
          is_admin: 0,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    userId = user!.id;

    // A seeded sequence, so a failure repeats.
    let state = 7;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % n;
    };
    const levels: SudokuGrade[] = ['easy', 'medium', 'expert']; // hard has none
    const rows = Array.from({ length: 150 }, (_, i) => {
      const difficulty = levels[next(3)]!;
      // Runs of wins of varied length; a few unfinished games between them.
      const status = i % 17 === 5 ? 'playing' : next(5) === 0 ? 'lost' : 'won';
      // Minutes that repeat (ties) and go backwards now and then (not in id order).
      const minute = Math.floor(i / 2) - (i % 9 === 0 ? 30 : 0);
      const finishedAt = new Date(Date.UTC(2026, 0, 2, 0, Math.max(minute, 0))).toISOString();
      return {
        user_id: next(10) === 0 ? other!.id : userId,
        difficulty,
        puzzle: BOARD,
        solution: BOARD,
        state: BOARD,
        time: 60 + next(5) * 30, // equal times too
        status: status as 'won' | 'lost' | 'playing',
        created_at: now,
        updated_at: now,
        finished_at: status === 'playing' ? null : finishedAt,
      };
    });
    // A long unbroken run last on easy: current and longest streak reach past the 20 of the history.
    for (let i = 0; i < 25; i++) {
      rows.push({
        ...rows[0]!,
        user_id: userId,
        difficulty: 'easy',
        status: 'won',
        time: 500 + i,
        finished_at: `2026-02-01T00:00:${String(i).padStart(2, '0')}.000Z`,
      });
    }
    // Medium ends on 21 games whose first two finished at the same moment: the history's 20 take
    // the later id of the two.
    for (let i = 0; i < 21; i++) {
      const second = String(Math.max(i - 1, 0)).padStart(2, '0');
      rows.push({
        ...rows[0]!,
        user_id: userId,
        difficulty: 'medium',
        status: i % 4 === 3 ? 'lost' : 'won',
        time: 700 + i,
        finished_at: `2026-03-01T00:00:${second}.000Z`,
      });
    }
    await db.insertInto('sudoku_games').values(rows).execute();
  });
  afterAll(() => database?.drop());

  it('per level: the same answer as the definition over every finished game', async () => {
    const service = sudokuPuzzlesService(repository(), { get: unused } as unknown as DailyPuzzles);
    const rows = await finishedInOrder(database.handle, userId);
    const stats = await service.levelStats(userId);
    expect(JSON.stringify(stats)).toBe(JSON.stringify(levelStats(rows)));
    // The seed reaches the edges it is meant to.
    expect(stats.hard.games).toBe(0);
    expect(stats.easy.history).toHaveLength(20);
    expect(stats.easy.current_streak).toBeGreaterThan(20);
    expect(stats.medium.lost).toBeGreaterThan(0);
    expect(stats.medium.current_streak).toBeLessThan(stats.medium.longest_streak + 1);
    const finishTimes = rows.map((r) => r.finished_at);
    expect(new Set(finishTimes).size).toBeLessThan(finishTimes.length); // ties
  });

  it('overall: won, lost and the best winning time of each level, as the finished games give them', async () => {
    const service = sudokuService(repository(), { take: unused });
    const rows = await finishedInOrder(database.handle, userId);
    const best = Object.fromEntries(
      SUDOKU_GRADES.map((level) => {
        const times = rows.filter((r) => r.difficulty === level && r.status === 'won').map((r) => r.time);
        return [level, times.length ? Math.min(...times) : null];
      }),
    );
    const expected = {
      best,
      won: rows.filter((r) => r.status === 'won').length,
      lost: rows.filter((r) => r.status === 'lost').length,
    };
    expect(JSON.stringify(await service.stats(userId))).toBe(JSON.stringify(expected));
    expect(expected.best.hard).toBeNull();
  });
});
