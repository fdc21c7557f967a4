/**
 * A hint answer (docs/api.md#sudoku-hints) read for the board: which cells each level highlights and
 * what level 3 changes. Pure, so the three levels are unit-tested without the page.
 */
import type { SudokuHint } from '@site/contract';
import { cellIndex, indexOf, maskDigits, unitCells } from '@site/contract/sudoku';
import type { HintChange } from './game-state';

/** 1 = technique and area, 2 = cells, candidates and the sentence, 3 = applied. */
export type HintLevel = 1 | 2;

const indices = (names: readonly string[]) => names.map(cellIndex).filter((index) => index >= 0);

/** The cells of the hint's row, column or box (level 1); empty when it has no single area. */
export function hintArea(hint: SudokuHint): Set<number> {
  if (hint.kind !== 'step' || !hint.area) return new Set();
  const offset = { row: 0, column: 9, box: 18 }[hint.area.unit];
  return new Set(unitCells(offset + hint.area.index - 1));
}

/** The cells the hint points at: a mistake's wrong digits at once, a step's pattern from level 2. */
export function hintCells(hint: SudokuHint, level: HintLevel): Set<number> {
  if (hint.kind === 'mistake') return new Set(indices(hint.cells));
  if (level < 2) return new Set();
  if (hint.kind === 'step') {
    const targets = [...hint.eliminations.map((e) => e.cell), ...(hint.placement ? [hint.placement.cell] : [])];
    return new Set(indices([...hint.cells, ...targets]));
  }
  if (hint.kind === 'reveal') return new Set(indices([...hint.cells, hint.placement.cell]));
  return new Set();
}

/** What Apply does: a step's placement or eliminations, a reveal's digit, a mistake's cells cleared. */
export function hintChange(hint: SudokuHint): HintChange | null {
  const at = (cell: string, digit: number) => {
    const index = cellIndex(cell);
    return index < 0 ? null : { index, digit };
  };
  switch (hint.kind) {
    case 'mistake':
      return { clear: indices(hint.cells) };
    case 'step':
      return {
        placement: hint.placement ? at(hint.placement.cell, hint.placement.digit) : null,
        eliminations: hint.eliminations.flatMap(({ cell, digit }) => at(cell, digit) ?? []),
      };
    case 'reveal':
      return { placement: at(hint.placement.cell, hint.placement.digit) };
    case 'solved':
      return null;
  }
}

/** The player's notes as the hint call takes them: per cell the digits noted, `[]` for none. */
export function notesForHint(notes: readonly number[]): number[][][] {
  return Array.from({ length: 9 }, (_, r) =>
    Array.from({ length: 9 }, (_, c) => maskDigits(notes[indexOf(r, c)] ?? 0)),
  );
}
