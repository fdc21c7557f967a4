import {
  ARRANGEABLE,
  ARRANGEABLE_MINI_ROWS,
  ARRANGEMENT_CELLS,
  ARRANGEMENTS,
  CONFLICTS,
  columnsOf,
  FORCED,
  MINI_ROW_CELLS,
  miniRows,
  ONE_CELL,
  STACK_ALLOWED,
  stackMatrix,
} from './band-tables.js';
import { BAND, bitIndex, COLUMNS_TO_BAND, KEEP_IN_BAND, PLACED, ROWS_TO_BAND } from './bitboard.js';

/*
 * Counting search on digit bitboards (bitboard.ts layout: word d*3+b = where digit d may go in band b), the
 * engine's fast path for solving and uniqueness checks (docs/decisions.md#the-sudoku-engine-appsserversrcfeaturessudokuengine). It follows
 * tdoku's ideas with plain 32-bit words (tables and terms in band-tables.ts):
 * - a digit word that changed keeps only mini-rows some arrangement still uses (pointing, box-line and more,
 *   three look-ups), and a row left with one cell is solved there (hidden singles in rows and boxes);
 * - per digit, each stack keeps only the columns some arrangement uses (the same for columns, which also
 *   finds hidden singles in columns);
 * - each mini-row holds exactly three digits: three surely there shut the others out, and when only three
 *   can go there, all three must;
 * - naked singles come bit-parallel from the nine digit words of a band.
 * It branches on the band with the fewest arrangements left over its digits, splitting that band's most
 * constrained digit by arrangement, and on a cell only once every band's arrangements are fixed. The last
 * alternative of a branch runs in place of its parent instead of on a copy. Nothing is allocated.
 */

/** Words 27–29 of a level: the cells of each band not yet solved. */
const UNSOLVED = 27;
/** Words 30–32, one per band b: bit d*3+r is set while row r of the band has not received digit d. */
const OPEN_ROWS = 30;
/** Word 33: digit words (bit d*3+b) changed since they were last settled. */
const DIRTY = 33;
/** Words 34–60: each digit word's mini-rows, as of when it was last settled. */
const MINI_ROWS = 34;
const STRIDE = 61;
/** Each level fixes one more digit's arrangement in a band or one more cell: 27 + 81 + 1 levels suffice. */
const MAX_DEPTH = 109;

export class BandSearch {
  private readonly words = new Int32Array(STRIDE * MAX_DEPTH);
  private found = 0;
  private limit = 2;
  private maxSteps = Number.POSITIVE_INFINITY;
  /**
   * Steps the last count took: one per propagation, the unit of work of this search (a few microseconds at
   * most). Bounds it: a puzzle without a solution must be searched to the end, which for an open grid of
   * 17 clues can take tens of milliseconds.
   */
  steps = 0;
  /** True when the last count stopped at its step budget: its result then says nothing. */
  gaveUp = false;
  /** The first solution found by the last count, as 81 digits. */
  readonly solution = new Uint8Array(81);

  /**
   * Counts solutions, stopping at `limit`, of a level in bitboard.ts layout: 27 digit words that already
   * exclude the givens' rows, columns and boxes, then at PLACED the 3 band words of the given cells.
   * Gives up after `maxSteps` propagations and answers -1 (see `steps`).
   */
  count(level: ArrayLike<number>, limit: number, maxSteps = Number.POSITIVE_INFINITY): number {
    const w = this.words;
    for (let i = 0; i < 27; i++) w[i] = level[i]!;
    for (let b = 0; b < 3; b++) {
      w[UNSOLVED + b] = BAND & ~level[PLACED + b]!;
      w[OPEN_ROWS + b] = BAND;
    }
    w[DIRTY] = BAND;
    this.found = 0;
    this.limit = limit;
    this.maxSteps = maxSteps;
    this.steps = 0;
    this.gaveUp = false;
    this.search(0);
    return this.gaveUp ? -1 : this.found;
  }

