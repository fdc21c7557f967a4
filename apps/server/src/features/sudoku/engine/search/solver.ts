import { type Board, toBoard, toGrid } from '@site/contract';
import { isValidBoardShape } from '../board.js';
import type { Rng } from '../random.js';
import { BandSearch } from './band-search.js';
import {
  BAND,
  BAND_OF,
  BIT_IN_BAND,
  BOX_IN_BAND,
  BOX_STARTS,
  BOXES_TO_BAND,
  bitIndex,
  COLUMN_SPREAD,
  COLUMNS_TO_BAND,
  DIRTY,
  KEEP_IN_BAND,
  KEEP_OUTSIDE_COLUMN,
  MAX_DEPTH,
  MINI_ROWS,
  PLACED,
  ROW_IN_BAND,
  ROW_STARTS,
  ROWS_TO_BAND,
  STRIDE,
  UNIT_BITS,
} from './bitboard.js';

/**
 * Loads clues into digit bitboards (bitboard.ts). Counting without an rng runs BandSearch, the fast path for
 * solving and uniqueness (band-search.ts). With an rng (random complete grids for the generator) it runs its
 * own simpler search: backtracking with naked- and hidden-single propagation, branching on a two-candidate
 * cell when there is one and trying digits from a random start. That search is kept as it is because a
 * seed must keep giving the same grid: daily puzzles are regenerated from their date's seed
 * (sudoku/daily-puzzles.ts). Each depth owns a slice of one typed array, so branching copies 120 bytes and
 * never allocates. Not re-entrant: one instance serves one search at a time (fine on a single thread).
 */
export class Solver {
  private readonly words = new Int32Array(STRIDE * MAX_DEPTH);
  /** Rebuilt by every load: per digit the units of its clues (as UNIT_BITS), and its clue cells per band. */
  private readonly clueUnits = new Int32Array(9);
  private readonly clueCells = new Int32Array(27);
  private consistent = false;
  private found = 0;
  private limit = 2;
  private rng: Rng | undefined;
  /** The first solution found by the last search, as 81 digits. */
  readonly solution = new Uint8Array(81);
  private readonly bandSearch = new BandSearch();

  /** Starts a new search from clues (0 = empty). Returns false when the clues already clash. */
  load(grid: ArrayLike<number>): boolean {
    const w = this.words;
    const { clueUnits: units, clueCells: own } = this;
    units.fill(0);
    own.fill(0);
    // One pass records, per digit, its rows (bits 0–8), columns (9–17) and boxes (18–26); a repeat is a clash.
    for (let cell = 0; cell < 81; cell++) {
      const v = grid[cell]!;
      if (v === 0) continue;
      const d = v - 1;
      const mask = UNIT_BITS[cell]!;
      if ((units[d]! & mask) !== 0) {
        this.consistent = false;
        return false;
      }
      units[d]! |= mask;
      own[d * 3 + BAND_OF[cell]!]! |= BIT_IN_BAND[cell]!;
    }
    const placed0 = own[0]! | own[3]! | own[6]! | own[9]! | own[12]! | own[15]! | own[18]! | own[21]! | own[24]!;
    const placed1 = own[1]! | own[4]! | own[7]! | own[10]! | own[13]! | own[16]! | own[19]! | own[22]! | own[25]!;
    const placed2 = own[2]! | own[5]! | own[8]! | own[11]! | own[14]! | own[17]! | own[20]! | own[23]! | own[26]!;
    // Each digit may go wherever no clue of its own sees and no other clue sits; its own clues stay.
    for (let d = 0; d < 9; d++) {
      const u = units[d]!;
      const cover = COLUMNS_TO_BAND[(u >> 9) & 0x1ff]!;
      for (let b = 0; b < 3; b++) {
        const seen = cover | ROWS_TO_BAND[(u >> (b * 3)) & 7]! | BOXES_TO_BAND[(u >> (18 + b * 3)) & 7]!;
        const placed = b === 0 ? placed0 : b === 1 ? placed1 : placed2;
        w[d * 3 + b] = (BAND & ~seen & ~placed) | own[d * 3 + b]!;
      }
    }
    w[PLACED] = placed0;
    w[PLACED + 1] = placed1;
    w[PLACED + 2] = placed2;
    w[DIRTY] = 0x1ff;
    this.consistent = true;
    return true;
  }

