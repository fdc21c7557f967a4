import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { countSolutions, generatePuzzle, mulberry32, parseBoard } from '../engine/index.js';
import { encodeBoard } from '../games/board-codec.js';
import { sudokuRepository } from '../games/sudoku.repository.js';
import { TOO_HARD_TO_CHECK } from './custom-puzzle.js';
import { DailyPuzzles, makeDailyPuzzle, utcDate } from './daily-puzzles.js';
import { sudokuPuzzlesService } from './sudoku-puzzles.service.js';

/** A medium puzzle (one solution) as share text, and variants of it the import must refuse. */
const medium = generatePuzzle('medium', mulberry32(2026));
const UNIQUE = encodeBoard(medium.puzzle).replaceAll('0', '.');
const SOLUTION = encodeBoard(medium.solution);

/** Removes clues until the puzzle has several solutions (it still has at least 17). */
function withSeveralSolutions(text: string): string {
  const chars = [...text];
  for (let i = 0; i < 81; i++) {
    if (chars[i] === '.') continue;
    chars[i] = '.';
    if (countSolutions(parseBoard(chars.join('')), 2) > 1) return chars.join('');
  }
  throw new Error('unreachable');
}
/** A wrong digit that clashes with no clue, in an empty cell: no solution any more (the old one was unique). */
function withoutSolution(text: string): string {
  const board = parseBoard(text);
  for (let cell = 0; cell < 81; cell++) {
    if (text[cell] !== '.') continue;
    const r = Math.floor(cell / 9);
    const c = cell % 9;
    for (let d = 1; d <= 9; d++) {
      if (d === Number(SOLUTION[cell])) continue;
      const clash = board.some((row, i) =>
        row.some(
          (v, j) =>
            v === d &&
            (i === r ||
              j === c ||
              (Math.floor(i / 3) === Math.floor(r / 3) && Math.floor(j / 3) === Math.floor(c / 3))),
        ),
      );
      if (!clash) return `${text.slice(0, cell)}${d}${text.slice(cell + 1)}`;
    }
  }
  throw new Error('unreachable');
}
/** 17 clues and no solution, which the search can only rule out by walking the open grid: ~1 s unbounded. */
const WORST_NO_SOLUTION = '000030000030100700080400000005000000000000000000603408000000009040000500060500800';

