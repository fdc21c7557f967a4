import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { generatePuzzle, mulberry32 } from '../engine/index.js';
import { encodeBoard } from '../games/board-codec.js';
import { CUSTOM_CHECKS_PER_ADDRESS, CUSTOM_CHECKS_PER_USER } from './sudoku-puzzles.routes.js';

/** "AI Escargot" and Arto Inkala's "world's hardest": one solution, but beyond the techniques we grade with. */
const AI_ESCARGOT = '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..';
const INKALA = '800000000003600000070090200050007000000045700000100030001000068008500010090000400';
const INKALA_SOLUTION = '812753649943682175675491283154237896369845721287169534521974368438526917796318452';
const UNIQUE = encodeBoard(generatePuzzle('medium', mulberry32(2026)).puzzle).replaceAll('0', '.');
/** Refused at once (clashing clues): a cheap call that still counts towards the limits. */
const CLASHING = `55${UNIQUE.slice(2)}`;

/** Own and shared puzzles beyond our techniques (the expert grade), and the limits on checking puzzles. */
describe.each(testDatabaseKinds)('Sudoku own puzzles: expert grade and limits on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const custom = (user: TestUser, puzzle: unknown, path = 'custom', remoteAddress?: string) =>
    injectAs(t.app, user, {
      method: 'POST',
      url: `/api/sudoku/${path}`,
      payload: { puzzle },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const rows = (user: TestUser) =>
    t.database.handle.db.selectFrom('sudoku_games').selectAll().where('user_id', '=', user.id).execute();

  it.each([
    ['Inkala', INKALA],
    ['AI Escargot', AI_ESCARGOT],
  ])('accepts %s, which needs guessing, as expert', async (_name, puzzle) => {
    const user = await signUp(t.app);
    const checked = await custom(user, puzzle, 'custom/check');
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ difficulty: 'expert', share: puzzle.replaceAll('0', '.') });
    const res = await custom(user, puzzle);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ difficulty: 'expert', source: 'custom', grade: { difficulty: 'expert' } });
    const saved = await injectAs(t.app, user, { method: 'GET', url: '/api/sudoku/savedGames' });
    expect(saved.json()[0].difficulty).toBe('expert');
  });

  it("an expert game's hints fall back to revealing a cell where the techniques are stuck", async () => {
    const user = await signUp(t.app);
    const game = (await custom(user, INKALA)).json();
    let board = game.puzzle.map((row: { value: number }[]) => row.map((c) => c.value));
    const kinds = new Set<string>();
    for (let i = 0; i < 200 && !kinds.has('reveal'); i++) {
      const res = await injectAs(t.app, user, {
        method: 'POST',
        url: '/api/sudoku/hint',
        payload: { gameid: game.id, board, apply: true },
      });
      expect(res.statusCode).toBe(200);
      const { hint } = res.json();
      kinds.add(hint.kind);
      if (hint.kind === 'reveal') {
        const [, r, c] = /^r(\d)c(\d)$/.exec(hint.placement.cell)!.map(Number);
        expect(hint.placement.digit).toBe(Number(INKALA_SOLUTION[(r! - 1) * 9 + (c! - 1)]));
      }
      board = res.json().board;
    }
    expect(kinds.has('reveal')).toBe(true);
  });

  it('the level statistics and best times list expert games too', async () => {
    const user = await signUp(t.app);
    const game = (await custom(user, INKALA)).json();
    const solved = game.transformed_solution.map((row: { value: number }[]) => row.map((c) => c.value));
    const won = await injectAs(t.app, user, {
      method: 'POST',
      url: '/api/sudoku/checkSolution',
      payload: { board: solved, gameid: game.id },
    });
    expect(won.json().isCorrect).toBe(true);
    const levels = await injectAs(t.app, user, { method: 'GET', url: '/api/sudoku/stats/levels' });
    expect(levels.json().expert).toMatchObject({ games: 1, won: 1 });
    const stats = await injectAs(t.app, user, { method: 'GET', url: '/api/sudoku/stats' });
    expect(stats.json().best).toMatchObject({ easy: null, expert: expect.any(Number) });
  });

  it('limits checks per user: one more than the limit in a minute answers 429 with Retry-After', async () => {
    const user = await signUp(t.app);
    const address = `10.7.${kind.length}.1`;
    for (let i = 0; i < CUSTOM_CHECKS_PER_USER; i++) {
      const path = i % 2 ? 'custom' : 'custom/check';
      expect((await custom(user, CLASHING, path, address)).statusCode).toBe(400);
    }
    const limited = await custom(user, UNIQUE, 'custom/check', address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await custom(user, UNIQUE, 'custom', `10.8.${kind.length}.1`)).statusCode).toBe(429);
    // Another user behind the same address still has checks left.
    expect((await custom(await signUp(t.app), UNIQUE, 'custom/check', address)).statusCode).toBe(200);
    expect(await rows(user)).toHaveLength(0);
  });

  it('limits checks per address, whoever is signed in', async () => {
    const address = `10.9.${kind.length}.1`;
    for (let i = 0; i < CUSTOM_CHECKS_PER_ADDRESS; i += CUSTOM_CHECKS_PER_USER) {
      const user = await signUp(t.app);
      for (let j = 0; j < CUSTOM_CHECKS_PER_USER; j++) {
        expect((await custom(user, CLASHING, 'custom/check', address)).statusCode).toBe(400);
      }
    }
    const fresh = await signUp(t.app);
    expect((await custom(fresh, UNIQUE, 'custom/check', address)).statusCode).toBe(429);
    expect((await custom(fresh, UNIQUE, 'custom/check', `10.10.${kind.length}.1`)).statusCode).toBe(200);
  });
});
