import { type ChangeEvent, memo, useEffect, useRef } from 'react';
import { CELL_ATTRIBUTE } from '../hooks/use-game-board';
import { boxOf, colOf, hasNote, noteDigits, rowOf, SIZE } from '../logic/game-state';
import classes from './SudokuBoard.module.css';

const INDICES = Array.from({ length: SIZE }, (_, i) => i);
/** Grid line of a cell track, skipping the separator tracks after every third one. */
const track = (n: number) => n + Math.floor(n / 3) + 1;

export interface SudokuBoardProps {
  values: readonly number[];
  clues: readonly boolean[];
  notes: readonly number[];
  selected: number | null;
  conflicts: readonly boolean[];
  /** Cells of the rows, columns and boxes Check found wrong (red tint). */
  unitErrors: ReadonlySet<number>;
  /** Cells showing their error flag. */
  flagged: ReadonlySet<number>;
  /** The game is over: nothing can be edited. */
  readOnly: boolean;
  /** A hint's area to look at (level 1) and its cells (level 2, or a mistake's cells). */
  hintArea?: ReadonlySet<number>;
  hintCells?: ReadonlySet<number>;
  onSelect: (index: number) => void;
  onInput: (index: number, raw: string) => void;
}

const NONE: ReadonlySet<number> = new Set();

/** What a screen reader hears besides the digit: notes, clue, and whether the hint points here. */
function describe(candidates: number[], clue: boolean, hinted: boolean): string | undefined {
  const parts = [
    candidates.length > 0 ? `Notes ${candidates.join(', ')}` : clue ? 'Clue' : '',
    hinted ? 'Part of the hint' : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('. ') : undefined;
}

/** docs/product.md#screens: the 9×9 board, as an ARIA grid of rows of cells, each cell an input. */
export function SudokuBoard(props: SudokuBoardProps) {
  const { values, clues, notes, selected, conflicts, unitErrors, flagged, readOnly, onSelect, onInput } = props;
  const { hintArea = NONE, hintCells = NONE } = props;
  const boardRef = useRef<HTMLDivElement>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  // Keyboard moves change the selection; focus follows it while focus is on the board.
  useEffect(() => {
    if (selected === null) return;
    const active = document.activeElement;
    const input = inputs.current[selected];
    if (input && active !== input && boardRef.current?.contains(active)) input.focus();
  }, [selected]);

  const selectedValue = selected === null ? 0 : (values[selected] ?? 0);
  const tabStop = selected ?? 0;

  // The ARIA grid pattern on divs, not a <table>: the board's layout is a CSS grid with subgrid rows.
  return (
    // biome-ignore lint/a11y/useSemanticElements: the board is laid out as a CSS grid (subgrid rows, separator tracks), not a table
    <div
      ref={boardRef}
      role="grid"
      aria-label="Sudoku board"
      className={classes.board}
      data-over={readOnly || undefined}
    >
      {INDICES.map((row) => (
        // biome-ignore lint/a11y/useSemanticElements: see the grid above
        // biome-ignore lint/a11y/useFocusableInteractive: rows are not focus stops in a grid; cells' inputs are
        <div role="row" key={row} className={classes.row} style={{ gridRow: track(row) }}>
          {INDICES.map((col) => {
            const index = row * SIZE + col;
            const value = values[index] ?? 0;
            const peer =
              selected !== null &&
              (rowOf(selected) === row || colOf(selected) === col || boxOf(selected) === boxOf(index));
            return (
              <Cell
                key={col}
                index={index}
                value={value}
                clue={clues[index] ?? false}
                notes={value ? 0 : (notes[index] ?? 0)}
                selected={selected === index}
                peer={peer}
                same={selectedValue !== 0 && value === selectedValue}
                matchDigit={selectedValue}
                conflict={conflicts[index] ?? false}
                unitError={unitErrors.has(index)}
                flagged={flagged.has(index)}
                hintArea={hintArea.has(index)}
                hintCell={hintCells.has(index)}
                readOnly={readOnly}
                tabbable={tabStop === index}
                inputRef={(el) => {
                  inputs.current[index] = el;
                }}
                onSelect={onSelect}
                onInput={onInput}
              />
            );
          })}
        </div>
      ))}
      {[3, 7].map((line) => (
        <div key={`v${line}`} aria-hidden className={classes.vsep} style={{ gridColumn: line + 1 }} />
      ))}
      {[3, 7].map((line) => (
        <div key={`h${line}`} aria-hidden className={classes.hsep} style={{ gridRow: line + 1 }} />
      ))}
    </div>
  );
}

interface CellProps {
  index: number;
  value: number;
  clue: boolean;
  notes: number;
  selected: boolean;
  peer: boolean;
  same: boolean;
  matchDigit: number;
  conflict: boolean;
  unitError: boolean;
  flagged: boolean;
  hintArea: boolean;
  hintCell: boolean;
  readOnly: boolean;
  tabbable: boolean;
  inputRef: (el: HTMLInputElement | null) => void;
  onSelect: (index: number) => void;
  onInput: (index: number, raw: string) => void;
}

const Cell = memo(function Cell(props: CellProps) {
  const { index, value, clue, notes, selected, peer, same, matchDigit, conflict, unitError, flagged } = props;
  const { hintArea, hintCell, readOnly, tabbable, inputRef, onSelect, onInput } = props;
  const row = rowOf(index);
  const col = colOf(index);
  const candidates = notes ? noteDigits(notes) : [];

  // APG grid pattern: a cell holding one widget passes focus to it, so the input takes focus, not the cell.
  return (
    // biome-ignore lint/a11y/useSemanticElements: see SudokuBoard
    // biome-ignore lint/a11y/useFocusableInteractive: focus goes to the cell's input (roving tabindex)
    <div
      role="gridcell"
      aria-selected={selected}
      className={classes.cell}
      style={{ gridColumn: track(col) }}
      data-clue={clue || undefined}
      data-selected={selected || undefined}
      data-peer={(peer && !selected) || undefined}
      data-same={(same && !selected) || undefined}
      data-conflict={conflict || undefined}
      data-unit-error={unitError || undefined}
      data-flagged={flagged || undefined}
      data-hint-area={hintArea || undefined}
      data-hint-cell={hintCell || undefined}
    >
      {candidates.length > 0 && (
        <div className={classes.notes} aria-hidden>
          {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((digit) => (
            <span
              key={digit}
              className={classes.note}
              data-match={(digit === matchDigit && hasNote(notes, digit)) || undefined}
            >
              {hasNote(notes, digit) ? digit : ''}
            </span>
          ))}
        </div>
      )}
      <input
        ref={inputRef}
        className={classes.input}
        {...{ [CELL_ATTRIBUTE]: index }}
        aria-label={`Row ${row + 1}, column ${col + 1}`}
        aria-invalid={conflict || undefined}
        aria-description={describe(candidates, clue, hintCell)}
        value={value ? String(value) : ''}
        readOnly={clue || readOnly}
        tabIndex={tabbable ? 0 : -1}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        onFocus={() => onSelect(index)}
        onClick={() => onSelect(index)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onInput(index, event.target.value)}
      />
    </div>
  );
});