  /** Keeps only the digits of `mask` (bit d-1 = digit d) as candidates of a cell of the loaded clues. */
  restrict(cell: number, mask: number): void {
    const w = this.words;
    const b = Math.floor(cell / 27);
    const clear = ~(1 << (cell % 27));
    for (let d = 0; d < 9; d++) {
      if (((mask >> d) & 1) === 0) w[d * 3 + b]! &= clear;
    }
    w[DIRTY] = 0x1ff;
  }

  /** Steps (propagations) the last count without an rng took: the measure `maxSteps` bounds. */
  get steps(): number {
    return this.bandSearch.steps;
  }

  /**
   * Counts solutions of the loaded clues, stopping at `limit`; with an rng, digits are tried in random order.
   * Without an rng, -1 when the search needed more than `maxSteps` steps.
   */
  count(limit: number, rng?: Rng, maxSteps = Number.POSITIVE_INFINITY): number {
    if (!rng) {
      this.bandSearch.steps = 0;
      if (!this.consistent) return 0;
      const n = this.bandSearch.count(this.words, limit, maxSteps);
      if (n > 0) this.solution.set(this.bandSearch.solution);
      return n;
    }
    this.found = 0;
    this.limit = limit;
    this.rng = rng;
    if (this.consistent) this.search(0);
    return this.found;
  }

  /** True when naked and hidden singles alone fill every cell of the loaded clues (no search). */
  solvesBySingles(): boolean {
    const w = this.words;
    return this.consistent && this.propagate(0) && (w[PLACED]! & w[PLACED + 1]! & w[PLACED + 2]!) === BAND;
  }

  /** Puts digit d (0–8) in a cell: the cell loses its other digits and d leaves the cell's row, column and box. */
  private place(o: number, cell: number, d: number): boolean {
    const w = this.words;
    const b = cell >= 54 ? 2 : cell >= 27 ? 1 : 0;
    const p = cell - b * 27;
    const bit = 1 << p;
    const at = o + d * 3;
    if ((w[at + b]! & bit) === 0) return false;
    const clear = ~bit;
    let dirty = w[o + DIRTY]! | (1 << d);
    for (let e = 0, i = o + b; e < 9; e++, i += 3) {
      const x = w[i]!;
      if ((x & bit) !== 0) {
        w[i] = x & clear;
        dirty |= 1 << e;
      }
    }
    w[o + DIRTY] = dirty;
    const keepColumn = KEEP_OUTSIDE_COLUMN[p % 9]!;
    w[at] = b === 0 ? (w[at]! & KEEP_IN_BAND[cell]!) | bit : w[at]! & keepColumn;
    w[at + 1] = b === 1 ? (w[at + 1]! & KEEP_IN_BAND[cell]!) | bit : w[at + 1]! & keepColumn;
    w[at + 2] = b === 2 ? (w[at + 2]! & KEEP_IN_BAND[cell]!) | bit : w[at + 2]! & keepColumn;
    w[o + PLACED + b]! |= bit;
    return true;
  }

  private search(depth: number): void {
    const w = this.words;
    const o = depth * STRIDE;
    if (!this.propagate(o)) return;
    if ((w[o + PLACED]! & w[o + PLACED + 1]! & w[o + PLACED + 2]!) === BAND) {
      if (this.found++ === 0) this.saveSolution(o);
      return;
    }

    const cell = this.branchCell(o);
    const b = Math.floor(cell / 27);
    const bit = 1 << (cell % 27);
    const next = o + STRIDE;
    const start = this.rng ? Math.floor(this.rng() * 9) : 0;
    for (let i = 0; i < 9; i++) {
      const d = (start + i) % 9;
      if ((w[o + d * 3 + b]! & bit) === 0) continue;
      w.copyWithin(next, o, o + 31);
      this.place(next, cell, d);
      this.search(depth + 1);
      if (this.found >= this.limit) return;
    }
  }

