import { boxOf, colOf, hasDigit, maskDigits, rowOf, SIZE } from '@site/contract/sudoku';
import { type ChangeEvent, type MouseEvent, memo, useEffect, useRef } from 'react';
import { CELL_ATTRIBUTE } from '../hooks/use-game-board';
import colourClasses from './CellColours.module.css';
import { colourName } from './cell-colours';
import classes from './SudokuBoard.module.css';

const INDICES = Array.from({ length: SIZE }, (_, i) => i);
/** Grid line of a cell track, skipping the separator tracks after every third one. */
const track = (n: number) => n + Math.floor(n / 3) + 1;

export interface SudokuBoardProps {
  values: readonly number[];
  clues: readonly boolean[];
  /** Candidates, corner and centre marks: 9-bit masks per cell. */
  notes: readonly number[];
  corner?: readonly number[];
  centre?: readonly number[];
  /** 0 = none, else a colour 1–6 (docs/product.md#sudoku-solving-tools). */
  colours?: readonly number[];
  /** The cell the keys act on; its row, column and box are tinted. */
  selected: number | null;
  /** Further selected cells. */
  marked?: readonly number[];
  /** The digit in focus (0 = none): cells and marks holding it are highlighted. */
  highlightDigit?: number;
  /** Digits that clash in a row, column or box (shown when mistake checking marks rule conflicts). */
  conflicts: readonly boolean[];
  /** Digits that differ from the solution (shown when mistake checking compares with it). */
  wrong?: readonly boolean[];
  /** Cells of the rows, columns and boxes Check found wrong (red tint). */
  unitErrors: ReadonlySet<number>;
  /** Cells showing their error flag. */
  flagged: ReadonlySet<number>;
  /** The game is over: nothing can be edited. */
  readOnly: boolean;
  /** A hint's area to look at (level 1) and its cells (level 2, or a mistake's cells). */
  hintArea?: ReadonlySet<number>;
  hintCells?: ReadonlySet<number>;
  /** `add`: Ctrl/Shift+click, the cell joins or leaves the selection. */
  onSelect: (index: number, add?: boolean) => void;
  onInput: (index: number, raw: string) => void;
}

const NONE: ReadonlySet<number> = new Set();
const NO_MARKS: readonly number[] = [];

interface Description {
  candidates: number[];
  corner: number[];
  centre: number[];
  clue: boolean;
  colour: number;
  wrong: boolean;
  hinted: boolean;
}

