import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../../test/test-databases.js';

type Board = number[][];
interface PathStep {
  kind: 'step' | 'reveal';
  placement: { cell: string; digit: number } | null;
  eliminations?: { cell: string; digit: number }[];
  text: string;
}
const values = (b: { value: number }[][]): Board => b.map((r) => r.map((cell) => cell.value));
const index = (name: string) => (Number(name[1]) - 1) * 9 + Number(name[3]) - 1;
const peers = (a: number, b: number) =>
  a !== b &&
  (Math.floor(a / 9) === Math.floor(b / 9) ||
    a % 9 === b % 9 ||
    (Math.floor(a / 27) === Math.floor(b / 27) && Math.floor((a % 9) / 3) === Math.floor((b % 9) / 3)));

/**
 * Replays a path on pencil marks written here from the rules alone (not the engine's): candidates start as
 * every digit the clues allow; a placement must be a candidate and the solution's digit, and clears it from
 * its peers; an elimination must remove a candidate that is there and is never the solution's digit.
 */
function replay(clues: Board, solution: Board, steps: PathStep[]): Board {
  const value = clues.flat();
  const sol = solution.flat();
  const cand = value.map((v, c) =>
    v !== 0
      ? new Set<number>()
      : new Set([1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !value.some((w, p) => w === d && peers(c, p)))),
  );
  for (const step of steps) {
    if (step.placement) {
      const cell = index(step.placement.cell);
      const { digit } = step.placement;
      expect(value[cell], step.text).toBe(0);
      expect(cand[cell]!.has(digit), step.text).toBe(true);
      expect(digit, step.text).toBe(sol[cell]);
      value[cell] = digit;
      cand[cell]!.clear();
      for (const [p, set] of cand.entries()) if (peers(cell, p)) set.delete(digit);
    }
    for (const { cell: name, digit } of step.eliminations ?? []) {
      const cell = index(name);
      expect(digit, step.text).not.toBe(sol[cell]);
      expect(cand[cell]!.delete(digit), `${step.text}: ${digit} is no candidate of ${name}`).toBe(true);
    }
  }
  return Array.from({ length: 9 }, (_, r) => value.slice(r * 9, r * 9 + 9));
}

describe.each(routeTestDatabaseKinds)('Sudoku solving path API on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    user ? injectAs(t.app, user, { method, url, ...(payload ? { payload } : {}) }) : t.app.inject({ method, url });
  const play = async (user: TestUser, difficulty: string) => {
    const game = (await call(user, 'GET', `/api/sudoku/play?difficulty=${difficulty}`)).json();
    return { id: game.id as number, puzzle: values(game.puzzle), solution: values(game.transformed_solution) };
  };
  const path = (user: TestUser | null, id: number | string) => call(user, 'GET', `/api/sudoku/solving-path?id=${id}`);
  const giveUp = (user: TestUser, id: number) => call(user, 'PUT', '/api/sudoku/giveUp', { gameid: id });

  it('refuses a game still being played (409, no spoilers), and answers once it is given up', async () => {
    const game = await play(alice, 'medium');
    const playing = await path(alice, game.id);
    expect(playing.statusCode).toBe(409);
    expect(playing.json().message).toMatch(/once the game is won or given up/);

    expect((await giveUp(alice, game.id)).statusCode).toBe(200);
    const res = await path(alice, game.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id).toBe(game.id);
    expect(body.puzzle).toEqual(game.puzzle);
    expect(replay(body.puzzle, game.solution, body.steps)).toEqual(game.solution);
    // Each step is a hint's step: name, area, pattern cells with their candidates, one sentence.
    expect(body.steps[0]).toMatchObject({ kind: 'step', technique: expect.any(String), name: expect.any(String) });
    expect(Object.keys(body.steps[0]).sort()).toEqual(
      ['area', 'candidates', 'cells', 'eliminations', 'kind', 'name', 'placement', 'technique', 'text'].sort(),
    );
  });

  it('answers the owner after a win; the path of every level leads from the clues to the stored solution', async () => {
    for (const difficulty of ['easy', 'medium', 'hard']) {
      const game = await play(alice, difficulty);
      const win = await call(alice, 'POST', '/api/sudoku/checkSolution', { board: game.solution, gameid: game.id });
      expect(win.json().isCorrect).toBe(true);
      const res = await path(alice, game.id);
      expect(res.statusCode).toBe(200);
      const { steps } = res.json();
      expect(replay(game.puzzle, game.solution, steps)).toEqual(game.solution);
      // One placement per empty cell: no cell is left for the player to guess.
      const empty = game.puzzle.flat().filter((v) => v === 0).length;
      expect(steps.filter((s: PathStep) => s.placement).length).toBe(empty);
      if (difficulty !== 'easy') expect(steps.some((s: PathStep) => !s.placement)).toBe(true);
    }
  });

  it("answers 404 for another user's game and 400 for an id that is not one; 401 signed out", async () => {
    const game = await play(alice, 'easy');
    await giveUp(alice, game.id);
    const foreign = await path(bob, game.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Game not found');
    expect((await path(bob, 999_999_999)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-3', '1.5', '']) {
      const res = await path(alice, bad);
      expect(res.statusCode, `id=${bad}`).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await call(alice, 'GET', '/api/sudoku/solving-path')).statusCode).toBe(400);
    expect((await path(null, game.id)).statusCode).toBe(401);
  });
});
