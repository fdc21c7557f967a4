import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';

type Cell = { value: number };

/**
 * The kept statistics (migration 027) through the API: another user, holding the first one's game
 * ids, can neither read nor change the first one's statistics. On both databases: the rows are
 * written by triggers, which the route suites' SQLite alone would not check on PostgreSQL.
 */
describe.each(testDatabaseKinds)('Sudoku statistics between users on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    injectAs(t.app, user, { method, url, ...(payload ? { payload } : {}) });
  const play = async (user: TestUser, difficulty: string) => {
    const res = await call(user, 'GET', `/api/sudoku/play?difficulty=${difficulty}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { id: number; transformed_solution: Cell[][] };
  };
  const statsOf = async (user: TestUser) => ({
    stats: (await call(user, 'GET', '/api/sudoku/stats')).body,
    levels: (await call(user, 'GET', '/api/sudoku/stats/levels')).body,
  });

  it("another user can neither see nor change a user's statistics", async () => {
    const won = await play(alice, 'easy');
    expect((await call(alice, 'PUT', '/api/sudoku/updateTime', { sudoku_id: won.id, time: 42 })).statusCode).toBe(200);
    const board = won.transformed_solution.map((row) => row.map((cell) => cell.value));
    const check = await call(alice, 'POST', '/api/sudoku/checkSolution', { board, gameid: won.id });
    expect(check.json()).toMatchObject({ isCorrect: true });
    const lost = await play(alice, 'medium');
    expect((await call(alice, 'PUT', '/api/sudoku/giveUp', { gameid: lost.id })).statusCode).toBe(200);
    const playing = await play(alice, 'hard');
    const before = await statsOf(alice);
    expect(JSON.parse(before.stats)).toEqual({
      best: { easy: 42, medium: null, hard: null, expert: null },
      won: 1,
      lost: 1,
    });

    // Bob tries every change on each of Alice's games, then finishes one of his own.
    for (const id of [won.id, lost.id, playing.id]) {
      const hardBoard = playing.transformed_solution.map((row) => row.map((cell) => cell.value));
      const tries = [
        call(bob, 'PUT', '/api/sudoku/giveUp', { gameid: id }),
        call(bob, 'POST', '/api/sudoku/checkSolution', { board: hardBoard, gameid: id }),
        call(bob, 'PUT', '/api/sudoku/updateTime', { sudoku_id: id, time: 1 }),
        call(bob, 'DELETE', '/api/sudoku/deleteGame', { gameid: id }),
      ];
      for (const res of await Promise.all(tries)) expect(res.statusCode).toBe(404);
    }
    const his = await play(bob, 'easy');
    expect((await call(bob, 'PUT', '/api/sudoku/giveUp', { gameid: his.id })).statusCode).toBe(200);

    expect(await statsOf(alice)).toEqual(before);
    const bobs = await statsOf(bob);
    expect(JSON.parse(bobs.stats)).toEqual({
      best: { easy: null, medium: null, hard: null, expert: null },
      won: 0,
      lost: 1,
    });
    const levels = JSON.parse(bobs.levels);
    expect(levels.easy).toMatchObject({ games: 1, won: 0, lost: 1, current_streak: 0 });
    expect([levels.medium.games, levels.hard.games, levels.expert.games]).toEqual([0, 0, 0]);
  });
});