/** What a screen reader hears besides the digit: marks, clue, colour, a wrong digit, and whether the hint points here. */
function describe(d: Description): string | undefined {
  const marks = [
    d.candidates.length > 0 ? `Notes ${d.candidates.join(', ')}` : '',
    d.corner.length > 0 ? `Corner marks ${d.corner.join(', ')}` : '',
    d.centre.length > 0 ? `Centre marks ${d.centre.join(', ')}` : '',
  ].filter(Boolean);
  const parts = [
    ...(marks.length > 0 ? marks : [d.clue ? 'Clue' : '']),
    d.wrong ? 'Wrong digit' : '',
    d.colour ? `Coloured ${colourName(d.colour)}` : '',
    d.hinted ? 'Part of the hint' : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('. ') : undefined;
}

/** docs/product.md#screens: the 9×9 board, as an ARIA grid of rows of cells, each cell an input. */
export function SudokuBoard(props: SudokuBoardProps) {
  const { values, clues, notes, selected, conflicts, unitErrors, flagged, readOnly, onSelect, onInput } = props;
  const { hintArea = NONE, hintCells = NONE, corner = NO_MARKS, centre = NO_MARKS, colours = NO_MARKS } = props;
  const { marked = NO_MARKS, wrong, highlightDigit } = props;
  const boardRef = useRef<HTMLDivElement>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  // Keyboard moves change the selection; focus follows it while focus is on the board.
  useEffect(() => {
    if (selected === null) return;
    const active = document.activeElement;
    const input = inputs.current[selected];
    if (input && active !== input && boardRef.current?.contains(active)) input.focus();
  }, [selected]);

  const focusDigit = highlightDigit ?? (selected === null ? 0 : (values[selected] ?? 0));
  const tabStop = selected ?? 0;

  // The ARIA grid pattern on divs, not a <table>: the board's layout is a CSS grid with subgrid rows.
  return (
    // biome-ignore lint/a11y/useSemanticElements: the board is laid out as a CSS grid (subgrid rows, separator tracks), not a table
    <div
      ref={boardRef}
      role="grid"
      aria-label="Sudoku board"
      className={`${classes.board} ${colourClasses.colours}`}
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
                corner={value ? 0 : (corner[index] ?? 0)}
                centre={value ? 0 : (centre[index] ?? 0)}
                colour={colours[index] ?? 0}
                selected={selected === index || marked.includes(index)}
                peer={peer}
                same={focusDigit !== 0 && value === focusDigit}
                matchDigit={focusDigit}
                conflict={conflicts[index] ?? false}
                wrong={wrong?.[index] ?? false}
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
  corner: number;
  centre: number;
  colour: number;
  selected: boolean;
  peer: boolean;
  same: boolean;
  matchDigit: number;
  conflict: boolean;
  wrong: boolean;
  unitError: boolean;
  flagged: boolean;
  hintArea: boolean;
  hintCell: boolean;
  readOnly: boolean;
  tabbable: boolean;
  inputRef: (el: HTMLInputElement | null) => void;
  onSelect: (index: number, add?: boolean) => void;
  onInput: (index: number, raw: string) => void;
}

/** Ctrl, Cmd or Shift with a click adds a cell to the selection (or takes it out). */
const adds = (event: MouseEvent) => event.ctrlKey || event.metaKey || event.shiftKey;

/** Corner marks fill the corners first, then the edges, then the middle. */
const CORNER_SPOTS = [
  [1, 1],
  [1, 3],
  [3, 1],
  [3, 3],
  [1, 2],
  [3, 2],
  [2, 1],
  [2, 3],
  [2, 2],
] as const;

function SnyderMarks({ corner, centre, matchDigit }: { corner: number[]; centre: number[]; matchDigit: number }) {
  return (
    <div className={classes.snyder} aria-hidden>
      {corner.map((digit, i) => {
        const [row, col] = CORNER_SPOTS[i] ?? [2, 2];
        return (
          <span
            key={digit}
            className={classes.mark}
            data-pos={i}
            data-match={digit === matchDigit || undefined}
            style={{ gridRow: row, gridColumn: col }}
          >
            {digit}
          </span>
        );
      })}
      {centre.length > 0 && (
        <span
          className={`${classes.mark} ${classes.centre}`}
          data-size={centre.length > 6 ? 'smaller' : centre.length > 4 ? 'small' : undefined}
        >
          {centre.map((digit) => (
            <span key={digit} data-match={digit === matchDigit || undefined} className={classes.mark}>
              {digit}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}

const Cell = memo(function Cell(props: CellProps) {
  const { index, value, clue, notes, selected, peer, same, matchDigit, conflict, unitError, flagged } = props;
  const { corner, centre, colour, wrong, hintArea, hintCell, readOnly, tabbable, inputRef, onSelect, onInput } = props;
  const row = rowOf(index);
  const col = colOf(index);
  const candidates = notes ? maskDigits(notes) : [];
  const cornerDigits = corner ? maskDigits(corner) : [];
  const centreDigits = centre ? maskDigits(centre) : [];
  // docs/product.md#sudoku-solving-tools: corner and centre marks show over the candidates grid (which is kept).
  const snyder = cornerDigits.length > 0 || centreDigits.length > 0;
  const adding = useRef(false);

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
      data-wrong={wrong || undefined}
      data-colour={colour || undefined}
      data-unit-error={unitError || undefined}
      data-flagged={flagged || undefined}
      data-hint-area={hintArea || undefined}
      data-hint-cell={hintCell || undefined}
    >
      {snyder && <SnyderMarks corner={cornerDigits} centre={centreDigits} matchDigit={matchDigit} />}
      {candidates.length > 0 && !snyder && (
        <div className={classes.notes} aria-hidden>
          {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((digit) => (
            <span
              key={digit}
              className={classes.note}
              data-match={(digit === matchDigit && hasDigit(notes, digit)) || undefined}
            >
              {hasDigit(notes, digit) ? digit : ''}
            </span>
          ))}
        </div>
      )}
      <input
        ref={inputRef}
        className={classes.input}
        {...{ [CELL_ATTRIBUTE]: index }}
        aria-label={`Row ${row + 1}, column ${col + 1}`}
        aria-invalid={conflict || wrong || undefined}
        aria-description={describe({
          candidates,
          corner: cornerDigits,
          centre: centreDigits,
          clue,
          colour,
          wrong,
          hinted: hintCell,
        })}
        value={value ? String(value) : ''}
        readOnly={clue || readOnly}
        tabIndex={tabbable ? 0 : -1}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        onFocus={() => {
          // Focus that comes with a Ctrl/Shift+click must not undo the selection it just extended.
          if (!adding.current) onSelect(index);
        }}
        onMouseDown={(event) => {
          if (!adds(event)) return;
          adding.current = true;
          event.preventDefault();
          onSelect(index, true);
        }}
        onClick={(event) => {
          adding.current = false;
          if (!adds(event)) onSelect(index);
        }}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onInput(index, event.target.value)}
      />
    </div>
  );
});
