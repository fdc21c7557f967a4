import { describe, expect, it } from 'vitest';
import { cells, PUZZLE, SOLUTION } from '../test-fixtures';
import {
  boxOf,
  canRedo,
  canUndo,
  cellsInUnits,
  cellValues,
  cluesOf,
  createGameState,
  digitCounts,
  findConflicts,
  flatten,
  type GameAction,
  type GameState,
  gameReducer,
  indexOf,
  isDirty,
  noteDigits,
  PEERS,
  sanitizeCellInput,
  toBoard,
  toCellBoard,
  UNITS,
} from './game-state';

const run = (state: GameState, ...actions: GameAction[]) => actions.reduce(gameReducer, state);
const fresh = () => createGameState(PUZZLE);
/** Row 1, column 3 (index 2) is empty in the puzzle; row 1, column 1 (index 0) is the clue 5. */
const EMPTY = indexOf(0, 2);
const CLUE = indexOf(0, 0);

describe('sanitizeCellInput', () => {
  it('keeps one digit 1-9 and strips everything else', () => {
    expect(sanitizeCellInput('7')).toBe(7);
    expect(sanitizeCellInput('a7b')).toBe(7);
    expect(sanitizeCellInput(' 3 ')).toBe(3);
    expect(sanitizeCellInput('12')).toBe(1);
  });

  it('counts empty, 0 and non-digits as 0', () => {
    expect(sanitizeCellInput('')).toBe(0);
    expect(sanitizeCellInput('0')).toBe(0);
    expect(sanitizeCellInput('x')).toBe(0);
    expect(sanitizeCellInput('-')).toBe(0);
    expect(sanitizeCellInput('٣')).toBe(0);
  });

  it('lets a newly typed digit replace the previous one', () => {
    expect(sanitizeCellInput('35', 3)).toBe(5);
    expect(sanitizeCellInput('53', 3)).toBe(5);
    expect(sanitizeCellInput('33', 3)).toBe(3);
  });
});

describe('board helpers', () => {
  it('numbers boxes row-major and knows the 27 units and 20 peers of each cell', () => {
    expect(boxOf(indexOf(0, 0))).toBe(0);
    expect(boxOf(indexOf(4, 4))).toBe(4);
    expect(boxOf(indexOf(8, 6))).toBe(8);
    expect(UNITS).toHaveLength(27);
    expect(PEERS.every((peers) => peers.length === 20)).toBe(true);
  });

  it('round-trips boards and counts digits', () => {
    expect(toBoard(flatten(SOLUTION))).toEqual(SOLUTION);
    expect(digitCounts(flatten(SOLUTION)).slice(1)).toEqual([9, 9, 9, 9, 9, 9, 9, 9, 9]);
  });

  it('maps the rows, columns and boxes of a check result to cells', () => {
    const cells = cellsInUnits({ rows: [0], columns: [8], boxes: [4] });
    expect(cells.has(indexOf(0, 4))).toBe(true);
    expect(cells.has(indexOf(5, 8))).toBe(true);
    expect(cells.has(indexOf(4, 4))).toBe(true);
    expect(cells.has(indexOf(8, 0))).toBe(false);
    expect(cells.size).toBe(9 + 8 + 9);
  });
});

describe('findConflicts', () => {
  it('finds nothing on a solved board', () => {
    expect(findConflicts(flatten(SOLUTION)).some(Boolean)).toBe(false);
  });

  it('marks both copies of a digit repeated in a row, column or box', () => {
    const values = flatten(PUZZLE);
    values[EMPTY] = 5; // the clue 5 is in row 1, column 1
    const conflicts = findConflicts(values);
    expect(conflicts[EMPTY]).toBe(true);
    expect(conflicts[CLUE]).toBe(true);
    expect(conflicts.filter(Boolean)).toHaveLength(2);

    const column = flatten(PUZZLE);
    column[indexOf(8, 0)] = 8; // 8 is a clue in row 4, column 1
    expect(findConflicts(column)[indexOf(3, 0)]).toBe(true);

    const box = flatten(PUZZLE);
    box[indexOf(1, 1)] = 9; // 9 is a clue in row 3, column 2, same box
    expect(findConflicts(box)[indexOf(2, 1)]).toBe(true);
  });
});