  private search(depth: number): void {
    const w = this.words;
    const o = depth * STRIDE;
    const next = o + STRIDE;
    for (;;) {
      if (++this.steps > this.maxSteps) {
        this.gaveUp = true;
        this.found = this.limit; // unwinds every level at once, like reaching the limit
        return;
      }
      if (!this.propagate(o)) return;

      const k = this.pickArrangement(o);
      if (k >= 0) {
        // One alternative per arrangement the digit still has in that band.
        const x = w[o + k]!;
        const m = w[o + MINI_ROWS + k]!;
        const at = m * 6;
        const last = at + ARRANGEMENTS[m]! - 1;
        for (let a = at; a < last; a++) {
          w.copyWithin(next, o, next);
          w[next + k] = x & ARRANGEMENT_CELLS[a]!;
          w[next + DIRTY] = 1 << k;
          this.search(depth + 1);
          if (this.found >= this.limit) return;
        }
        w[o + k] = x & ARRANGEMENT_CELLS[last]!;
        w[o + DIRTY] = 1 << k;
        continue;
      }

      const cell = this.branchCell(o);
      if (cell < 0) {
        if (this.found++ === 0) this.saveSolution(o);
        return;
      }
      const b = cell >= 54 ? 2 : cell >= 27 ? 1 : 0;
      const bit = 1 << (cell - b * 27);
      let digits = 0;
      for (let d = 0; d < 9; d++) if ((w[o + d * 3 + b]! & bit) !== 0) digits |= 1 << d;
      while ((digits & (digits - 1)) !== 0) {
        const d = bitIndex(digits & -digits);
        digits &= digits - 1;
        w.copyWithin(next, o, next);
        this.place(next, b, cell, d);
        this.search(depth + 1);
        if (this.found >= this.limit) return;
      }
      this.place(o, b, cell, bitIndex(digits));
    }
  }

  /**
   * Digit d goes in `cell`: its band word keeps the cell and loses the rest of the cell's row and box. The
   * cell stays open until propagate settles that row, which also takes the cell's other digits away.
   */
  private place(o: number, b: number, cell: number, d: number): void {
    const w = this.words;
    const k = d * 3 + b;
    w[o + k] = w[o + k]! & KEEP_IN_BAND[cell]!;
    w[o + DIRTY] = 1 << k;
  }

  /**
   * The digit word to branch on: in the band with the fewest arrangements left over its nine digits (but
   * not all fixed), the digit with the fewest (at least two). -1 when every band's arrangements are fixed.
   */
  private pickArrangement(o: number): number {
    const w = this.words;
    const at = o + MINI_ROWS;
    let band = -1;
    let fewest = 1 << 30;
    for (let b = 0; b < 3; b++) {
      let total = 0;
      for (let k = b; k < 27; k += 3) total += ARRANGEMENTS[w[at + k]!]!;
      if (total > 9 && total < fewest) {
        fewest = total;
        band = b;
      }
    }
    if (band < 0) return -1;
    let best = -1;
    let bestCount = 7;
    for (let k = band; k < 27; k += 3) {
      const n = ARRANGEMENTS[w[at + k]!]!;
      if (n >= 2 && n < bestCount) {
        bestCount = n;
        best = k;
      }
    }
    return best;
  }

