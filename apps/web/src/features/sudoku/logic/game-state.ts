/**
 * The Sudoku board as the player edits it: values, locked clues, pencil notes, the selection,
 * notes mode and undo/redo history. Pure functions and one reducer, no React and no I/O, so every
 * rule of docs/product.md ("only digits 1-9, at most one character, non-digits stripped; empty counts as
 * 0; clue cells not editable; edits ignored while paused") is unit-tested in isolation.
 *
 * Cells are addressed by index 0–80, row-major: index = row * 9 + column.
 */
import type { SudokuCellBoard } from '@site/contract';

export const SIZE = 9;
export const CELLS = SIZE * SIZE;
/** History entries kept for undo; older ones are dropped. */
export const HISTORY_LIMIT = 500;

export type Board = number[][];

export const rowOf = (index: number) => Math.floor(index / SIZE);
export const colOf = (index: number) => index % SIZE;
/** Boxes are numbered 0–8 row-major: 0 1 2 across the top band, 6 7 8 across the bottom. */
export const boxOf = (index: number) => Math.floor(rowOf(index) / 3) * 3 + Math.floor(colOf(index) / 3);
export const indexOf = (row: number, col: number) => row * SIZE + col;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The 27 units (9 rows, 9 columns, 9 boxes), each as its 9 cell indices. */
export const UNITS: readonly (readonly number[])[] = [
  ...range(SIZE).map((r) => range(SIZE).map((c) => indexOf(r, c))),
  ...range(SIZE).map((c) => range(SIZE).map((r) => indexOf(r, c))),
  ...range(SIZE).map((b) =>
    range(SIZE).map((i) => indexOf(Math.floor(b / 3) * 3 + Math.floor(i / 3), (b % 3) * 3 + (i % 3))),
  ),
];

/** For each cell, the 20 other cells sharing its row, column or box. */
export const PEERS: readonly (readonly number[])[] = range(CELLS).map((cell) => {
  const peers = new Set<number>();
  for (const unit of UNITS) if (unit.includes(cell)) for (const other of unit) if (other !== cell) peers.add(other);
  return [...peers];
});

/**
 * docs/product.md cell input: keeps only the digits 1–9 and at most one of them; anything else counts as
 * empty (0). `previous` is the cell's value before the edit: when the raw text holds it plus a new
 * digit (typing into a filled cell), the new digit wins.
 */
export function sanitizeCellInput(raw: string, previous = 0): number {
  let digits = raw.replace(/[^1-9]/g, '');
  if (digits.length > 1 && previous > 0) {
    const at = digits.indexOf(String(previous));
    if (at !== -1) digits = digits.slice(0, at) + digits.slice(at + 1);
  }
  return digits ? Number(digits[0]) : 0;
}

/** True for 1–9, the only values a player can place. */
export const isDigit = (value: number) => Number.isInteger(value) && value >= 1 && value <= 9;

export function flatten(board: Board): number[] {
  const values: number[] = [];
  for (let r = 0; r < SIZE; r++) {
    for (let c = 0; c < SIZE; c++) {
      const value = board[r]?.[c] ?? 0;
      values.push(isDigit(value) ? value : 0);
    }
  }
  return values;
}

export function toBoard(values: readonly number[]): Board {
  return range(SIZE).map((r) => values.slice(r * SIZE, r * SIZE + SIZE));
}

// --- The API's boards: 9×9 { value, clue } cells (docs/api.md#sudoku-boards). ---

/** The digits of a board of cells (0 = empty). */
export const cellValues = (board: SudokuCellBoard): Board => board.map((row) => row.map((cell) => cell.value));

/** The clues alone: the digit of every clue cell, 0 elsewhere. */
export const cluesOf = (board: SudokuCellBoard): Board =>
  board.map((row) => row.map((cell) => (cell.clue ? cell.value : 0)));

/** The board as the API takes it back: cells carrying their value and clue flag. */
export function toCellBoard(values: readonly number[], clues: readonly boolean[]): SudokuCellBoard {
  return range(SIZE).map((r) =>
    range(SIZE).map((c) => ({ value: values[indexOf(r, c)] ?? 0, clue: clues[indexOf(r, c)] ?? false })),
  );
}

