import { CELLS } from '@site/contract/sudoku';
import type { Marks } from './logic/game-state';

/**
 * docs/product.md#sudoku-solving-tools: the server keeps a game's digits only, so the player's
 * pencil marks and colours are kept in this browser's local storage, one entry per game, and come
 * back on a reload. Log Out clears them with the rest of local storage.
 */
const PREFIX = 'sudokuMarks:';
/** Entries kept: the games marked most recently; older ones are dropped. */
export const MARKS_KEPT = 20;

/** Only the cells with something on them: [index, candidates, corner, centre, colour]. */
type Row = [number, number, number, number, number];
interface Stored {
  at: number;
  cells: Row[];
}

const keyOf = (gameId: number) => `${PREFIX}${gameId}`;

// Storage can be unavailable (privacy modes, quotas); the game works without it.
function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

const isRow = (row: unknown): row is Row =>
  Array.isArray(row) && row.length === 5 && row.every((n) => Number.isInteger(n) && n >= 0);

/** The marks kept for a game, or null when none (or nothing readable) are stored. */
export function readMarks(gameId: number): Marks | null {
  const text = safely(() => localStorage.getItem(keyOf(gameId)), null);
  if (!text) return null;
  const stored = safely<Partial<Stored> | null>(() => JSON.parse(text), null);
  if (!stored || !Array.isArray(stored.cells)) return null;
  const marks: Marks = {
    notes: new Array<number>(CELLS).fill(0),
    corner: new Array<number>(CELLS).fill(0),
    centre: new Array<number>(CELLS).fill(0),
    colours: new Array<number>(CELLS).fill(0),
  };
  for (const row of stored.cells) {
    if (!isRow(row) || row[0] >= CELLS) continue;
    const [index, notes, corner, centre, colour] = row;
    marks.notes[index] = notes;
    marks.corner[index] = corner;
    marks.centre[index] = centre;
    marks.colours[index] = colour;
  }
  return marks;
}

/** Keeps a game's marks; a board without any removes the entry. */
export function saveMarks(gameId: number, marks: Marks, now = Date.now()): void {
  const cells: Row[] = [];
  for (let i = 0; i < CELLS; i++) {
    const row: Row = [i, marks.notes[i] ?? 0, marks.corner[i] ?? 0, marks.centre[i] ?? 0, marks.colours[i] ?? 0];
    if (row[1] || row[2] || row[3] || row[4]) cells.push(row);
  }
  safely(() => {
    if (cells.length === 0) localStorage.removeItem(keyOf(gameId));
    else localStorage.setItem(keyOf(gameId), JSON.stringify({ at: now, cells } satisfies Stored));
  }, undefined);
}

export function forgetMarks(gameId: number): void {
  safely(() => localStorage.removeItem(keyOf(gameId)), undefined);
}

/** Drops all but the MARKS_KEPT most recently saved entries (finished or deleted games leave theirs behind). */
export function pruneMarks(): void {
  safely(() => {
    const entries: { key: string; at: number }[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      const at = safely(() => Number(JSON.parse(localStorage.getItem(key) ?? '{}').at) || 0, 0);
      entries.push({ key, at });
    }
    entries.sort((a, b) => b.at - a.at);
    for (const { key } of entries.slice(MARKS_KEPT)) localStorage.removeItem(key);
  }, undefined);
}
