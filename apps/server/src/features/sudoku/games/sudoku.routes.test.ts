import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../../test/test-databases.js';

type Board = number[][];
type Cell = { value: number; clue: boolean };
type CellBoard = Cell[][];
interface Game {
  id: number;
  difficulty: string;
  time: number;
  status: string;
  created_at: string;
  player: { id: number };
  transformed_state: CellBoard;
  transformed_solution: CellBoard;
  puzzle: CellBoard;
}
/** A game with its boards read as integers, the way the tests build the boards they send. */
interface PlainGame extends Omit<Game, 'transformed_state' | 'transformed_solution' | 'puzzle'> {
  transformed_state: Board;
  transformed_solution: Board;
  puzzle: Board;
  cells: Game;
}

const values = (b: CellBoard): Board => b.map((r) => r.map((cell) => cell.value));
/** An integer board as cells, clues flagged as in `puzzle`, each with the client-only `error` flag. */
const asCells = (b: Board, puzzle: Board) =>
  b.map((r, i) => r.map((value, j) => ({ value, clue: (puzzle[i]?.[j] ?? 0) !== 0, error: false })));
const copy = (b: Board) => b.map((r) => [...r]);
/** A different valid grid: swapping two digits everywhere keeps every unit valid but breaks the clues. */
const swapDigits = (b: Board) => b.map((r) => r.map((v) => (v === 1 ? 2 : v === 2 ? 1 : v)));