  /**
   * Settles changed digit words (band arrangements, solved rows, then stack arrangements per digit), then
   * places naked singles, until nothing changes. False on a contradiction: a cell without candidates, or a
   * digit left without an arrangement in some band.
   */
  private propagate(o: number): boolean {
    const w = this.words;
    let dirty = w[o + DIRTY]!;
    let changedBands = 7;
    for (;;) {
      let changedDigits = 0;
      while (dirty !== 0) {
        const k = bitIndex(dirty & -dirty);
        dirty &= dirty - 1;
        const i = o + k;
        const m = miniRows(w[i]!);
        const x = w[i]! & ARRANGEABLE[m]!;
        if (x === 0) return false;
        w[i] = x;
        w[o + MINI_ROWS + k] = ARRANGEABLE_MINI_ROWS[m]!;
        const d = (k * 0x56) >> 8; // k / 3 for k < 27
        const b = k - d * 3;
        const shift = d * 3;
        changedDigits |= 1 << d;
        changedBands |= 1 << b;
        const openRows = (w[o + OPEN_ROWS + b]! >> shift) & 7;
        if (openRows === 0) continue;
        const solved =
          (ONE_CELL[x & 0x1ff]! | (ONE_CELL[(x >> 9) & 0x1ff]! << 1) | (ONE_CELL[x >> 18]! << 2)) & openRows;
        if (solved === 0) continue;
        w[o + OPEN_ROWS + b]! &= ~(solved << shift);
        const cells = x & ROWS_TO_BAND[solved]!;
        // Cells still open lose every other digit (naked singles and givens have none left).
        const unsolved = w[o + UNSOLVED + b]!;
        if ((cells & unsolved) !== 0) {
          w[o + UNSOLVED + b] = unsolved & ~cells;
          dirty |= this.clearCells(o + b, cells) << b;
          w[i] = x; // clearCells cleared this digit's own cells too
          dirty &= ~(1 << k);
        }
        // Their columns lose this digit in the other two bands.
        const column = ~COLUMNS_TO_BAND[columnsOf(cells)]!;
        const k1 = b === 2 ? k - 2 : k + 1;
        const y1 = w[o + k1]!;
        if ((y1 & column) !== y1) {
          w[o + k1] = y1 & column;
          dirty |= 1 << k1;
        }
        const k2 = b === 0 ? k + 2 : k - 1;
        const y2 = w[o + k2]!;
        if ((y2 & column) !== y2) {
          w[o + k2] = y2 & column;
          dirty |= 1 << k2;
        }
      }

      // Stacks: each changed digit keeps only the columns some stack arrangement uses.
      while (changedDigits !== 0) {
        const d = bitIndex(changedDigits & -changedDigits);
        changedDigits &= changedDigits - 1;
        const at = o + d * 3;
        const x0 = w[at]!;
        const x1 = w[at + 1]!;
        const x2 = w[at + 2]!;
        const c0 = columnsOf(x0);
        const c1 = columnsOf(x1);
        const c2 = columnsOf(x2);
        const v = c0 | (c1 << 9) | (c2 << 18);
        const allowed =
          STACK_ALLOWED[stackMatrix(v, 0)]! |
          (STACK_ALLOWED[stackMatrix(v, 1)]! << 3) |
          (STACK_ALLOWED[stackMatrix(v, 2)]! << 6);
        if (allowed === v) continue;
        // A stack without an arrangement empties a box of the digit; the band test then fails.
        const a0 = allowed & 0x1ff;
        const a1 = (allowed >> 9) & 0x1ff;
        const a2 = allowed >> 18;
        if (a0 !== c0) {
          w[at] = x0 & COLUMNS_TO_BAND[a0]!;
          dirty |= 1 << (d * 3);
        }
        if (a1 !== c1) {
          w[at + 1] = x1 & COLUMNS_TO_BAND[a1]!;
          dirty |= 2 << (d * 3);
        }
        if (a2 !== c2) {
          w[at + 2] = x2 & COLUMNS_TO_BAND[a2]!;
          dirty |= 4 << (d * 3);
        }
      }
      if (dirty !== 0) continue;

      // Mini-rows: each holds exactly three digits.
      for (let b = 0; b < 3; b++) {
        if ((changedBands & (1 << b)) === 0) continue;
        let p1 = 0;
        let p2 = 0;
        let p3 = 0;
        let p4 = 0;
        let f1 = 0;
        let f2 = 0;
        let f3 = 0;
        let f4 = 0;
        for (let i = o + MINI_ROWS + b; i < o + MINI_ROWS + 27; i += 3) {
          const m = w[i]!;
          const f = FORCED[m]!;
          p4 |= p3 & m;
          p3 |= p2 & m;
          p2 |= p1 & m;
          p1 |= m;
          f4 |= f3 & f;
          f3 |= f2 & f;
          f2 |= f1 & f;
          f1 |= f;
        }
        if (p3 !== 0x1ff || f4 !== 0) return false;
        const exactlyThree = p3 & ~p4;
        const full = f3 & ~exactlyThree;
        const needed = exactlyThree & ~f3;
        if ((full | needed) === 0) continue;
        for (let k = b, i = o + b; k < 27; k += 3, i += 3) {
          const x = w[i]!;
          const m = w[o + MINI_ROWS + k]!;
          const f = FORCED[m]!;
          let remove = full & m & ~f;
          for (let force = needed & m & ~f; force !== 0; force &= force - 1)
            remove |= CONFLICTS[bitIndex(force & -force)]!;
          remove &= m;
          if (remove !== 0) {
            w[i] = x & ~MINI_ROW_CELLS[remove]!;
            dirty |= 1 << k;
          }
        }
      }
      changedBands = 0;
      if (dirty !== 0) continue;

      // Naked singles: open cells covered by exactly one digit word of their band.
      for (let b = 0; b < 3; b++) {
        let once = 0;
        let twice = 0;
        for (let i = o + b; i < o + 27; i += 3) {
          const x = w[i]!;
          twice |= once & x;
          once |= x;
        }
        if (once !== BAND) return false;
        let singles = once & ~twice & w[o + UNSOLVED + b]!;
        if (singles === 0) continue;
        w[o + UNSOLVED + b]! &= ~singles;
        while (singles !== 0) {
          const bit = singles & -singles;
          singles ^= bit;
          const cell = b * 27 + bitIndex(bit);
          let d = 0;
          while (d < 9 && (w[o + d * 3 + b]! & bit) === 0) d++;
          if (d === 9) return false; // an earlier single of this band took the cell's last digit
          const i = o + d * 3 + b;
          w[i] = w[i]! & KEEP_IN_BAND[cell]!;
          dirty |= 1 << (d * 3 + b);
        }
      }
      if (dirty === 0) {
        w[o + DIRTY] = 0;
        return true;
      }
    }
  }

