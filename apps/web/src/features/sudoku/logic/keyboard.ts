import type { GameAction } from './game-state';

/** The parts of a KeyboardEvent the key map reads. */
export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

const ARROWS: Record<string, { rows: number; cols: number }> = {
  ArrowUp: { rows: -1, cols: 0 },
  ArrowDown: { rows: 1, cols: 0 },
  ArrowLeft: { rows: 0, cols: -1 },
  ArrowRight: { rows: 0, cols: 1 },
};

/** 1–9 from the digit row or the numeric keypad; from `code` too, so Shift+digit still reads as a digit. */
function digitOf({ key, code }: KeyPress): number | null {
  if (/^[1-9]$/.test(key)) return Number(key);
  const match = code ? /^(?:Digit|Numpad)([1-9])$/.exec(code) : null;
  return match ? Number(match[1]) : null;
}

/**
 * The game's keyboard map:
 * arrows move the selection, Shift+arrows extend it (Home/End: first/last column, Ctrl+Home/End:
 * first/last cell); 1–9 enter a digit (a note in notes mode, a colour 1–6 in colour mode);
 * Shift+1–9 always toggle a note; Backspace, Delete or 0 clear the cell (its colour in colour mode);
 * N toggles notes mode; T picks the next kind of note (candidates, corner, centre); C toggles
 * colour mode; F fills in all candidates; Ctrl/Cmd+Z undoes; Ctrl/Cmd+Shift+Z or Ctrl+Y redoes.
 * Returns null for keys the game leaves to the browser.
 */
export function actionForKey(press: KeyPress): GameAction | null {
  const { key, ctrlKey = false, metaKey = false, altKey = false, shiftKey = false } = press;
  const command = ctrlKey || metaKey;
  if (altKey) return null;
  if (command) {
    const lower = key.toLowerCase();
    if (lower === 'z') return { type: shiftKey ? 'redo' : 'undo' };
    if (lower === 'y' && !shiftKey) return { type: 'redo' };
    if (key === 'Home') return { type: 'moveTo', row: 0, col: 0 };
    if (key === 'End') return { type: 'moveTo', row: 8, col: 8 };
    return null;
  }
  const arrow = ARROWS[key];
  if (arrow) return shiftKey ? { type: 'move', ...arrow, extend: true } : { type: 'move', ...arrow };
  if (key === 'Home') return { type: 'moveTo', col: 0 };
  if (key === 'End') return { type: 'moveTo', col: 8 };
  const digit = digitOf(press);
  if (digit !== null) return shiftKey ? { type: 'digit', digit, notes: true } : { type: 'digit', digit };
  if (key === 'Backspace' || key === 'Delete' || key === '0') return { type: 'erase' };
  const letter = key.length === 1 ? key.toLowerCase() : '';
  if (letter === 'n') return { type: 'toggleNotesMode' };
  if (letter === 't') return { type: 'cycleNoteKind' };
  if (letter === 'c') return { type: 'toggleColourMode' };
  if (letter === 'f') return { type: 'fillCandidates' };
  return null;
}

/** A printable character the game does not use: typed into a cell it is refused (and the cell flashes). */
export const isStrayCharacter = ({ key, ctrlKey, metaKey, altKey }: KeyPress) =>
  key.length === 1 && !ctrlKey && !metaKey && !altKey;

/** H (no modifier) asks for a hint or its next level; the page handles it, the board reducer does not. */
export const isHintKey = ({ key, ctrlKey, metaKey, altKey }: KeyPress) =>
  (key === 'h' || key === 'H') && !ctrlKey && !metaKey && !altKey;