describe.each(routeTestDatabaseKinds)('Sudoku API on %s', (kind) => {
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
  const play = async (user: TestUser, difficulty = 'easy'): Promise<PlainGame> => {
    const res = await call(user, 'GET', `/api/sudoku/play?difficulty=${difficulty}&userid=${user.id}`);
    expect(res.statusCode).toBe(200);
    const game: Game = res.json();
    return {
      ...game,
      transformed_state: values(game.transformed_state),
      transformed_solution: values(game.transformed_solution),
      puzzle: values(game.puzzle),
      cells: game,
    };
  };
  const saved = async (user: TestUser): Promise<Game[]> =>
    (await call(user, 'GET', `/api/sudoku/savedGames?userid=${user.id}`)).json();
  const row = (id: number) =>
    t.database.handle.db.selectFrom('sudoku_games').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('play', () => {
    it.each(['easy', 'medium', 'hard'])('starts a %s game whose solution fits its clues', async (difficulty) => {
      const game = await play(alice, difficulty);
      expect(game).toMatchObject({ difficulty, time: 0, status: 'playing', player: { id: alice.id } });
      // Boards are 9×9 { value, clue } cells; exactly the puzzle's digits are clues, in every board.
      for (const board of [game.cells.transformed_state, game.cells.transformed_solution, game.cells.puzzle]) {
        expect(board).toHaveLength(9);
        board.forEach((r, i) => {
          expect(r).toHaveLength(9);
          r.forEach((cell, j) => {
            expect(Object.keys(cell).sort()).toEqual(['clue', 'value']);
            expect(cell.clue).toBe((game.puzzle[i]?.[j] ?? 0) !== 0);
          });
        });
      }
      expect(game.transformed_solution.flat().every((v) => v >= 1 && v <= 9)).toBe(true);
      expect(game.transformed_state).toEqual(game.puzzle);
      for (let r = 0; r < 9; r++) {
        for (let c = 0; c < 9; c++) {
          const clue = game.puzzle[r]?.[c] ?? 0;
          if (clue !== 0) expect(game.transformed_solution[r]?.[c]).toBe(clue);
        }
      }
      const check = await call(alice, 'POST', '/api/sudoku/checkSolution', { board: game.transformed_solution });
      expect(check.json()).toEqual({
        status: 'success',
        isCorrect: true,
        errors: { rows: [], columns: [], boxes: [] },
      });
    });

    it('defaults to easy and refuses an unknown difficulty', async () => {
      const res = await call(alice, 'GET', '/api/sudoku/play');
      expect(res.json().difficulty).toBe('easy');
      const bad = await call(alice, 'GET', '/api/sudoku/play?difficulty=impossible');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, code: 400, fields: { difficulty: expect.any(String) } });
    });
  });

  it('lists unfinished games newest first, and resumes one by id', async () => {
    const user = await signUp(t.app);
    const first = await play(user);
    const second = await play(user, 'medium');
    const list = await saved(user);
    expect(list.map((g) => g.id)).toEqual([second.id, first.id]);
    expect(list[1]).toEqual(first.cells);
    expect(list[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const resumed = await call(user, 'GET', `/api/sudoku/game?id=${first.id}`);
    expect(resumed.json()).toEqual(first.cells);
  });

  describe('updateTime', () => {
    it('only lets the time grow', async () => {
      const game = await play(alice);
      const up = await call(alice, 'PUT', '/api/sudoku/updateTime', { sudoku_id: game.id, time: 42 });
      expect(up.json()).toEqual({ success: true, time: 42 });
      const down = await call(alice, 'PUT', '/api/sudoku/updateTime', { sudoku_id: game.id, time: 5 });
      expect(down.json()).toEqual({ success: true, time: 42 });
      expect((await row(game.id)).time).toBe(42);
    });

    it.each([
      ['negative', -1],
      ['fractional', 1.5],
      ['text', 'ten'],
      ['beyond 100 hours', 360_001],
    ])('refuses a %s time with 400', async (_label, time) => {
      const game = await play(alice);
      const res = await call(alice, 'PUT', '/api/sudoku/updateTime', { sudoku_id: game.id, time });
      expect(res.statusCode).toBe(400);
      expect((await row(game.id)).time).toBe(0);
    });
  });

  describe('saveGame', () => {
    it('saves the board and the time', async () => {
      const game = await play(alice);
      const board = copy(game.puzzle);
      const emptyIndex = board.flat().indexOf(0);
      const r = Math.floor(emptyIndex / 9);
      const c = emptyIndex % 9;
      (board[r] as number[])[c] = game.transformed_solution[r]?.[c] ?? 1;
      const res = await call(alice, 'PUT', '/api/sudoku/saveGame', {
        gameid: game.id,
        userid: alice.id,
        current_state: board,
        time: 77,
      });
      expect(res.json()).toEqual({ success: true, time: 77 });
      const resumed = (await call(alice, 'GET', `/api/sudoku/game?id=${game.id}`)).json();
      expect(resumed.transformed_state).toEqual(
        asCells(board, game.puzzle).map((r) => r.map(({ error: _, ...c }) => c)),
      );
      expect(resumed.time).toBe(77);
    });

    /** The puzzle with its first empty cell filled from the solution; returns the board and that cell. */
    const oneMove = (game: PlainGame) => {
      const board = copy(game.puzzle);
      const at = board.flat().indexOf(0);
      const [r, c] = [Math.floor(at / 9), at % 9];
      (board[r] as number[])[c] = game.transformed_solution[r]?.[c] ?? 1;
      return { board, r, c };
    };
    const stateOf = async (id: number) =>
      values((await call(alice, 'GET', `/api/sudoku/game?id=${id}`)).json().transformed_state);

    it('saves a board of { value, clue } cells, ignoring the client-only error flag', async () => {
      const game = await play(alice);
      const { board, r, c } = oneMove(game);
      const cells = asCells(board, game.puzzle);
      (cells[r] as { error: boolean }[])[c]!.error = true;
      const res = await call(alice, 'PUT', '/api/sudoku/saveGame', { gameid: game.id, current_state: cells, time: 5 });
      expect(res.json()).toEqual({ success: true, time: 5 });
      expect(await stateOf(game.id)).toEqual(board);
    });

    it('reads a cell without value as empty, and ignores the clue flags a client sends', async () => {
      const game = await play(alice);
      const { board, r, c } = oneMove(game);
      const saved1 = asCells(board, game.puzzle);
      expect(
        (await call(alice, 'PUT', '/api/sudoku/saveGame', { gameid: game.id, current_state: saved1, time: 1 }))
          .statusCode,
      ).toBe(200);
      // Clear the move with a value-less cell, and flag every cell as a clue: the clues stay the puzzle's.
      const cleared = asCells(game.puzzle, game.puzzle).map((row, i) =>
        row.map((cell, j) => (i === r && j === c ? { clue: true } : { ...cell, clue: true })),
      );
      const res = await call(alice, 'PUT', '/api/sudoku/saveGame', {
        gameid: game.id,
        current_state: cleared,
        time: 2,
      });
      expect(res.statusCode).toBe(200);
      expect(await stateOf(game.id)).toEqual(game.puzzle);
      const resumed: Game = (await call(alice, 'GET', `/api/sudoku/game?id=${game.id}`)).json();
      expect(resumed.transformed_state[r]?.[c]).toEqual({ value: 0, clue: false });
    });

    it('still accepts integer boards, and boards mixing integers and cells', async () => {
      const game = await play(alice);
      const { board } = oneMove(game);
      const plain = await call(alice, 'PUT', '/api/sudoku/saveGame', {
        gameid: game.id,
        current_state: board,
        time: 3,
      });
      expect(plain.statusCode).toBe(200);
      expect(await stateOf(game.id)).toEqual(board);
      const mixed = asCells(board, game.puzzle).map((row, i) => (i % 2 ? board[i] : row));
      const res = await call(alice, 'PUT', '/api/sudoku/saveGame', { gameid: game.id, current_state: mixed, time: 4 });
      expect(res.statusCode).toBe(200);
      expect(await stateOf(game.id)).toEqual(board);
    });

    it('refuses a board that changes or clears a clue, in either shape, and changes nothing', async () => {
      const game = await play(alice);
      const board = copy(game.puzzle);
      const clueIndex = board.flat().findIndex((v) => v !== 0);
      const r = Math.floor(clueIndex / 9);
      const c = clueIndex % 9;
      (board[r] as number[])[c] = ((board[r]?.[c] ?? 0) % 9) + 1;
      const cleared = asCells(game.puzzle, game.puzzle).map((row, i) =>
        row.map((cell, j) => (i === r && j === c ? { value: 0, clue: false } : cell)),
      );
      const before = await row(game.id);
      for (const current_state of [board, asCells(board, game.puzzle), cleared]) {
        const res = await call(alice, 'PUT', '/api/sudoku/saveGame', { gameid: game.id, current_state, time: 3 });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Clue cells cannot be changed');
      }
      expect(await row(game.id)).toEqual(before);
    });

    const zeros = () => Array.from({ length: 9 }, () => Array(9).fill(0));
    it.each([
      ['8 rows', () => zeros().slice(1)],
      ['a row of 10', () => [Array(10).fill(0), ...zeros().slice(1)]],
      ['a 10 in a cell', () => [[10, 0, 0, 0, 0, 0, 0, 0, 0], ...zeros().slice(1)]],
      ['a negative cell', () => [[-1, 0, 0, 0, 0, 0, 0, 0, 0], ...zeros().slice(1)]],
      ['a fractional cell', () => [[1.5, 0, 0, 0, 0, 0, 0, 0, 0], ...zeros().slice(1)]],
      ['strings', () => zeros().map((r) => r.map(String))],
      ['not an array', () => 'board'],
      ['null', () => null],
      ['a null cell', () => [[null, 0, 0, 0, 0, 0, 0, 0, 0], ...zeros().slice(1)]],
      ['an array as a cell', () => [[[1], 0, 0, 0, 0, 0, 0, 0, 0], ...zeros().slice(1)]],
      ['a cell value of 10', () => [[{ value: 10, clue: false }, 0, 0, 0, 0, 0, 0, 0, 0], ...zeros().slice(1)]],
      ['a cell value as text', () => [[{ value: '1', clue: false }, 0, 0, 0, 0, 0, 0, 0, 0], ...zeros().slice(1)]],
      ['a fractional cell value', () => [[{ value: 0.5 }, 0, 0, 0, 0, 0, 0, 0, 0], ...zeros().slice(1)]],
      ['a clue flag as text', () => [[{ value: 1, clue: 'yes' }, 0, 0, 0, 0, 0, 0, 0, 0], ...zeros().slice(1)]],
      ['a row of 8 cells', () => zeros().map((r) => r.slice(1).map((value) => ({ value, clue: false })))],
    ])('refuses a board with %s (400)', async (_label, board) => {
      const game = await play(alice);
      const before = await row(game.id);
      const res = await call(alice, 'PUT', '/api/sudoku/saveGame', {
        gameid: game.id,
        current_state: board(),
        time: 1,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400 });
      expect(res.json().message).toMatch(/board|cell/i);
      expect(await row(game.id)).toEqual(before);
      const check = await call(alice, 'POST', '/api/sudoku/checkSolution', { board: board() });
      expect(check.statusCode).toBe(400);
    });
  });

  describe('checkSolution', () => {
    it('reports the rows, columns and boxes holding duplicates', async () => {
      const game = await play(alice);
      const board = copy(game.transformed_solution);
      // Copy cell (0,0) into (0,1): row 0 and box 0 now hold a duplicate, and column 1 does too.
      (board[0] as number[])[1] = board[0]?.[0] ?? 0;
      const res = await call(alice, 'POST', '/api/sudoku/checkSolution', { board });
      expect(res.json()).toEqual({
        status: 'success',
        isCorrect: false,
        errors: { rows: [0], columns: [1], boxes: [0] },
      });
    });

    it('does not count an incomplete board as correct', async () => {
      const game = await play(alice);
      const res = await call(alice, 'POST', '/api/sudoku/checkSolution', { board: game.puzzle, gameid: game.id });
      expect(res.json()).toMatchObject({ isCorrect: false, errors: { rows: [], columns: [], boxes: [] } });
      expect((await row(game.id)).status).toBe('playing');
    });

    it("with gameid, refuses a valid grid that does not keep the game's clues", async () => {
      const game = await play(alice);
      const other = swapDigits(game.transformed_solution);
      const res = await call(alice, 'POST', '/api/sudoku/checkSolution', { board: other, gameid: game.id });
      expect(res.json().isCorrect).toBe(false);
      expect((await row(game.id)).status).toBe('playing');
    });

    it('checks boards of cells (error flags ignored) and of integers alike', async () => {
      const game = await play(alice);
      const board = copy(game.transformed_solution);
      (board[0] as number[])[1] = board[0]?.[0] ?? 0;
      const cells = asCells(board, game.puzzle).map((r) => r.map((cell) => ({ ...cell, error: true })));
      const expected = { status: 'success', isCorrect: false, errors: { rows: [0], columns: [1], boxes: [0] } };
      expect((await call(alice, 'POST', '/api/sudoku/checkSolution', { board: cells })).json()).toEqual(expected);
      expect((await call(alice, 'POST', '/api/sudoku/checkSolution', { board })).json()).toEqual(expected);
      const solved = await call(alice, 'POST', '/api/sudoku/checkSolution', {
        board: game.cells.transformed_solution,
        gameid: game.id,
      });
      expect(solved.json().isCorrect).toBe(true);
      expect((await row(game.id)).status).toBe('won');
    });

    it('wins the game with its time: it leaves the saved list and sets the best time', async () => {
      const user = await signUp(t.app);
      const game = await play(user, 'medium');
      await call(user, 'PUT', '/api/sudoku/updateTime', { sudoku_id: game.id, time: 321 });
      const res = await call(user, 'POST', '/api/sudoku/checkSolution', {
        board: game.transformed_solution,
        gameid: game.id,
      });
      expect(res.json().isCorrect).toBe(true);
      expect(await row(game.id)).toMatchObject({ status: 'won', time: 321 });
      expect((await saved(user)).map((g) => g.id)).not.toContain(game.id);
      const stats = (await call(user, 'GET', '/api/sudoku/stats')).json();
      expect(stats).toEqual({ best: { easy: null, medium: 321, hard: null, expert: null }, won: 1, lost: 0 });
      // A finished game's clock is frozen.
      const late = await call(user, 'PUT', '/api/sudoku/updateTime', { sudoku_id: game.id, time: 999 });
      expect(late.statusCode).toBe(409);
    });
  });

  describe('giveUp and deleteGame', () => {
    it('gives up: the game is lost and leaves the saved list; twice is harmless', async () => {
      const game = await play(alice);
      const res = await call(alice, 'PUT', '/api/sudoku/giveUp', { gameid: game.id });
      expect(res.json()).toEqual({ success: true, message: 'Game over' });
      expect((await row(game.id)).status).toBe('lost');
      expect((await saved(alice)).map((g) => g.id)).not.toContain(game.id);
      expect((await call(alice, 'PUT', '/api/sudoku/giveUp', { gameid: game.id })).statusCode).toBe(200);
      const save = await call(alice, 'PUT', '/api/sudoku/saveGame', {
        gameid: game.id,
        current_state: game.puzzle,
        time: 9,
      });
      expect(save.statusCode).toBe(409);
    });

    it('deletes a game, then answers 404 for it', async () => {
      const game = await play(alice);
      const res = await call(alice, 'DELETE', '/api/sudoku/deleteGame', { gameid: game.id, userid: alice.id });
      expect(res.json()).toEqual({ success: true, message: 'Game deleted' });
      expect((await call(alice, 'DELETE', '/api/sudoku/deleteGame', { gameid: game.id })).statusCode).toBe(404);
      expect((await call(alice, 'GET', `/api/sudoku/game?id=${game.id}`)).statusCode).toBe(404);
    });

    it.each([
      ['missing gameid', {}],
      ['text gameid', { gameid: 'one' }],
      ['zero gameid', { gameid: 0 }],
    ])('refuses %s with 400', async (_label, payload) => {
      expect((await call(alice, 'DELETE', '/api/sudoku/deleteGame', payload)).statusCode).toBe(400);
      expect((await call(alice, 'PUT', '/api/sudoku/giveUp', payload)).statusCode).toBe(400);
    });
  });

  describe('authentication', () => {
    it('answers 401 to every call without a session', async () => {
      for (const [method, url] of [
        ['GET', '/api/sudoku/play'],
        ['GET', '/api/sudoku/savedGames'],
        ['GET', '/api/sudoku/game?id=1'],
        ['GET', '/api/sudoku/stats'],
        ['DELETE', '/api/sudoku/deleteGame'],
        ['PUT', '/api/sudoku/updateTime'],
        ['POST', '/api/sudoku/checkSolution'],
        ['PUT', '/api/sudoku/saveGame'],
        ['PUT', '/api/sudoku/giveUp'],
      ] as const) {
        const res = await t.app.inject({ method, url, ...(method === 'GET' ? {} : { payload: { gameid: 1 } }) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('refuses cookie mutations without the CSRF header', async () => {
      const game = await play(alice);
      const res = await injectAs(t.app, alice, {
        method: 'PUT',
        url: '/api/sudoku/giveUp',
        payload: { gameid: game.id },
        csrf: false,
      });
      expect(res.statusCode).toBe(403);
      expect((await row(game.id)).status).toBe('playing');
    });
  });

  describe("a second user cannot read or change the first user's games", () => {
    it('gets 404 for her game on every call and 403 when naming her', async () => {
      const game = await play(alice);
      const before = await row(game.id);
      const attempts: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
        ['resume', 'GET', `/api/sudoku/game?id=${game.id}`],
        ['delete', 'DELETE', '/api/sudoku/deleteGame', { gameid: game.id }],
        ['time', 'PUT', '/api/sudoku/updateTime', { sudoku_id: game.id, time: 500 }],
        ['save', 'PUT', '/api/sudoku/saveGame', { gameid: game.id, current_state: game.puzzle, time: 500 }],
        ['save cells', 'PUT', '/api/sudoku/saveGame', { gameid: game.id, current_state: game.cells.puzzle, time: 500 }],
        ['check', 'POST', '/api/sudoku/checkSolution', { board: game.transformed_solution, gameid: game.id }],
        [
          'check cells',
          'POST',
          '/api/sudoku/checkSolution',
          { board: game.cells.transformed_solution, gameid: game.id },
        ],
        ['give up', 'PUT', '/api/sudoku/giveUp', { gameid: game.id }],
      ];
      for (const [label, method, url, payload] of attempts) {
        expect((await call(bob, method, url, payload)).statusCode, label).toBe(404);
      }
      expect((await call(bob, 'GET', `/api/sudoku/savedGames?userid=${alice.id}`)).statusCode).toBe(403);
      expect((await call(bob, 'GET', `/api/sudoku/play?userid=${alice.id}`)).statusCode).toBe(403);
      expect(
        (await call(bob, 'DELETE', '/api/sudoku/deleteGame', { gameid: game.id, userid: alice.id })).statusCode,
      ).toBe(403);
      const claimed = { gameid: game.id, userid: alice.id, current_state: game.cells.transformed_solution, time: 1 };
      expect((await call(bob, 'PUT', '/api/sudoku/saveGame', claimed)).statusCode).toBe(403);
      expect((await saved(bob)).map((g) => g.id)).not.toContain(game.id);
      expect(await row(game.id)).toEqual(before);
    });
  });
});