  /**
   * An open cell with two candidates if any, else one with three, else the first open cell. Candidate
   * counts come bit-parallel: per band, the cells covered by at least one, two, three and four digit words.
   */
  private branchCell(o: number): number {
    const w = this.words;
    let fallback = -1;
    for (let b = 0; b < 3; b++) {
      let once = 0;
      let twice = 0;
      let thrice = 0;
      let four = 0;
      for (let i = o + b; i < o + 27; i += 3) {
        const x = w[i]!;
        four |= thrice & x;
        thrice |= twice & x;
        twice |= once & x;
        once |= x;
      }
      const open = ~w[o + PLACED + b]!;
      const pairs = twice & ~thrice & open;
      if (pairs !== 0) return b * 27 + bitIndex(pairs & -pairs);
      const triples = thrice & ~four & open;
      if (triples !== 0 && fallback < 0) fallback = b * 27 + bitIndex(triples & -triples);
    }
    if (fallback >= 0) return fallback;
    for (let b = 0; b < 3; b++) {
      const open = ~w[o + PLACED + b]! & BAND;
      if (open !== 0) return b * 27 + bitIndex(open & -open);
    }
    return -1;
  }

  /** Naked singles, then hidden singles, until neither finds anything. False on a contradiction. */
  private propagate(o: number): boolean {
    const w = this.words;
    for (;;) {
      let progress = false;

      // Naked singles: cells covered by exactly one digit's word, not yet placed.
      for (let b = 0; b < 3; b++) {
        let once = 0;
        let twice = 0;
        for (let i = o + b; i < o + 27; i += 3) {
          const x = w[i]!;
          twice |= once & x;
          once |= x;
        }
        if (once !== BAND) return false; // a cell with no candidate
        let singles = once & ~twice & ~w[o + PLACED + b]!;
        while (singles !== 0) {
          const bit = singles & -singles;
          singles ^= bit;
          let d = 0;
          while (d < 9 && (w[o + d * 3 + b]! & bit) === 0) d++;
          if (d === 9 || !this.place(o, b * 27 + bitIndex(bit), d)) return false;
          progress = true;
        }
      }
      if (progress) continue;

      // Hidden singles, only for digits whose places changed since they were last looked at.
      let dirty = w[o + DIRTY]!;
      w[o + DIRTY] = 0;
      while (dirty !== 0) {
        const digitBit = dirty & -dirty;
        dirty ^= digitBit;
        const d = bitIndex(digitBit);
        const result = this.hiddenSingles(o, d);
        if (result < 0) return false;
        if (result > 0) progress = true;
      }
      if (!progress) return true;
    }
  }

