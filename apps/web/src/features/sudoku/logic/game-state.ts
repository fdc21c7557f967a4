/**
 * The Sudoku board as the player edits it: values, locked clues, pencil marks (candidates, corner
 * and centre), cell colours, the selection, the entry mode and undo/redo history. Pure functions and one reducer, no React and no I/O, so every
 * rule of docs/product.md ("only digits 1-9, at most one character, non-digits stripped; empty counts as
 * 0; clue cells not editable; edits ignored while paused") is unit-tested in isolation.
 *
 * Cells are addressed by index 0–80, row-major: index = row * 9 + column.
 */
import {
  type Board,
  boxOf,
  CELLS,
  candidatesOf,
  colOf,
  digitBit,
  indexOf,
  isDigit,
  peersOf,
  repeatedDigits,
  rowOf,
  SIZE,
  toGrid,
  unitCells,
} from '@site/contract/sudoku';

/** History entries kept for undo; older ones are dropped. */
export const HISTORY_LIMIT = 500;

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

/** Cells whose digit appears more than once in one of their units (every copy is marked). */
export function findConflicts(values: readonly number[]): boolean[] {
  const conflicts = new Array<boolean>(CELLS).fill(false);
  for (const { unit, digit } of repeatedDigits(values)) {
    for (const cell of unitCells(unit)) if (values[cell] === digit) conflicts[cell] = true;
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

// --- State and reducer ---

/**
 * docs/product.md#sudoku-solving-tools: the kinds of pencil mark. `candidates` is the classic 3×3
 * grid of small digits (the default notes); `corner` and `centre` are Snyder notation: digits
 * pushed into the cell's corners (where in a box a digit can go) and small digits in the middle
 * (what a cell can be).
 */
export const NOTE_KINDS = ['candidates', 'corner', 'centre'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/** Cell colours a player can paint with (1–COLOURS; 0 = none), docs/product.md#sudoku-solving-tools. */
export const COLOURS = 6;

/** Everything a player writes on the board besides the digits: one entry per cell. */
export interface Marks {
  /** Candidates: a 9-bit mask per cell. */
  notes: number[];
  corner: number[];
  centre: number[];
  /** 0 = no colour, else 1–COLOURS. */
  colours: number[];
}

const MASK_KINDS = { candidates: 'notes', corner: 'corner', centre: 'centre' } as const satisfies Record<
  NoteKind,
  keyof Marks
>;

interface Snapshot extends Marks {
  values: number[];
}

export interface GameState extends Marks {
  values: number[];
  /** Locked cells: the puzzle's clues. */
  clues: boolean[];
  /** The cell the keys act on (and focus follows). */
  selected: number | null;
  /** Further selected cells (Ctrl/Shift+click, Shift+arrows): marks, colours and Erase apply to all. */
  marked: number[];
  notesMode: boolean;
  /** Which marks digits write in notes mode. */
  noteKind: NoteKind;
  /** Digits 1–COLOURS paint the selected cells instead of writing in them. */
  colourMode: boolean;
  /** The digit last pressed for the selected cell (0 when none): highlighted when the cell is empty. */
  lastDigit: number;
  paused: boolean;
  /** Won or lost: the board is read-only from then on. */
  over: boolean;
  past: Snapshot[];
  future: Snapshot[];
  /** The values as last saved to the server, to tell whether there are unsaved changes. */
  saved: number[];
}

export type GameAction =
  /** `add` (Ctrl/Shift+click) toggles the cell in the selection instead of selecting it alone. */
  | { type: 'select'; index: number; add?: boolean }
  /** `extend` (Shift+arrow) keeps the cells passed in the selection. */
  | { type: 'move'; rows: number; cols: number; extend?: boolean }
  | { type: 'moveTo'; row?: number; col?: number }
  /** Text typed into a cell's input (mobile keyboards, paste); sanitised. */
  | { type: 'input'; index: number; raw: string }
  /** A digit from the keyboard or the number pad for the selected cells; `notes` overrides the mode. */
  | { type: 'digit'; digit: number; notes?: boolean }
  /** Paints the selected cells (0 removes their colour); the same colour again removes it. */
  | { type: 'colour'; colour: number }
  | { type: 'erase' }
  | { type: 'toggleNotesMode' }
  /** Notes mode on, writing this kind of mark. */
  | { type: 'setNoteKind'; kind: NoteKind }
  /** Notes mode on, with the next kind of mark (candidates → corner → centre). */
  | { type: 'cycleNoteKind' }
  | { type: 'toggleColourMode' }
  /** Every empty cell's candidates become the digits its row, column and box still allow. */
  | { type: 'fillCandidates' }
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

/** Working copies of the board's arrays for one edit, committed as one undoable step. */
type Draft = Snapshot;

const draftOf = (state: GameState): Draft => ({
  values: [...state.values],
  notes: [...state.notes],
  corner: [...state.corner],
  centre: [...state.centre],
  colours: [...state.colours],
});

/**
 * Places (or clears, with 0) a value: the cell loses its pencil marks, and a placed digit leaves
 * the candidates, corner and centre marks of the cell's 20 peers (docs/product.md#sudoku-solving-tools).
 */
function place(draft: Draft, index: number, value: number) {
  draft.values[index] = value;
  draft.notes[index] = 0;
  draft.corner[index] = 0;
  draft.centre[index] = 0;
  if (!value) return;
  const bit = digitBit(value);
  for (const peer of peersOf(index)) {
    draft.notes[peer] = (draft.notes[peer] ?? 0) & ~bit;
    draft.corner[peer] = (draft.corner[peer] ?? 0) & ~bit;
    draft.centre[peer] = (draft.centre[peer] ?? 0) & ~bit;
  }
}

/** One commit for the whole hint, so a single undo takes it back. */
function applyHint(state: GameState, change: HintChange): GameState {
  const draft = draftOf(state);
  for (const index of change.clear ?? []) if (!state.clues[index]) draft.values[index] = 0;
  for (const { index, digit } of change.eliminations ?? []) {
    draft.notes[index] = (draft.notes[index] ?? 0) & ~digitBit(digit);
  }
  const at = change.placement;
  if (at && !state.clues[at.index] && isDigit(at.digit)) place(draft, at.index, at.digit);
  return commit(state, draft);
}

const emptyMarks = (): number[] => new Array<number>(CELLS).fill(0);

/**
 * `puzzle` holds the clues (0 = empty); `current` the board as saved, clues included. A saved
 * digit on a clue cell is ignored: clues always show the puzzle's digit. `marks` are pencil marks
 * and colours kept from an earlier visit (docs/product.md#sudoku-solving-tools): marks on a cell
 * that now holds a digit, and anything out of range, are dropped.
 */
export function createGameState(puzzle: Board, current: Board = puzzle, marks?: Partial<Marks>): GameState {
  const clueValues = toGrid(puzzle);
  const currentValues = toGrid(current);
  const clues = clueValues.map((v) => v !== 0);
  const values = currentValues.map((v, i) => (clues[i] ? (clueValues[i] ?? 0) : v));
  const mask = (list: readonly number[] | undefined) =>
    values.map((value, i) => {
      const m = list?.[i] ?? 0;
      return value || !Number.isInteger(m) ? 0 : m & 0x1ff;
    });
  const colours = values.map((_, i) => {
    const c = marks?.colours?.[i] ?? 0;
    return Number.isInteger(c) && c >= 1 && c <= COLOURS ? c : 0;
  });
  return {
    values,
    clues,
    notes: mask(marks?.notes),
    corner: mask(marks?.corner),
    centre: mask(marks?.centre),
    colours,
    selected: null,
    marked: [],
    notesMode: false,
    noteKind: 'candidates',
    colourMode: false,
    lastDigit: 0,
    paused: false,
    over: false,
    past: [],
    future: [],
    saved: values,
  };
}

const editable = (state: GameState) => !state.paused && !state.over;
const clamp = (n: number) => Math.min(SIZE - 1, Math.max(0, n));

/** The selected cells, the one the keys act on first. */
export const selectionOf = (state: Pick<GameState, 'selected' | 'marked'>): number[] =>
  state.selected === null ? [] : [state.selected, ...state.marked];

const snapshot = (state: GameState): Snapshot => ({
  values: state.values,
  notes: state.notes,
  corner: state.corner,
  centre: state.centre,
  colours: state.colours,
});
const SNAPSHOT_KEYS = ['values', 'notes', 'corner', 'centre', 'colours'] as const;

/** Applies one edit as a single undoable step; no-op edits leave history untouched. */
function commit(state: GameState, draft: Draft): GameState {
  const same = SNAPSHOT_KEYS.every((key) => draft[key].every((v, i) => v === state[key][i]));
  if (same) return state;
  const past = [...state.past, snapshot(state)].slice(-HISTORY_LIMIT);
  return { ...state, ...draft, past, future: [] };
}

/** Places (or clears, with 0) a value in every editable cell of `cells`. */
function setValue(state: GameState, cells: readonly number[], value: number): GameState {
  const draft = draftOf(state);
  for (const index of cells) if (!state.clues[index]) place(draft, index, value);
  return commit(state, draft);
}

/**
 * Toggles a pencil mark of `kind` in the empty cells of `cells`: if all of them have it, it goes
 * from all; otherwise all get it (one cell: a plain toggle).
 */
function toggleMark(state: GameState, cells: readonly number[], digit: number, kind: NoteKind): GameState {
  const targets = cells.filter((index) => !state.clues[index] && !state.values[index]);
  if (targets.length === 0) return state;
  const key = MASK_KINDS[kind];
  const bit = digitBit(digit);
  const all = targets.every((index) => ((state[key][index] ?? 0) & bit) !== 0);
  const draft = draftOf(state);
  for (const index of targets)
    draft[key][index] = all ? (draft[key][index] ?? 0) & ~bit : (draft[key][index] ?? 0) | bit;
  return commit(state, draft);
}

/** Paints `cells` (clues too: colours are the player's own marks); the same colour everywhere again removes it. */
function paint(state: GameState, cells: readonly number[], colour: number): GameState {
  if (cells.length === 0 || !Number.isInteger(colour) || colour < 0 || colour > COLOURS) return state;
  const all = colour !== 0 && cells.every((index) => state.colours[index] === colour);
  const draft = draftOf(state);
  for (const index of cells) draft.colours[index] = all ? 0 : colour;
  return commit(state, draft);
}

function fillCandidates(state: GameState): GameState {
  const draft = draftOf(state);
  for (let index = 0; index < CELLS; index++) {
    if (!state.clues[index] && !state.values[index]) draft.notes[index] = candidatesOf(state.values, index);
  }
  return commit(state, draft);
}

/** Selects `index`; the remembered digit is for the cell it was pressed in. */
function selectOnly(state: GameState, index: number): GameState {
  if (state.selected === index && state.marked.length === 0) return state;
  return { ...state, selected: index, marked: [], lastDigit: state.selected === index ? state.lastDigit : 0 };
}

/** Ctrl/Shift+click: a cell outside the selection joins it (and takes the keys); one inside leaves it. */
function toggleInSelection(state: GameState, index: number): GameState {
  if (state.selected === null) return selectOnly(state, index);
  if (index === state.selected) {
    const last = state.marked.at(-1);
    if (last === undefined) return state;
    return { ...state, selected: last, marked: state.marked.slice(0, -1), lastDigit: 0 };
  }
  if (state.marked.includes(index)) return { ...state, marked: state.marked.filter((i) => i !== index) };
  return { ...state, selected: index, marked: [...state.marked, state.selected], lastDigit: 0 };
}

export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'select':
      if (state.paused || action.index < 0 || action.index >= CELLS) return state;
      return action.add ? toggleInSelection(state, action.index) : selectOnly(state, action.index);
    case 'move': {
      if (state.paused) return state;
      if (state.selected === null) return { ...state, selected: 0 };
      const row = clamp(rowOf(state.selected) + action.rows);
      const col = clamp(colOf(state.selected) + action.cols);
      const next = indexOf(row, col);
      if (!action.extend) return selectOnly(state, next);
      const kept = [...state.marked.filter((i) => i !== next && i !== state.selected), state.selected];
      return { ...state, selected: next, marked: next === state.selected ? state.marked : kept, lastDigit: 0 };
    }
    case 'moveTo': {
      if (state.paused) return state;
      const from = state.selected ?? 0;
      return selectOnly(state, indexOf(clamp(action.row ?? rowOf(from)), clamp(action.col ?? colOf(from))));
    }
    case 'input': {
      if (!editable(state) || state.clues[action.index]) return state;
      const value = sanitizeCellInput(action.raw, state.values[action.index]);
      const at = state.selected === action.index ? state : selectOnly(state, action.index);
      if (state.colourMode) return value ? paint(at, [action.index], value) : at;
      if (state.notesMode && value) return toggleMark(at, [action.index], value, state.noteKind);
      return setValue(at, [action.index], value);
    }
    case 'digit': {
      if (!editable(state) || state.selected === null || !isDigit(action.digit)) return state;
      const cells = selectionOf(state);
      if (state.colourMode && action.notes === undefined) {
        return action.digit <= COLOURS ? paint(state, cells, action.digit) : state;
      }
      const pressed = state.lastDigit === action.digit ? state : { ...state, lastDigit: action.digit };
      const notes = action.notes ?? state.notesMode;
      return notes ? toggleMark(pressed, cells, action.digit, state.noteKind) : setValue(pressed, cells, action.digit);
    }
    case 'colour':
      return editable(state) ? paint(state, selectionOf(state), action.colour) : state;
    case 'erase': {
      if (!editable(state) || state.selected === null) return state;
      const cells = selectionOf(state);
      if (state.colourMode) return paint(state, cells, 0);
      // A filled cell loses its digit; an empty one its pencil marks.
      return setValue(state, cells, 0);
    }
    case 'toggleNotesMode':
      return state.over ? state : { ...state, notesMode: !state.notesMode, colourMode: false };
    case 'setNoteKind':
      return state.over ? state : { ...state, notesMode: true, colourMode: false, noteKind: action.kind };
    case 'cycleNoteKind': {
      if (state.over) return state;
      const next = NOTE_KINDS[(NOTE_KINDS.indexOf(state.noteKind) + 1) % NOTE_KINDS.length] ?? 'candidates';
      return { ...state, notesMode: true, colourMode: false, noteKind: next };
    }
    case 'toggleColourMode':
      return state.over ? state : { ...state, colourMode: !state.colourMode, notesMode: false };
    case 'fillCandidates':
      return editable(state) ? fillCandidates(state) : state;
    case 'undo': {
      const previous = state.past.at(-1);
      if (!editable(state) || !previous) return state;
      return {
        ...state,
        ...previous,
        past: state.past.slice(0, -1),
        future: [snapshot(state), ...state.future],
      };
    }
    case 'redo': {
      const [next, ...future] = state.future;
      if (!editable(state) || !next) return state;
      return { ...state, ...next, past: [...state.past, snapshot(state)], future };
    }
    case 'setPaused':
      if (state.over || state.paused === action.paused) return state;
      return { ...state, paused: action.paused };
    case 'finish':
      return {
        ...state,
        ...(action.values
          ? { values: [...action.values], notes: emptyMarks(), corner: emptyMarks(), centre: emptyMarks() }
          : {}),
        marked: [],
        over: true,
        paused: false,
        notesMode: false,
        colourMode: false,
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