describe('gameReducer', () => {
  it('starts from the saved board and locks the clues', () => {
    const current = PUZZLE.map((row) => [...row]);
    current[0]![2] = 4;
    current[0]![0] = 9; // a tampered clue still shows the puzzle's digit
    const state = createGameState(PUZZLE, current);
    expect(state.values[EMPTY]).toBe(4);
    expect(state.values[CLUE]).toBe(5);
    expect(state.clues[CLUE]).toBe(true);
    expect(state.clues[EMPTY]).toBe(false);
    expect(isDirty(state)).toBe(false);
  });

  it('sanitises typed input: one digit, non-digits stripped, empty = 0', () => {
    let state = run(fresh(), { type: 'input', index: EMPTY, raw: 'x4y' });
    expect(state.values[EMPTY]).toBe(4);
    expect(state.selected).toBe(EMPTY);
    state = run(state, { type: 'input', index: EMPTY, raw: '47' });
    expect(state.values[EMPTY]).toBe(7);
    state = run(state, { type: 'input', index: EMPTY, raw: '' });
    expect(state.values[EMPTY]).toBe(0);
    state = run(state, { type: 'input', index: EMPTY, raw: 'abc' });
    expect(state.values[EMPTY]).toBe(0);
  });

  it('never changes a clue, by typing, digit, erase or input', () => {
    const start = run(fresh(), { type: 'select', index: CLUE });
    const after = run(
      start,
      { type: 'digit', digit: 9 },
      { type: 'erase' },
      { type: 'input', index: CLUE, raw: '1' },
      { type: 'digit', digit: 2, notes: true },
    );
    expect(after.values[CLUE]).toBe(5);
    expect(after.notes[CLUE]).toBe(0);
    expect(after.past).toHaveLength(0);
  });

  it('enters digits at the selection and erases them', () => {
    let state = run(fresh(), { type: 'select', index: EMPTY }, { type: 'digit', digit: 4 });
    expect(state.values[EMPTY]).toBe(4);
    expect(isDirty(state)).toBe(true);
    state = run(state, { type: 'erase' });
    expect(state.values[EMPTY]).toBe(0);
    expect(run(fresh(), { type: 'digit', digit: 4 }).values[EMPTY]).toBe(0); // nothing selected
  });

  it('toggles notes in notes mode, and a value clears the cell notes and the digit from its peers', () => {
    let state = run(fresh(), { type: 'select', index: EMPTY }, { type: 'toggleNotesMode' });
    expect(state.notesMode).toBe(true);
    state = run(state, { type: 'digit', digit: 1 }, { type: 'digit', digit: 2 }, { type: 'digit', digit: 4 });
    expect(noteDigits(state.notes[EMPTY]!)).toEqual([1, 2, 4]);
    state = run(state, { type: 'digit', digit: 2 });
    expect(noteDigits(state.notes[EMPTY]!)).toEqual([1, 4]);
    expect(state.values[EMPTY]).toBe(0);

    // A peer's note of 4 goes when 4 is placed here; notes elsewhere stay.
    const peer = indexOf(0, 3);
    const far = indexOf(8, 8 - 1);
    state = run(state, { type: 'select', index: peer }, { type: 'digit', digit: 4 });
    state = run(state, { type: 'select', index: indexOf(8, 0) }, { type: 'digit', digit: 4 });
    state = run(state, { type: 'toggleNotesMode' }, { type: 'select', index: EMPTY }, { type: 'digit', digit: 4 });
    expect(state.values[EMPTY]).toBe(4);
    expect(state.notes[EMPTY]).toBe(0);
    expect(state.notes[peer]).toBe(0);
    expect(noteDigits(state.notes[indexOf(8, 0)]!)).toEqual([4]);
    expect(state.notes[far]).toBe(0);
  });

  it('Shift-style note entry works outside notes mode, and not on filled cells', () => {
    let state = run(fresh(), { type: 'select', index: EMPTY }, { type: 'digit', digit: 3, notes: true });
    expect(noteDigits(state.notes[EMPTY]!)).toEqual([3]);
    state = run(state, { type: 'digit', digit: 6 }, { type: 'digit', digit: 1, notes: true });
    expect(state.values[EMPTY]).toBe(6);
    expect(state.notes[EMPTY]).toBe(0);
  });

  it('undoes and redoes edits, and a new edit drops the redo history', () => {
    let state = run(
      fresh(),
      { type: 'select', index: EMPTY },
      { type: 'digit', digit: 1 },
      { type: 'digit', digit: 2 },
    );
    expect(canUndo(state)).toBe(true);
    state = run(state, { type: 'undo' });
    expect(state.values[EMPTY]).toBe(1);
    state = run(state, { type: 'undo' });
    expect(state.values[EMPTY]).toBe(0);
    expect(canUndo(state)).toBe(false);
    state = run(state, { type: 'undo' }); // nothing left: no change
    expect(state.values[EMPTY]).toBe(0);
    state = run(state, { type: 'redo' });
    expect(state.values[EMPTY]).toBe(1);
    expect(canRedo(state)).toBe(true);
    state = run(state, { type: 'digit', digit: 9 });
    expect(canRedo(state)).toBe(false);
    expect(run(state, { type: 'redo' }).values[EMPTY]).toBe(9);
  });

  it('undoes notes too, and skips no-op edits', () => {
    let state = run(fresh(), { type: 'select', index: EMPTY }, { type: 'digit', digit: 5, notes: true });
    state = run(state, { type: 'undo' });
    expect(state.notes[EMPTY]).toBe(0);
    const once = run(
      fresh(),
      { type: 'select', index: EMPTY },
      { type: 'digit', digit: 3 },
      { type: 'digit', digit: 3 },
    );
    expect(once.past).toHaveLength(1);
  });

  it('ignores edits, moves and history while paused', () => {
    const playing = run(fresh(), { type: 'select', index: EMPTY }, { type: 'digit', digit: 1 });
    const paused = run(playing, { type: 'setPaused', paused: true });
    const after = run(
      paused,
      { type: 'digit', digit: 2 },
      { type: 'input', index: EMPTY, raw: '3' },
      { type: 'erase' },
      { type: 'undo' },
      { type: 'move', rows: 1, cols: 0 },
      { type: 'select', index: 80 },
    );
    expect(after).toBe(paused);
    expect(canUndo(paused)).toBe(false);
    const resumed = run(after, { type: 'setPaused', paused: false }, { type: 'digit', digit: 2 });
    expect(resumed.values[EMPTY]).toBe(2);
  });

  it('moves the selection with clamping at the edges', () => {
    let state = run(fresh(), { type: 'move', rows: 0, cols: 1 });
    expect(state.selected).toBe(0); // the first move selects the first cell
    state = run(state, { type: 'move', rows: -1, cols: -1 });
    expect(state.selected).toBe(0);
    state = run(state, { type: 'move', rows: 1, cols: 0 }, { type: 'move', rows: 0, cols: 1 });
    expect(state.selected).toBe(indexOf(1, 1));
    state = run(state, { type: 'moveTo', col: 8 });
    expect(state.selected).toBe(indexOf(1, 8));
    state = run(state, { type: 'move', rows: 0, cols: 1 });
    expect(state.selected).toBe(indexOf(1, 8));
    state = run(state, { type: 'moveTo', row: 8, col: 8 });
    expect(state.selected).toBe(80);
  });

  it('locks the board when the game ends, optionally showing the solution', () => {
    const played = run(fresh(), { type: 'select', index: EMPTY }, { type: 'digit', digit: 2 });
    const lost = run(played, { type: 'finish', values: flatten(SOLUTION) });
    expect(lost.values).toEqual(flatten(SOLUTION));
    expect(lost.over).toBe(true);
    expect(run(lost, { type: 'digit', digit: 1 }, { type: 'undo' }, { type: 'setPaused', paused: true })).toBe(lost);
    const won = run(played, { type: 'finish' });
    expect(won.values[EMPTY]).toBe(2);
  });

  it('tracks unsaved changes against the last save', () => {
    const state = run(fresh(), { type: 'select', index: EMPTY }, { type: 'digit', digit: 2 });
    expect(isDirty(state)).toBe(true);
    expect(isDirty(run(state, { type: 'markSaved', values: state.values }))).toBe(false);
  });
});

describe('the API boards of { value, clue } cells', () => {
  it('read as values and clues, and go back as cells carrying both', () => {
    const state = cells(PUZZLE).map((row) => row.map((cell) => ({ ...cell })));
    state[0]![2] = { value: 4, clue: false };
    expect(cellValues(state)[0]).toEqual([5, 3, 4, 0, 7, 0, 0, 0, 0]);
    expect(cluesOf(state)).toEqual(PUZZLE);
    const game = createGameState(cluesOf(state), cellValues(state));
    expect(toCellBoard(game.values, game.clues)).toEqual(state);
  });
});