/** Cells whose digit appears more than once in one of their units (both copies are marked). */
export function findConflicts(values: readonly number[]): boolean[] {
  const conflicts = new Array<boolean>(CELLS).fill(false);
  for (const unit of UNITS) {
    const seen = new Map<number, number[]>();
    for (const cell of unit) {
      const value = values[cell] ?? 0;
      if (!value) continue;
      const cells = seen.get(value);
      if (cells) cells.push(cell);
      else seen.set(value, [cell]);
    }
    for (const cells of seen.values()) if (cells.length > 1) for (const cell of cells) conflicts[cell] = true;
  }
  return conflicts;
}

/** How many times each digit is on the board, indexed 1–9 (index 0 unused). */
export function digitCounts(values: readonly number[]): number[] {
  const counts = new Array<number>(SIZE + 1).fill(0);
  for (const value of values) if (value) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** Indices of the cells in the given rows, columns and boxes (as the check call reports them). */
export function cellsInUnits(units: { rows: readonly number[]; columns: readonly number[]; boxes: readonly number[] }) {
  const cells = new Set<number>();
  for (let i = 0; i < CELLS; i++) {
    if (units.rows.includes(rowOf(i)) || units.columns.includes(colOf(i)) || units.boxes.includes(boxOf(i))) {
      cells.add(i);
    }
  }
  return cells;
}

// --- Notes: one 9-bit mask per cell, bit d-1 set when d is a candidate. ---

export const noteBit = (digit: number) => 1 << (digit - 1);
export const hasNote = (mask: number, digit: number) => (mask & noteBit(digit)) !== 0;
export const noteDigits = (mask: number) =>
  range(SIZE)
    .filter((i) => mask & (1 << i))
    .map((i) => i + 1);

// --- State and reducer ---

interface Snapshot {
  values: number[];
  notes: number[];
}

export interface GameState {
  values: number[];
  /** Locked cells: the puzzle's clues. */
  clues: boolean[];
  notes: number[];
  selected: number | null;
  notesMode: boolean;
  paused: boolean;
  /** Won or lost: the board is read-only from then on. */
  over: boolean;
  past: Snapshot[];
  future: Snapshot[];
  /** The values as last saved to the server, to tell whether there are unsaved changes. */
  saved: number[];
}

export type GameAction =
  | { type: 'select'; index: number }
  | { type: 'move'; rows: number; cols: number }
  | { type: 'moveTo'; row?: number; col?: number }
  /** Text typed into a cell's input (mobile keyboards, paste); sanitised. */
  | { type: 'input'; index: number; raw: string }
  /** A digit from the keyboard or the number pad for the selected cell; `notes` overrides the mode. */
  | { type: 'digit'; digit: number; notes?: boolean }
  | { type: 'erase' }
  | { type: 'toggleNotesMode' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'setPaused'; paused: boolean }
  /** Ends the game; `values` replaces the board (e.g. the solution after giving up). */
  | { type: 'finish'; values?: number[] }
  | { type: 'markSaved'; values: number[] }
  /** Level 3 of a hint as one undoable step: place a digit, drop noted candidates, clear wrong digits. */
  | { type: 'applyHint'; change: HintChange };

/** What applying a hint does to the board (docs/api.md#sudoku-hints), cells as indices 0–80. */
export interface HintChange {
  placement?: { index: number; digit: number } | null;
  eliminations?: readonly { index: number; digit: number }[];
  clear?: readonly number[];
}

/** One commit for the whole hint, so a single undo takes it back. */
function applyHint(state: GameState, change: HintChange): GameState {
  const values = [...state.values];
  const notes = [...state.notes];
  for (const index of change.clear ?? []) if (!state.clues[index]) values[index] = 0;
  for (const { index, digit } of change.eliminations ?? []) notes[index] = (notes[index] ?? 0) & ~noteBit(digit);
  const place = change.placement;
  if (place && !state.clues[place.index] && isDigit(place.digit)) {
    values[place.index] = place.digit;
    notes[place.index] = 0;
    for (const peer of PEERS[place.index] ?? []) notes[peer] = (notes[peer] ?? 0) & ~noteBit(place.digit);
  }
  return commit(state, values, notes);
}

/**
 * `puzzle` holds the clues (0 = empty); `current` the board as saved, clues included. A saved
 * digit on a clue cell is ignored: clues always show the puzzle's digit.
 */
export function createGameState(puzzle: Board, current: Board = puzzle): GameState {
  const clueValues = flatten(puzzle);
  const currentValues = flatten(current);
  const clues = clueValues.map((v) => v !== 0);
  const values = currentValues.map((v, i) => (clues[i] ? (clueValues[i] ?? 0) : v));
  return {
    values,
    clues,
    notes: new Array<number>(CELLS).fill(0),
    selected: null,
    notesMode: false,
    paused: false,
    over: false,
    past: [],
    future: [],
    saved: values,
  };
}

const editable = (state: GameState) => !state.paused && !state.over;
const clamp = (n: number) => Math.min(SIZE - 1, Math.max(0, n));

/** Applies one edit as a single undoable step; no-op edits leave history untouched. */
function commit(state: GameState, values: number[], notes: number[]): GameState {
  const same = values.every((v, i) => v === state.values[i]) && notes.every((n, i) => n === state.notes[i]);
  if (same) return state;
  const past = [...state.past, { values: state.values, notes: state.notes }].slice(-HISTORY_LIMIT);
  return { ...state, values, notes, past, future: [] };
}

/** Places (or clears, with 0) a value; a placed digit clears the cell's notes and that digit from its peers' notes. */
function setValue(state: GameState, index: number, value: number): GameState {
  if (state.clues[index]) return state;
  const values = [...state.values];
  values[index] = value;
  const notes = [...state.notes];
  notes[index] = 0;
  if (value) for (const peer of PEERS[index] ?? []) notes[peer] = (notes[peer] ?? 0) & ~noteBit(value);
  return commit(state, values, notes);
}

function toggleNote(state: GameState, index: number, digit: number): GameState {
  if (state.clues[index] || state.values[index]) return state;
  const notes = [...state.notes];
  notes[index] = (notes[index] ?? 0) ^ noteBit(digit);
  return commit(state, state.values, notes);
}

export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'select':
      if (state.paused || action.index < 0 || action.index >= CELLS) return state;
      return state.selected === action.index ? state : { ...state, selected: action.index };
    case 'move': {
      if (state.paused) return state;
      if (state.selected === null) return { ...state, selected: 0 };
      const row = clamp(rowOf(state.selected) + action.rows);
      const col = clamp(colOf(state.selected) + action.cols);
      return { ...state, selected: indexOf(row, col) };
    }
    case 'moveTo': {
      if (state.paused) return state;
      const from = state.selected ?? 0;
      return { ...state, selected: indexOf(clamp(action.row ?? rowOf(from)), clamp(action.col ?? colOf(from))) };
    }
    case 'input': {
      if (!editable(state) || state.clues[action.index]) return state;
      const value = sanitizeCellInput(action.raw, state.values[action.index]);
      if (state.notesMode && value) return { ...toggleNote(state, action.index, value), selected: action.index };
      return { ...setValue(state, action.index, value), selected: action.index };
    }
    case 'digit': {
      if (!editable(state) || state.selected === null || !isDigit(action.digit)) return state;
      const notes = action.notes ?? state.notesMode;
      return notes ? toggleNote(state, state.selected, action.digit) : setValue(state, state.selected, action.digit);
    }
    case 'erase': {
      if (!editable(state) || state.selected === null || state.clues[state.selected]) return state;
      if (state.values[state.selected]) return setValue(state, state.selected, 0);
      const notes = [...state.notes];
      notes[state.selected] = 0;
      return commit(state, state.values, notes);
    }
    case 'toggleNotesMode':
      return state.over ? state : { ...state, notesMode: !state.notesMode };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!editable(state) || !previous) return state;
      return {
        ...state,
        ...previous,
        past: state.past.slice(0, -1),
        future: [{ values: state.values, notes: state.notes }, ...state.future],
      };
    }
    case 'redo': {
      const [next, ...future] = state.future;
      if (!editable(state) || !next) return state;
      return { ...state, ...next, past: [...state.past, { values: state.values, notes: state.notes }], future };
    }
    case 'setPaused':
      if (state.over || state.paused === action.paused) return state;
      return { ...state, paused: action.paused };
    case 'finish':
      return {
        ...state,
        values: action.values ? [...action.values] : state.values,
        notes: action.values ? new Array<number>(CELLS).fill(0) : state.notes,
        over: true,
        paused: false,
        notesMode: false,
      };
    case 'markSaved':
      return { ...state, saved: action.values };
    case 'applyHint':
      return editable(state) ? applyHint(state, action.change) : state;
  }
}

export const canUndo = (state: GameState) => editable(state) && state.past.length > 0;
export const canRedo = (state: GameState) => editable(state) && state.future.length > 0;
export const isDirty = (state: GameState) => state.values.some((v, i) => v !== state.saved[i]);
