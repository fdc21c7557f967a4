import { candidatesOf, cellValues, cluesOf, indexOf, maskDigits, toCellBoard, toGrid } from '@site/contract/sudoku';
import { describe, expect, it } from 'vitest';
import { cells, PUZZLE, SOLUTION } from '../test-fixtures';
import {
  COLOURS,
  canRedo,
  canUndo,
  cellsInUnits,
  createGameState,
  digitCounts,
  findConflicts,
  type GameAction,
  type GameState,
  gameReducer,
  isDirty,
  sanitizeCellInput,
  selectionOf,
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
  it('counts digits', () => {
    expect(digitCounts(toGrid(SOLUTION)).slice(1)).toEqual([9, 9, 9, 9, 9, 9, 9, 9, 9]);
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
    expect(findConflicts(toGrid(SOLUTION)).some(Boolean)).toBe(false);
  });

  it('marks both copies of a digit repeated in a row, column or box', () => {
    const values = toGrid(PUZZLE);
    values[EMPTY] = 5; // the clue 5 is in row 1, column 1
    const conflicts = findConflicts(values);
    expect(conflicts[EMPTY]).toBe(true);
    expect(conflicts[CLUE]).toBe(true);
    expect(conflicts.filter(Boolean)).toHaveLength(2);

    const column = toGrid(PUZZLE);
    column[indexOf(8, 0)] = 8; // 8 is a clue in row 4, column 1
    expect(findConflicts(column)[indexOf(3, 0)]).toBe(true);

    const box = toGrid(PUZZLE);
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
    expect(maskDigits(state.notes[EMPTY]!)).toEqual([1, 2, 4]);
    state = run(state, { type: 'digit', digit: 2 });
    expect(maskDigits(state.notes[EMPTY]!)).toEqual([1, 4]);
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
    expect(maskDigits(state.notes[indexOf(8, 0)]!)).toEqual([4]);
    expect(state.notes[far]).toBe(0);
  });

  it('Shift-style note entry works outside notes mode, and not on filled cells', () => {
    let state = run(fresh(), { type: 'select', index: EMPTY }, { type: 'digit', digit: 3, notes: true });
    expect(maskDigits(state.notes[EMPTY]!)).toEqual([3]);
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
    const lost = run(played, { type: 'finish', values: toGrid(SOLUTION) });
    expect(lost.values).toEqual(toGrid(SOLUTION));
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

/** The digits no cell of the same row, column or box holds, found by scanning the board directly. */
function expectedCandidates(values: readonly number[], index: number): number[] {
  const row = Math.floor(index / 9);
  const col = index % 9;
  const seen = new Set<number>();
  for (let i = 0; i < 9; i++) {
    seen.add(values[row * 9 + i] ?? 0);
    seen.add(values[i * 9 + col] ?? 0);
    seen.add(values[(Math.floor(row / 3) * 3 + Math.floor(i / 3)) * 9 + Math.floor(col / 3) * 3 + (i % 3)] ?? 0);
  }
  return [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !seen.has(d));
}

describe('fill all candidates (docs/product.md#sudoku-solving-tools)', () => {
  it('gives every empty cell exactly the digits its row, column and box still allow, on the current board', () => {
    // A player digit first: the fill reads the board as it is now, not the puzzle.
    let state = run(fresh(), { type: 'select', index: EMPTY }, { type: 'digit', digit: 4 });
    state = run(state, { type: 'fillCandidates' });
    let empties = 0;
    for (let i = 0; i < 81; i++) {
      if (state.values[i]) {
        expect(state.notes[i]).toBe(0);
        continue;
      }
      empties++;
      expect(maskDigits(state.notes[i]!)).toEqual(expectedCandidates(state.values, i));
    }
    expect(empties).toBe(81 - 30 - 1);
    // r1c4 (row 1: 5 3 4 . 7; column 4: 1 8 4; box 2: 1 9 5 7) leaves 2 and 6.
    expect(maskDigits(state.notes[indexOf(0, 3)]!)).toEqual([2, 6]);
    // The 4 just placed is no candidate of its peers.
    expect(maskDigits(state.notes[indexOf(0, 3)]!)).not.toContain(4);
    expect(maskDigits(candidatesOf(fresh().values, EMPTY))).toEqual([1, 2, 4]);
  });

  it('is one undoable step that replaces the notes it finds, and leaves corner and centre marks alone', () => {
    let state = run(
      fresh(),
      { type: 'select', index: EMPTY },
      { type: 'digit', digit: 9, notes: true },
      { type: 'setNoteKind', kind: 'corner' },
      { type: 'digit', digit: 2 },
    );
    const before = state;
    state = run(state, { type: 'fillCandidates' });
    expect(state.past).toHaveLength(before.past.length + 1);
    expect(maskDigits(state.notes[EMPTY]!)).toEqual([1, 2, 4]); // the noted 9 was no candidate
    expect(maskDigits(state.corner[EMPTY]!)).toEqual([2]);
    expect(state.notes[CLUE]).toBe(0);
    state = run(state, { type: 'undo' });
    expect(state.notes).toEqual(before.notes);
    expect(state.values).toEqual(before.values);
    state = run(state, { type: 'redo' });
    expect(maskDigits(state.notes[EMPTY]!)).toEqual([1, 2, 4]);
    // Filling again changes nothing, so adds no step; paused or over it does nothing.
    expect(run(state, { type: 'fillCandidates' })).toBe(state);
    const paused = run(before, { type: 'setPaused', paused: true });
    expect(run(paused, { type: 'fillCandidates' })).toBe(paused);
  });
});

describe('corner and centre marks (Snyder notation)', () => {
  it('writes the chosen kind of mark in notes mode; N, the kinds and colour mode exclude each other', () => {
    let state = run(fresh(), { type: 'select', index: EMPTY }, { type: 'setNoteKind', kind: 'corner' });
    expect(state).toMatchObject({ notesMode: true, noteKind: 'corner', colourMode: false });
    state = run(state, { type: 'digit', digit: 1 }, { type: 'digit', digit: 2 });
    expect(maskDigits(state.corner[EMPTY]!)).toEqual([1, 2]);
    expect(state.notes[EMPTY]).toBe(0);
    state = run(state, { type: 'cycleNoteKind' }, { type: 'digit', digit: 4 });
    expect(state.noteKind).toBe('centre');
    expect(maskDigits(state.centre[EMPTY]!)).toEqual([4]);
    expect(run(state, { type: 'cycleNoteKind' }).noteKind).toBe('candidates');
    // Shift+digit outside notes mode writes the chosen kind too.
    state = run(state, { type: 'toggleNotesMode' }, { type: 'digit', digit: 7, notes: true });
    expect(state.notesMode).toBe(false);
    expect(maskDigits(state.centre[EMPTY]!)).toEqual([4, 7]);
    state = run(state, { type: 'toggleColourMode' });
    expect(state).toMatchObject({ colourMode: true, notesMode: false });
    expect(run(state, { type: 'toggleNotesMode' })).toMatchObject({ colourMode: false, notesMode: true });
  });

  it('a placed digit clears the cell and leaves its peers’ candidates, corner and centre marks, not others’', () => {
    const peerInRow = indexOf(0, 3);
    const peerInBox = indexOf(1, 1);
    const peerInColumn = indexOf(4, 2);
    const far = indexOf(4, 4);
    let state = fresh();
    for (const [index, kind] of [
      [EMPTY, 'candidates'],
      [EMPTY, 'corner'],
      [peerInRow, 'candidates'],
      [peerInBox, 'corner'],
      [peerInColumn, 'centre'],
      [far, 'corner'],
      [far, 'centre'],
    ] as const) {
      state = run(
        state,
        { type: 'select', index },
        { type: 'setNoteKind', kind },
        { type: 'digit', digit: 4 },
        { type: 'digit', digit: 2 },
      );
    }
    state = run(state, { type: 'toggleNotesMode' }, { type: 'select', index: EMPTY }, { type: 'digit', digit: 4 });
    expect(state.values[EMPTY]).toBe(4);
    expect([state.notes[EMPTY], state.corner[EMPTY], state.centre[EMPTY]]).toEqual([0, 0, 0]);
    expect(maskDigits(state.notes[peerInRow]!)).toEqual([2]);
    expect(maskDigits(state.corner[peerInBox]!)).toEqual([2]);
    expect(maskDigits(state.centre[peerInColumn]!)).toEqual([2]);
    expect(maskDigits(state.corner[far]!)).toEqual([2, 4]);
    expect(maskDigits(state.centre[far]!)).toEqual([2, 4]);
    // One undo brings every mark back.
    const undone = run(state, { type: 'undo' });
    expect(maskDigits(undone.corner[peerInBox]!)).toEqual([2, 4]);
    expect(maskDigits(undone.corner[EMPTY]!)).toEqual([2, 4]);
  });

  it('Erase empties a cell’s marks of every kind; a hint’s placement clears corner and centre marks too', () => {
    let state = run(
      fresh(),
      { type: 'select', index: EMPTY },
      { type: 'digit', digit: 1, notes: true },
      { type: 'setNoteKind', kind: 'centre' },
      { type: 'digit', digit: 2 },
      { type: 'erase' },
    );
    expect([state.notes[EMPTY], state.corner[EMPTY], state.centre[EMPTY]]).toEqual([0, 0, 0]);
    const peer = indexOf(0, 3);
    state = run(state, { type: 'select', index: peer }, { type: 'digit', digit: 4 }, { type: 'digit', digit: 6 });
    state = run(state, { type: 'applyHint', change: { placement: { index: EMPTY, digit: 4 } } });
    expect(maskDigits(state.centre[peer]!)).toEqual([6]);
  });
});

describe('cell colours', () => {
  it('paints the selected cell, clues included; the same colour again or Erase in colour mode removes it', () => {
    let state = run(
      fresh(),
      { type: 'select', index: CLUE },
      { type: 'toggleColourMode' },
      { type: 'digit', digit: 3 },
    );
    expect(state.colours[CLUE]).toBe(3);
    expect(state.values[CLUE]).toBe(5);
    state = run(state, { type: 'digit', digit: 3 });
    expect(state.colours[CLUE]).toBe(0);
    state = run(state, { type: 'select', index: EMPTY }, { type: 'colour', colour: COLOURS });
    expect(state.colours[EMPTY]).toBe(COLOURS);
    expect(state.values[EMPTY]).toBe(0); // a colour is not a digit
    state = run(state, { type: 'digit', digit: 2 });
    expect(state.colours[EMPTY]).toBe(2);
    expect(run(state, { type: 'digit', digit: 9 })).toBe(state); // only 1–COLOURS are colours
    expect(run(state, { type: 'colour', colour: COLOURS + 1 })).toBe(state);
    state = run(state, { type: 'erase' });
    expect(state.colours[EMPTY]).toBe(0);
    state = run(state, { type: 'colour', colour: 1 }, { type: 'colour', colour: 0 });
    expect(state.colours[EMPTY]).toBe(0);
  });

  it('is undoable, survives a placement, and goes with a lost game’s solution', () => {
    let state = run(fresh(), { type: 'select', index: EMPTY }, { type: 'colour', colour: 1 });
    expect(run(state, { type: 'undo' }).colours[EMPTY]).toBe(0);
    state = run(state, { type: 'digit', digit: 4 });
    expect(state.colours[EMPTY]).toBe(1);
    expect(run(state, { type: 'finish' }).colours[EMPTY]).toBe(1);
    expect(run(state, { type: 'finish', values: toGrid(SOLUTION) }).colours[EMPTY]).toBe(1);
    expect(run(state, { type: 'finish' })).toMatchObject({ colourMode: false, notesMode: false });
  });
});

describe('several selected cells', () => {
  const A = EMPTY;
  const B = indexOf(0, 3);
  const C = indexOf(4, 4);

  it('Ctrl/Shift+click adds and removes cells; a plain click or move selects one again', () => {
    let state = run(fresh(), { type: 'select', index: A }, { type: 'select', index: B, add: true });
    expect(selectionOf(state)).toEqual([B, A]);
    state = run(state, { type: 'select', index: C, add: true });
    expect(selectionOf(state)).toEqual([C, A, B]);
    state = run(state, { type: 'select', index: A, add: true });
    expect(selectionOf(state)).toEqual([C, B]);
    state = run(state, { type: 'select', index: C, add: true }); // the focused one leaves: the last added takes over
    expect(selectionOf(state)).toEqual([B]);
    state = run(
      state,
      { type: 'move', rows: 0, cols: 1, extend: true },
      { type: 'move', rows: 1, cols: 0, extend: true },
    );
    expect(selectionOf(state)).toEqual([indexOf(1, 4), B, indexOf(0, 4)]);
    expect(selectionOf(run(state, { type: 'move', rows: 0, cols: 1 }))).toEqual([indexOf(1, 5)]);
    expect(selectionOf(run(state, { type: 'select', index: A }))).toEqual([A]);
  });

  it('marks, colours, digits and Erase apply to every selected cell; a mark is added to all unless all have it', () => {
    let state = run(
      fresh(),
      { type: 'select', index: A },
      { type: 'digit', digit: 1, notes: true },
      { type: 'select', index: B, add: true },
      { type: 'select', index: CLUE, add: true },
      { type: 'digit', digit: 1, notes: true },
    );
    expect([maskDigits(state.notes[A]!), maskDigits(state.notes[B]!), state.notes[CLUE]]).toEqual([[1], [1], 0]);
    state = run(state, { type: 'digit', digit: 1, notes: true });
    expect([state.notes[A], state.notes[B]]).toEqual([0, 0]);
    state = run(state, { type: 'colour', colour: 2 });
    expect([state.colours[A], state.colours[B], state.colours[CLUE]]).toEqual([2, 2, 2]);
    state = run(state, { type: 'digit', digit: 8 });
    expect([state.values[A], state.values[B], state.values[CLUE]]).toEqual([8, 8, 5]);
    expect(state.past.at(-1)?.values[A]).toBe(0); // one step for all
    state = run(state, { type: 'erase' });
    expect([state.values[A], state.values[B], state.values[CLUE]]).toEqual([0, 0, 5]);
  });
});

describe('the digit in focus and marks kept from an earlier visit', () => {
  it('remembers the digit last pressed for the selected cell until another cell is selected', () => {
    let state = run(fresh(), { type: 'select', index: EMPTY }, { type: 'digit', digit: 6, notes: true });
    expect(state.lastDigit).toBe(6);
    expect(run(state, { type: 'select', index: EMPTY }).lastDigit).toBe(6);
    state = run(state, { type: 'move', rows: 1, cols: 0 });
    expect(state.lastDigit).toBe(0);
    state = run(state, { type: 'toggleColourMode' }, { type: 'digit', digit: 2 });
    expect(state.lastDigit).toBe(0); // a colour is not a digit
  });

  it('restores marks and colours, dropping those on cells that now hold a digit and values out of range', () => {
    const current = PUZZLE.map((row) => [...row]);
    current[0]![3] = 6;
    const notes = new Array(81).fill(0);
    notes[EMPTY] = 0b1011;
    notes[indexOf(0, 3)] = 0b1; // the cell now holds 6
    notes[indexOf(0, 5)] = 1.5;
    const colours = new Array(81).fill(0);
    colours[CLUE] = 4;
    colours[EMPTY] = COLOURS + 1;
    const state = createGameState(PUZZLE, current, { notes, corner: [0, 0, 0x3ff], colours });
    expect(maskDigits(state.notes[EMPTY]!)).toEqual([1, 2, 4]);
    expect(state.notes[indexOf(0, 3)]).toBe(0);
    expect(state.notes[indexOf(0, 5)]).toBe(0);
    expect(state.corner[EMPTY]).toBe(0x1ff);
    expect(state.centre.every((m) => m === 0)).toBe(true);
    expect(state.colours[CLUE]).toBe(4);
    expect(state.colours[EMPTY]).toBe(0);
    expect(state.past).toHaveLength(0);
  });
});