  /**
   * Clears `cells` from the nine digit words of a band (at j, j+3, …) and returns, at bits 0, 3, … 24, the
   * words that changed. Unrolled: this runs for every solved cell.
   */
  private clearCells(j: number, cells: number): number {
    const w = this.words;
    const keep = ~cells;
    let changed = 0;
    let y = w[j]!;
    if ((y & cells) !== 0) {
      w[j] = y & keep;
      changed = 1;
    }
    y = w[j + 3]!;
    if ((y & cells) !== 0) {
      w[j + 3] = y & keep;
      changed |= 1 << 3;
    }
    y = w[j + 6]!;
    if ((y & cells) !== 0) {
      w[j + 6] = y & keep;
      changed |= 1 << 6;
    }
    y = w[j + 9]!;
    if ((y & cells) !== 0) {
      w[j + 9] = y & keep;
      changed |= 1 << 9;
    }
    y = w[j + 12]!;
    if ((y & cells) !== 0) {
      w[j + 12] = y & keep;
      changed |= 1 << 12;
    }
    y = w[j + 15]!;
    if ((y & cells) !== 0) {
      w[j + 15] = y & keep;
      changed |= 1 << 15;
    }
    y = w[j + 18]!;
    if ((y & cells) !== 0) {
      w[j + 18] = y & keep;
      changed |= 1 << 18;
    }
    y = w[j + 21]!;
    if ((y & cells) !== 0) {
      w[j + 21] = y & keep;
      changed |= 1 << 21;
    }
    y = w[j + 24]!;
    if ((y & cells) !== 0) {
      w[j + 24] = y & keep;
      changed |= 1 << 24;
    }
    return changed;
  }

  /** An open cell with the fewest candidates (counted bit-parallel per band), or -1 when none is open. */
  private branchCell(o: number): number {
    const w = this.words;
    let best = -1;
    let bestCount = 10;
    for (let b = 0; b < 3; b++) {
      const open = w[o + UNSOLVED + b]!;
      if (open === 0) continue;
      let once = 0;
      let twice = 0;
      let thrice = 0;
      for (let i = o + b; i < o + 27; i += 3) {
        const x = w[i]!;
        thrice |= twice & x;
        twice |= once & x;
        once |= x;
      }
      const pairs = twice & ~thrice & open;
      if (pairs !== 0) return b * 27 + bitIndex(pairs & -pairs);
      for (let rest = open; rest !== 0; rest &= rest - 1) {
        const bit = rest & -rest;
        let n = 0;
        for (let i = o + b; i < o + 27; i += 3) if ((w[i]! & bit) !== 0) n++;
        if (n < bestCount) {
          bestCount = n;
          best = b * 27 + bitIndex(bit);
        }
      }
    }
    return best;
  }

  private saveSolution(o: number): void {
    const w = this.words;
    for (let d = 0; d < 9; d++) {
      for (let b = 0; b < 3; b++) {
        for (let x = w[o + d * 3 + b]!; x !== 0; x &= x - 1) this.solution[b * 27 + bitIndex(x & -x)] = d + 1;
      }
    }
  }
}