describe.each(testDatabaseKinds)('Sudoku daily and own puzzles on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const daily = (user: TestUser, difficulty = 'easy') =>
    injectAs(t.app, user, { method: 'GET', url: `/api/sudoku/daily?difficulty=${difficulty}` });
  const dailyStats = (user: TestUser) => injectAs(t.app, user, { method: 'GET', url: '/api/sudoku/daily/stats' });
  const custom = (user: TestUser, puzzle: unknown, path = 'custom') =>
    injectAs(t.app, user, { method: 'POST', url: `/api/sudoku/${path}`, payload: { puzzle } });
  const rows = (user: TestUser) =>
    t.database.handle.db.selectFrom('sudoku_games').selectAll().where('user_id', '=', user.id).execute();

  describe('daily', () => {
    it("is today's puzzle of the level, the same for two users, resumed on the next call", async () => {
      const a = await daily(alice, 'medium');
      const b = await daily(bob, 'medium');
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      const today = utcDate(Date.now());
      expect(a.json()).toMatchObject({ daily_date: today, source: 'daily', difficulty: 'medium', result: null });
      expect(a.json().puzzle).toEqual(b.json().puzzle);
      expect(a.json().id).not.toBe(b.json().id);
      expect(a.json().share).toBe(encodeBoard(makeDailyPuzzle(today, 'medium').puzzle).replaceAll('0', '.'));
      const again = await daily(alice, 'medium');
      expect(again.json().id).toBe(a.json().id);
    });

    it('gives a user one game per day and level under a burst of concurrent calls', async () => {
      const user = await signUp(t.app);
      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => daily(user, i % 2 ? 'hard' : 'easy')));
      expect(burst.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      const stored = await rows(user);
      expect(stored.map((g) => g.difficulty).sort()).toEqual(['easy', 'hard']);
      expect(new Set(burst.map((r) => r.json().id)).size).toBe(2);
    });

    it('the database refuses a second daily game for the same user, day and level', async () => {
      const user = await signUp(t.app);
      expect((await daily(user)).statusCode).toBe(200);
      const [row] = await rows(user);
      const { id: _id, ...copy } = row!;
      await expect(t.database.handle.db.insertInto('sudoku_games').values(copy).execute()).rejects.toThrow();
      // Pool games (no daily date) are never caught by that index.
      await t.database.handle.db
        .insertInto('sudoku_games')
        .values({ ...copy, source: 'pool', daily_date: null })
        .execute();
      await t.database.handle.db
        .insertInto('sudoku_games')
        .values({ ...copy, source: 'pool', daily_date: null })
        .execute();
      expect(await rows(user)).toHaveLength(3);
    });

    it('a won daily answers the shareable result line, and stats count streaks across days', async () => {
      const user = await signUp(t.app);
      const start = (await daily(user)).json();
      const hint = await injectAs(t.app, user, {
        method: 'POST',
        url: '/api/sudoku/hint',
        payload: { gameid: start.id, board: start.puzzle },
      });
      expect(hint.statusCode).toBe(200);
      const won = await injectAs(t.app, user, {
        method: 'POST',
        url: '/api/sudoku/checkSolution',
        payload: { gameid: start.id, board: start.transformed_solution },
      });
      expect(won.json().isCorrect).toBe(true);
      await t.database.handle.db.updateTable('sudoku_games').set({ time: 462 }).where('id', '=', start.id).execute();
      const today = utcDate(Date.now());
      const line = `Sudoku daily ${today} · Easy · 7:42 · 1 hint`;
      expect((await daily(user)).json()).toMatchObject({ id: start.id, status: 'won', result: line });

      // Two earlier days won, one lost before them: a current streak of 3, days played 4.
      const [row] = await rows(user);
      const { id: _id, ...copy } = row!;
      const daysAgo = (n: number) => utcDate(Date.now() - n * 86_400_000);
      for (const [n, status] of [
        [1, 'won'],
        [2, 'won'],
        [3, 'lost'],
      ] as const) {
        await t.database.handle.db
          .insertInto('sudoku_games')
          .values({ ...copy, daily_date: daysAgo(n), status })
          .execute();
      }
      const stats = await dailyStats(user);
      expect(stats.statusCode).toBe(200);
      expect(stats.json().date).toBe(today);
      expect(stats.json().levels.easy).toEqual({
        current_streak: 3,
        longest_streak: 3,
        days_played: 4,
        days_won: 3,
        today: { status: 'won', time: 462, result: line },
      });
      expect(stats.json().levels.hard.today).toBeNull();
      // Another user's days are not theirs.
      expect((await dailyStats(bob)).json().levels.easy.days_won).toBe(0);
    });

    it('with a pinned clock, two users get the same puzzle for that date and a new one the next day', async () => {
      let now = Date.parse('2026-11-24T10:00:00Z');
      const service = sudokuPuzzlesService(sudokuRepository(t.database.handle), new DailyPuzzles(), () => now);
      const a = await service.daily(alice.id, 'hard');
      const b = await service.daily(bob.id, 'hard');
      expect(a.daily_date).toBe('2026-11-24');
      expect(a.share).toBe(b.share);
      expect(a.share).toBe(encodeBoard(makeDailyPuzzle('2026-11-24', 'hard').puzzle).replaceAll('0', '.'));
      now += 86_400_000;
      const next = await service.daily(alice.id, 'hard');
      expect(next.daily_date).toBe('2026-11-25');
      expect(next.share).not.toBe(a.share);
      expect(next.id).not.toBe(a.id);
    });

    it('is refused (403, nothing started) as a navigation or from another site, like play', async () => {
      const user = await signUp(t.app);
      for (const headers of [
        { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        { 'sec-fetch-mode': 'navigate' },
      ]) {
        const res = await injectAs(t.app, user, { method: 'GET', url: '/api/sudoku/daily', headers });
        expect(res.statusCode).toBe(403);
      }
      expect(await rows(user)).toHaveLength(0);
    });

    it('refuses a bad level with 400 and nobody signed out', async () => {
      expect((await daily(alice, 'expert')).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/sudoku/daily' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/sudoku/daily/stats' })).statusCode).toBe(401);
    });
  });

  describe('statistics per level', () => {
    it("count the user's finished games in the order they finished, nobody else's", async () => {
      const user = await signUp(t.app);
      const start = (await custom(user, UNIQUE)).json();
      const [row] = await rows(user);
      const { id: _id, ...copy } = row!;
      const finished = (minute: number, status: 'won' | 'lost', time: number) => ({
        ...copy,
        status,
        time,
        finished_at: `2026-11-0${minute}T10:00:00.000Z`,
      });
      // Inserted out of order: the statistics follow finished_at.
      await t.database.handle.db
        .insertInto('sudoku_games')
        .values([finished(3, 'won', 120), finished(1, 'won', 300), finished(2, 'lost', 10), finished(4, 'won', 180)])
        .execute();
      const res = await injectAs(t.app, user, { method: 'GET', url: '/api/sudoku/stats/levels' });
      expect(res.statusCode).toBe(200);
      expect(res.json().medium).toMatchObject({
        games: 4,
        won: 3,
        lost: 1,
        win_rate: 0.75,
        best_time: 120,
        average_time: 200,
        current_streak: 2,
        longest_streak: 2,
      });
      expect(res.json().medium.history.map((h: { time: number }) => h.time)).toEqual([300, 10, 120, 180]);
      expect(start.status).toBe('playing'); // the unfinished game does not count
      const other = await injectAs(t.app, await signUp(t.app), { method: 'GET', url: '/api/sudoku/stats/levels' });
      expect(other.json().medium.games).toBe(0);
      expect((await t.app.inject({ method: 'GET', url: '/api/sudoku/stats/levels' })).statusCode).toBe(401);
    });
  });

  describe('own puzzles', () => {
    it('check grades a puzzle without starting a game', async () => {
      const user = await signUp(t.app);
      const res = await custom(user, UNIQUE.replaceAll('.', '0'), 'custom/check');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ difficulty: 'medium', share: UNIQUE });
      expect(res.json().techniques).toContain('naked single');
      expect(res.json().clues).toBe(UNIQUE.replaceAll('.', '').length);
      expect(await rows(user)).toHaveLength(0);
    });

    it('custom starts a game of it, which another user can neither read nor change', async () => {
      const res = await custom(alice, UNIQUE);
      expect(res.statusCode).toBe(200);
      const game = res.json();
      expect(game).toMatchObject({ source: 'custom', share: UNIQUE, difficulty: 'medium', status: 'playing' });
      expect(game.grade.difficulty).toBe('medium');
      expect(encodeBoard(game.transformed_solution.map((r: { value: number }[]) => r.map((c) => c.value)))).toBe(
        SOLUTION,
      );
      // The share text opens the same puzzle for a second user, as their own game.
      const shared = (await custom(bob, game.share)).json();
      expect(shared.puzzle).toEqual(game.puzzle);
      expect(shared.id).not.toBe(game.id);

      expect((await injectAs(t.app, bob, { method: 'GET', url: `/api/sudoku/game?id=${game.id}` })).statusCode).toBe(
        404,
      );
      const change = await injectAs(t.app, bob, {
        method: 'PUT',
        url: '/api/sudoku/saveGame',
        payload: { gameid: game.id, current_state: game.transformed_solution, time: 5 },
      });
      expect(change.statusCode).toBe(404);
      const del = await injectAs(t.app, bob, {
        method: 'DELETE',
        url: '/api/sudoku/deleteGame',
        payload: { gameid: game.id },
      });
      expect(del.statusCode).toBe(404);
      expect(
        (await injectAs(t.app, alice, { method: 'GET', url: `/api/sudoku/game?id=${game.id}` })).json().status,
      ).toBe('playing');
    });

    it.each([
      ['several solutions', () => withSeveralSolutions(UNIQUE), 'This puzzle has more than one solution'],
      ['no solution', () => withoutSolution(UNIQUE), 'This puzzle has no solution'],
      ['the worst case, 17 clues and no solution, at the step budget', () => WORST_NO_SOLUTION, TOO_HARD_TO_CHECK],
      ['conflicting clues', () => `55${UNIQUE.slice(2)}`, 'The clues conflict: 5 twice in row 1'],
      ['too few clues', () => `${'123456789'}${'.'.repeat(72)}`, 'A puzzle needs at least 17 clues'],
      ['a bad character', () => `x${UNIQUE.slice(1)}`, "A puzzle may only contain digits 1-9 and '.' or '0'"],
      ['the wrong length', () => UNIQUE.slice(1), 'A puzzle has exactly 81 cells'],
      ['not a string', () => 42, 'The puzzle must be a string'],
    ])('refuses %s with 400 and the reason, starting nothing', async (_name, puzzle, reason) => {
      const user = await signUp(t.app);
      for (const path of ['custom', 'custom/check']) {
        const res = await custom(user, puzzle(), path);
        expect(res.statusCode, path).toBe(400);
        expect(res.json().message).toContain(reason);
      }
      expect(await rows(user)).toHaveLength(0);
    });

    it('refuses a cookie call without the CSRF header', async () => {
      const user = await signUp(t.app);
      const res = await injectAs(t.app, user, {
        method: 'POST',
        url: '/api/sudoku/custom',
        payload: { puzzle: UNIQUE },
        csrf: false,
      });
      expect(res.statusCode).toBe(403);
      expect(await rows(user)).toHaveLength(0);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/sudoku/custom', payload: { puzzle: UNIQUE } })).statusCode,
      ).toBe(401);
    });
  });
});
