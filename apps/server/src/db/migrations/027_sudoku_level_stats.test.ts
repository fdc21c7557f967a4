import type { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseAt, testDatabaseKinds } from '../../test/test-databases.js';
import type { DatabaseHandle } from '../database.js';

const BOARD = '0'.repeat(81);
const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;

interface Game {
  id: number;
  user_id: number;
  difficulty: string;
  status: string;
  time: number;
  finished_at: string | null;
}

/** A level's row as counted here from its games in finish order (finished_at, then id). */
function expectedRow(games: Game[]) {
  const done = games
    .filter((g) => g.status !== 'playing')
    .sort((a, b) => (a.finished_at! < b.finished_at! ? -1 : a.finished_at! > b.finished_at! ? 1 : a.id - b.id));
  const wins = done.filter((g) => g.status === 'won');
  let run = 0;
  let longest = 0;
  for (const game of done) {
    run = game.status === 'won' ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return {
    games: done.length,
    won: wins.length,
    best_time: wins.length ? Math.min(...wins.map((g) => g.time)) : null,
    won_time: wins.reduce((sum, g) => sum + g.time, 0),
    current_streak: run,
    longest_streak: longest,
    last_finished_at: done.at(-1)?.finished_at ?? null,
    last_id: done.at(-1)?.id ?? null,
  };
}

/** 027: the statistics per user and level, counted from the games a site already has, and kept from then on. */
describe.each(testDatabaseKinds)('migration 027 (Sudoku statistics per level) on %s', (kind) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let migrator: Migrator;

  beforeAll(async () => {
    ({ handle, migrator, drop: cleanup } = await createTestDatabaseAt(kind, '026_todo_versions'));
  });
  afterAll(() => cleanup());

  async function expectRowsCountedFromGames() {
    const games = (await handle.db
      .selectFrom('sudoku_games')
      .select(['id', 'user_id', 'difficulty', 'status', 'time', 'finished_at'])
      .execute()) as Game[];
    const rows = await handle.db
      .selectFrom('sudoku_level_stats')
      .selectAll()
      .orderBy('user_id')
      .orderBy('difficulty')
      .execute();
    const keys = [...new Set(games.map((g) => `${g.user_id} ${g.difficulty}`))].sort();
    expect(rows.map((r) => `${r.user_id} ${r.difficulty}`).sort()).toEqual(keys);
    for (const row of rows) {
      const { user_id, difficulty, ...kept } = row;
      const mine = games.filter((g) => g.user_id === user_id && g.difficulty === difficulty);
      expect({ ...kept, won_time: Number(kept.won_time) }, `${user_id} ${difficulty}`).toEqual(expectedRow(mine));
    }
    return rows;
  }

  it('counts the existing games (out of order, ties, unfinished), keeps counting, and goes back down', async () => {
    const now = '2026-01-01T00:00:00.000Z';
    const users = await handle.db
      .insertInto('users')
      .values(
        ['m027-a', 'm027-b', 'm027-c'].map((username) => ({
          username,
          email: `${username}@example.com`,
          password_hash: 'x',
          is_admin: 0,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    let state = 27;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return Math.floor((state / 2 ** 31) * n); // the high bits: the low ones repeat quickly
    };
    // User c has only an unfinished game: a row of zeros, as a game started after the migration gets.
    const rows = Array.from({ length: 400 }, (_, i) => {
      const status = i % 13 === 4 ? 'playing' : next(4) === 0 ? 'lost' : 'won';
      const minute = next(120); // inserted out of finish order, with ties
      return {
        user_id: users[i === 0 ? 2 : next(2)]!.id,
        difficulty: i === 0 ? 'medium' : LEVELS[next(4)]!,
        puzzle: BOARD,
        solution: BOARD,
        state: BOARD,
        time: 30 + next(8) * 15,
        status: i === 0 ? 'playing' : status,
        created_at: now,
        updated_at: now,
        finished_at: i === 0 || status === 'playing' ? null : new Date(Date.UTC(2026, 0, 2, 0, minute)).toISOString(),
      } as const;
    });
    await handle.db.insertInto('sudoku_games').values(rows).execute();

    const { error } = await migrator.migrateTo('027_sudoku_level_stats');
    if (error) throw error;
    const counted = await expectRowsCountedFromGames();
    expect(counted.find((r) => r.user_id === users[2]!.id)).toMatchObject({ games: 0, last_id: null });
    // Streaks broken and unbroken.
    expect(counted.some((r) => r.longest_streak > 2 && r.longest_streak > r.current_streak)).toBe(true);
    expect(counted.some((r) => r.current_streak > 0)).toBe(true);

    // From now on the triggers keep them: a finish after the others, one before them, a deletion.
    const [playing] = await handle.db
      .selectFrom('sudoku_games')
      .select('id')
      .where('status', '=', 'playing')
      .where('user_id', '=', users[0]!.id)
      .limit(1)
      .execute();
    await handle.db
      .updateTable('sudoku_games')
      .set({ status: 'won', time: 5, finished_at: '2026-02-01T00:00:00.000Z' })
      .where('id', '=', playing!.id)
      .execute();
    await handle.db
      .insertInto('sudoku_games')
      .values({ ...rows[1]!, user_id: users[1]!.id, status: 'lost', finished_at: '2026-01-02T00:30:00.000Z' })
      .execute();
    const [finished] = await handle.db
      .selectFrom('sudoku_games')
      .select('id')
      .where('status', '=', 'won')
      .orderBy('finished_at')
      .limit(1)
      .execute();
    await handle.db.deleteFrom('sudoku_games').where('id', '=', finished!.id).execute();
    await expectRowsCountedFromGames();

    const down = await migrator.migrateTo('026_todo_versions');
    expect(down.error).toBeUndefined();
    const tables = (await handle.db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('sudoku_level_stats');
    // Without the triggers, games change as before.
    await handle.db.deleteFrom('sudoku_games').where('user_id', '=', users[1]!.id).execute();

    const up = await migrator.migrateTo('027_sudoku_level_stats');
    expect(up.error).toBeUndefined();
    await expectRowsCountedFromGames();
  });
});