  /**
   * Places digit d wherever a row, box or column has one open place left for it. Works on whole band words:
   * each band splits into nine 3-cell mini-rows, and counting those per row and per box is bitwise.
   * Returns -1 on a contradiction (a unit with no place for d), else the number of cells placed.
   */
  private hiddenSingles(o: number, d: number): number {
    const w = this.words;
    const at = o + d * 3;
    let placed = 0;
    for (let b = 0; b < 3; b++) {
      const x = w[at + b]!;
      const any = (x | (x >> 1) | (x >> 2)) & MINI_ROWS;
      if (((any | (any >> 3) | (any >> 6)) & ROW_STARTS) !== ROW_STARTS) return -1;
      if (((any | (any >> 9) | (any >> 18)) & BOX_STARTS) !== BOX_STARTS) return -1;

      const open = x & ~w[o + PLACED + b]!;
      if (open === 0) continue;
      const a = (open | (open >> 1) | (open >> 2)) & MINI_ROWS;
      const t = ((open & (open >> 1)) | (open & (open >> 2)) | ((open >> 1) & (open >> 2))) & MINI_ROWS;
      const a3 = a >> 3;
      const a6 = a >> 6;
      const rowMulti = (a & a3) | (a & a6) | (a3 & a6) | t | (t >> 3) | (t >> 6);
      const rowSingles = (a | a3 | a6) & ~rowMulti & ROW_STARTS;
      const a9 = a >> 9;
      const a18 = a >> 18;
      const boxMulti = (a & a9) | (a & a18) | (a9 & a18) | t | (t >> 9) | (t >> 18);
      const boxSingles = (a | a9 | a18) & ~boxMulti & BOX_STARTS;
      if ((rowSingles | boxSingles) === 0) continue;
      for (let k = 0; k < 3; k++) {
        if ((rowSingles >> (9 * k)) & 1) {
          const r = this.placeIfSingle(o, at, b, ROW_IN_BAND[k]!, d);
          if (r < 0) return -1;
          placed += r;
        }
        if ((boxSingles >> (3 * k)) & 1) {
          const r = this.placeIfSingle(o, at, b, BOX_IN_BAND[k]!, d);
          if (r < 0) return -1;
          placed += r;
        }
      }
    }

    // Columns: count each column's open places over the nine row slices.
    let once = 0;
    let twice = 0;
    let all = 0;
    for (let b = 0; b < 3; b++) {
      const x = w[at + b]!;
      all |= x;
      const open = x & ~w[o + PLACED + b]!;
      const s0 = open & 0x1ff;
      const s1 = (open >> 9) & 0x1ff;
      const s2 = open >> 18;
      const inBand = s0 | s1 | s2;
      twice |= (s0 & s1) | (s0 & s2) | (s1 & s2) | (once & inBand);
      once |= inBand;
    }
    if (((all | (all >> 9) | (all >> 18)) & 0x1ff) !== 0x1ff) return -1;
    let exact = once & ~twice;
    while (exact !== 0) {
      const colBit = exact & -exact;
      exact ^= colBit;
      const column = colBit * COLUMN_SPREAD;
      let b = 0;
      while (b < 3 && (w[at + b]! & ~w[o + PLACED + b]! & column) === 0) b++;
      if (b === 3) continue;
      const r = this.placeIfSingle(o, at, b, column, d);
      if (r < 0) return -1;
      placed += r;
    }
    return placed;
  }

  /** Places d in the one open cell of `unit` (a mask within band b) if it still has exactly one: 1, 0 or -1. */
  private placeIfSingle(o: number, at: number, b: number, unit: number, d: number): number {
    const w = this.words;
    const bit = w[at + b]! & ~w[o + PLACED + b]! & unit;
    if (bit === 0 || (bit & (bit - 1)) !== 0) return 0; // changed meanwhile; the next round looks again
    return this.place(o, b * 27 + bitIndex(bit), d) ? 1 : -1;
  }

  private saveSolution(o: number): void {
    const w = this.words;
    for (let d = 0; d < 9; d++) {
      for (let b = 0; b < 3; b++) {
        let x = w[o + d * 3 + b]!;
        while (x !== 0) {
          const bit = x & -x;
          x ^= bit;
          this.solution[b * 27 + bitIndex(bit)] = d + 1;
        }
      }
    }
  }
}

const shared = new Solver();

/**
 * Number of solutions, counting no further than `limit`. Malformed boards and clashing clues have 0.
 * With `maxSteps` (for puzzles from outside), -1 when the search needs more steps than that.
 */
export function countSolutions(board: Board, limit = 2, maxSteps = Number.POSITIVE_INFINITY): number {
  if (!isValidBoardShape(board) || !shared.load(toGrid(board))) return 0;
  return shared.count(limit, undefined, maxSteps);
}

/** Steps the last countSolutions or solve took (see BandSearch.steps). */
export const lastSearchSteps = (): number => shared.steps;

/** The solution when there is exactly one, else null (no solution, several, or a malformed board). */
export function solve(board: Board): Board | null {
  if (!isValidBoardShape(board) || !shared.load(toGrid(board))) return null;
  return shared.count(2) === 1 ? toBoard(shared.solution) : null;
}

/** Internal form of countSolutions for the generator and benchmark: clues as 81 digits. */
export function countGridSolutions(grid: ArrayLike<number>, limit = 2, solution?: Uint8Array): number {
  if (!shared.load(grid)) return 0;
  const n = shared.count(limit);
  if (n > 0 && solution) solution.set(shared.solution);
  return n;
}
