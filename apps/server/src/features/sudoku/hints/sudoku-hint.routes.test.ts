import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { cellIndex } from '../engine/index.js';

type Board = number[][];
interface Game {
  id: number;
  puzzle: Board;
  solution: Board;
}
const values = (b: { value: number }[][]): Board => b.map((r) => r.map((cell) => cell.value));
const at = (b: Board, cell: number) => b[Math.floor(cell / 9)]![cell % 9]!;
const set = (b: Board, cell: number, v: number) => {
  const next = b.map((r) => [...r]);
  next[Math.floor(cell / 9)]![cell % 9] = v;
  return next;
};
const firstEmpty = (b: Board) => b.flat().indexOf(0);

describe.each(testDatabaseKinds)('Sudoku hints API on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    injectAs(t.app, user, { method, url, ...(payload ? { payload } : {}) });
  const hint = (user: TestUser, payload: object) => call(user, 'POST', '/api/sudoku/hint', payload);
  const play = async (user: TestUser, difficulty = 'medium'): Promise<Game> => {
    const res = await call(user, 'GET', `/api/sudoku/play?difficulty=${difficulty}`);
    expect(res.statusCode).toBe(200);
    const game = res.json();
    return { id: game.id, puzzle: values(game.puzzle), solution: values(game.transformed_solution) };
  };
  const row = (id: number) =>
    t.database.handle.db.selectFrom('sudoku_games').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('answers a valid step, counts it, and shows the count on the game', async () => {
    const game = await play(alice);
    for (const expected of [1, 2]) {
      const res = await hint(alice, { gameid: game.id, board: game.puzzle });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.hints_used).toBe(expected);
      expect(body.hint.kind).toBe('step');
      expect(body.hint.text).toMatch(/r\dc\d/);
      if (body.hint.placement) {
        expect(body.hint.placement.digit).toBe(at(game.solution, cellIndex(body.hint.placement.cell)));
      }
      for (const e of body.hint.eliminations) expect(e.digit).not.toBe(at(game.solution, cellIndex(e.cell)));
    }
    const resumed = (await call(alice, 'GET', `/api/sudoku/game?id=${game.id}`)).json();
    expect(resumed).toMatchObject({ hints_used: 2, checks_used: 0 });
  });

  it('points to a wrong digit first, and applies a hint when asked (level 3)', async () => {
    const game = await play(alice);
    const cell = firstEmpty(game.puzzle);
    const wrongDigit = (at(game.solution, cell) % 9) + 1;
    const wrong = set(game.puzzle, cell, wrongDigit);
    const res = await hint(alice, { gameid: game.id, board: wrong, apply: true });
    expect(res.json().hint).toMatchObject({
      kind: 'mistake',
      cells: [`r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`],
    });
    expect(res.json().board).toEqual(game.puzzle);
    expect((await row(game.id)).state).toBe(game.puzzle.flat().join(''));

    // Singles only (easy): every hint places a digit, so applying them on the server solves the stored board.
    const easy = await play(alice, 'easy');
    let board = easy.puzzle;
    for (let n = 0; n < 81 && board.flat().includes(0); n++) {
      const body = (await hint(alice, { gameid: easy.id, board, apply: true })).json();
      expect(body.hint.placement.digit).toBe(at(easy.solution, cellIndex(body.hint.placement.cell)));
      board = body.board;
    }
    expect(board).toEqual(easy.solution);
    expect((await row(easy.id)).state).toBe(easy.solution.flat().join(''));
    const done = (await hint(alice, { gameid: easy.id, board })).json();
    expect(done.hint.kind).toBe('solved');
    expect(done.hints_used).toBe((await row(easy.id)).hints_used); // a solved board costs no hint
  });

  it('uses notes only as a start: a note dropping the right digit is ignored', async () => {
    const game = await play(alice, 'easy');
    const notes = game.puzzle.map((r) => r.map(() => [] as number[]));
    const cell = firstEmpty(game.puzzle);
    notes[Math.floor(cell / 9)]![cell % 9] = [at(game.solution, cell) === 1 ? 2 : 1]; // wrong on purpose
    const res = await hint(alice, { gameid: game.id, board: game.puzzle, notes });
    expect(res.statusCode).toBe(200);
    const h = res.json().hint;
    if (h.placement) expect(h.placement.digit).toBe(at(game.solution, cellIndex(h.placement.cell)));
  });

  it('counts checks made with the game id', async () => {
    const game = await play(alice);
    await call(alice, 'POST', '/api/sudoku/checkSolution', { board: game.puzzle, gameid: game.id });
    await call(alice, 'POST', '/api/sudoku/checkSolution', { board: game.puzzle });
    expect((await row(game.id)).checks_used).toBe(1);
    await call(alice, 'POST', '/api/sudoku/checkSolution', { board: game.solution, gameid: game.id });
    expect(await row(game.id)).toMatchObject({ checks_used: 2, status: 'won' });
  });

  it("does not count the game's own check of a full board (auto), which still wins the game", async () => {
    const game = await play(alice);
    const res = await call(alice, 'POST', '/api/sudoku/checkSolution', {
      board: game.solution,
      gameid: game.id,
      auto: true,
    });
    expect(res.json().isCorrect).toBe(true);
    expect(await row(game.id)).toMatchObject({ checks_used: 0, status: 'won' });
  });

  it('counts every one of parallel hints', async () => {
    const game = await play(alice);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => hint(alice, { gameid: game.id, board: game.puzzle })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.map((r) => r.json().hints_used).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await row(game.id)).hints_used).toBe(6);
  });

  it('answers 409 for a finished game and changes nothing', async () => {
    const game = await play(alice);
    await call(alice, 'PUT', '/api/sudoku/giveUp', { gameid: game.id });
    const res = await hint(alice, { gameid: game.id, board: game.puzzle });
    expect(res.statusCode).toBe(409);
    expect((await row(game.id)).hints_used).toBe(0);
  });

  it.each([
    ['a missing board', (g: Game) => ({ gameid: g.id })],
    ['eight rows', (g: Game) => ({ gameid: g.id, board: g.puzzle.slice(1) })],
    ['a digit 10', (g: Game) => ({ gameid: g.id, board: set(g.puzzle, firstEmpty(g.puzzle), 10) })],
    [
      'a changed clue',
      (g: Game) => ({
        gameid: g.id,
        board: set(
          g.puzzle,
          g.puzzle.flat().findIndex((v) => v !== 0),
          0,
        ),
      }),
    ],
    ['bad notes', (g: Game) => ({ gameid: g.id, board: g.puzzle, notes: [[0]] })],
    ['a text apply', (g: Game) => ({ gameid: g.id, board: g.puzzle, apply: 'yes' })],
    ['no game id', (g: Game) => ({ board: g.puzzle })],
  ])('refuses %s with 400 and changes nothing', async (_label, payload) => {
    const game = await play(alice);
    const res = await hint(alice, payload(game));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400 });
    expect((await row(game.id)).hints_used).toBe(0);
  });

  it('gives another user 404 for her game and changes nothing; 401 without a session; 403 without CSRF', async () => {
    const game = await play(alice);
    const before = await row(game.id);
    expect((await hint(bob, { gameid: game.id, board: game.puzzle, apply: true })).statusCode).toBe(404);
    expect(
      (await call(bob, 'POST', '/api/sudoku/checkSolution', { board: game.puzzle, gameid: game.id })).statusCode,
    ).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/sudoku/hint',
      payload: { gameid: game.id, board: game.puzzle },
    });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/sudoku/hint',
      payload: { gameid: game.id, board: game.puzzle, apply: true },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await row(game.id)).toEqual(before);
  });
});
