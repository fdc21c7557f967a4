import { ALL_DIGITS, BOX_OF, COL_OF, ROW_OF, UNITS } from '@site/contract';
import { type Rng, shuffleInPlace } from './random.js';
import type { Solver } from './search/solver.js';

/** Corners (r1,c1) (r1,c2) (r2,c1) (r2,c2) of every rectangle spanning exactly two boxes, 4 cells each. */
const RECTANGLE_SHAPES = (() => {
  const cells: number[] = [];
  for (let r1 = 0; r1 < 9; r1++) {
    for (let r2 = r1 + 1; r2 < 9; r2++) {
      for (let c1 = 0; c1 < 9; c1++) {
        for (let c2 = c1 + 1; c2 < 9; c2++) {
          const sameBand = Math.floor(r1 / 3) === Math.floor(r2 / 3);
          const sameStack = Math.floor(c1 / 3) === Math.floor(c2 / 3);
          if (sameBand !== sameStack) cells.push(r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2);
        }
      }
    }
  }
  return Uint8Array.from(cells);
})();

/**
 * Turns a solved grid into a puzzle by trying every cell (or mirrored pair of cells) once, in random order,
 * and keeping each removal that the rule allows. Cheap tests settle most removals before the solver is asked:
 * a digit the remaining clues pin directly (naked or hidden single) can always go, and a removal that empties
 * an unavoidable rectangle never can. Works in place on the `clues` and `solution` buffers it is given.
 */
export class ClueRemover {
  /** Digits present among the clues of each row, column and box, kept in step with `clues`. */
  private readonly rowClues = new Uint16Array(9);
  private readonly colClues = new Uint16Array(9);
  private readonly boxClues = new Uint16Array(9);
  private readonly order = new Uint8Array(81);
  /** For each cell, the unavoidable rectangles (bits) it belongs to; see findRectangles. */
  private readonly rectanglesOf = new Uint32Array(81);
  /** Clues currently inside each rectangle. */
  private readonly rectangleClues = new Int8Array(32);

  constructor(
    private readonly solver: Solver,
    private readonly solution: Uint8Array,
    private readonly clues: Uint8Array,
  ) {}

  /** Removes clues while the solution stays unique: the result is a minimal puzzle. */
  whileUnique(rng: Rng, symmetric: boolean): void {
    this.dig(rng, symmetric, (cell, mirror) => this.stillUnique(cell, mirror));
  }

  /**
   * Removes clues while naked and hidden singles still finish the grid (which also keeps it unique), but
   * stops once only `minClues` are left.
   */
  whileSinglesSolve(rng: Rng, symmetric: boolean, minClues: number): void {
    this.dig(rng, symmetric, (cell, mirror) => this.singlesStillSolve(cell, mirror), minClues);
  }

  private dig(rng: Rng, symmetric: boolean, allowed: (cell: number, mirror: number) => boolean, minClues = 0): void {
    const { order, clues } = this;
    clues.set(this.solution);
    for (let i = 0; i < 81; i++) order[i] = i;
    shuffleInPlace(order, rng);
    this.rowClues.fill(ALL_DIGITS);
    this.colClues.fill(ALL_DIGITS);
    this.boxClues.fill(ALL_DIGITS);
    this.findRectangles();
    let left = 81;
    for (let i = 0; i < 81; i++) {
      const cell = order[i]!;
      const mirror = symmetric ? 80 - cell : cell;
      if (clues[cell] === 0) continue; // already removed as the mirror of an earlier cell
      const removing = mirror === cell ? 1 : 2;
      if (left - removing < minClues) break;
      this.setClue(cell, false);
      if (mirror !== cell) this.setClue(mirror, false);
      if (this.emptiesRectangle(cell, mirror) || !allowed(cell, mirror)) {
        this.setClue(cell, true);
        if (mirror !== cell) this.setClue(mirror, true);
      } else {
        left -= removing;
      }
    }
  }

  private setClue(cell: number, present: boolean): void {
    const v = this.solution[cell]!;
    const bit = 1 << (v - 1);
    this.clues[cell] = present ? v : 0;
    for (let sets = this.rectanglesOf[cell]!; sets !== 0; sets &= sets - 1) {
      this.rectangleClues[31 - Math.clz32(sets & -sets)]! += present ? 1 : -1;
    }
    if (present) {
      this.rowClues[ROW_OF[cell]!]! |= bit;
      this.colClues[COL_OF[cell]!]! |= bit;
      this.boxClues[BOX_OF[cell]!]! |= bit;
    } else {
      this.rowClues[ROW_OF[cell]!]! &= ~bit;
      this.colClues[COL_OF[cell]!]! &= ~bit;
      this.boxClues[BOX_OF[cell]!]! &= ~bit;
    }
  }

  /** No second solution appeared: any other solution would differ in a removed cell, so ask the solver for one. */
  private stillUnique(cell: number, mirror: number): boolean {
    if (this.forcedByClues(cell) && this.forcedByClues(mirror)) return true;
    return !this.hasSolutionWithout(cell) && (mirror === cell || !this.hasSolutionWithout(mirror));
  }

  /** Is there a solution of the current clues with another digit in `cell`? */
  private hasSolutionWithout(cell: number): boolean {
    if (!this.solver.load(this.clues)) return false;
    this.solver.restrict(cell, ALL_DIGITS & ~(1 << (this.solution[cell]! - 1)));
    return this.solver.count(1) > 0;
  }

  private singlesStillSolve(cell: number, mirror: number): boolean {
    if (this.forcedByClues(cell) && this.forcedByClues(mirror)) return true;
    return this.solver.load(this.clues) && this.solver.solvesBySingles();
  }

  /**
   * The remaining clues alone pin the removed cell's digit: either they rule out every other digit there
   * (naked single), or in one of its units every other open cell already sees that digit (hidden single).
   * The first deduction then restores the cell, so the removal changes neither uniqueness nor grade.
   */
  private forcedByClues(cell: number): boolean {
    const bit = 1 << (this.solution[cell]! - 1);
    const r = ROW_OF[cell]!;
    const c = COL_OF[cell]!;
    const b = BOX_OF[cell]!;
    if ((this.rowClues[r]! | this.colClues[c]! | this.boxClues[b]! | bit) === ALL_DIGITS) return true;
    return (
      this.onlyPlaceInUnit(cell, r, bit) ||
      this.onlyPlaceInUnit(cell, 9 + c, bit) ||
      this.onlyPlaceInUnit(cell, 18 + b, bit)
    );
  }

  /** Every other open cell of the unit sees the digit among the clues of its row, column or box. */
  private onlyPlaceInUnit(cell: number, unit: number, bit: number): boolean {
    for (let k = unit * 9, end = k + 9; k < end; k++) {
      const other = UNITS[k]!;
      if (other === cell || this.clues[other] !== 0) continue;
      const seen = this.rowClues[ROW_OF[other]!]! | this.colClues[COL_OF[other]!]! | this.boxClues[BOX_OF[other]!]!;
      if ((seen & bit) === 0) return false;
    }
    return true;
  }

  /**
   * Unavoidable rectangles: cells (r1,c1) (r1,c2) (r2,c1) (r2,c2) lying in two boxes and reading a b / b a
   * in the solution. Swapping a and b there gives another valid grid, so a unique puzzle keeps a clue in
   * each; removing a rectangle's last clue is refused on the spot. (About ten per grid; 32 are tracked.)
   */
  private findRectangles(): void {
    const { solution, rectanglesOf, rectangleClues } = this;
    rectanglesOf.fill(0);
    let n = 0;
    for (let k = 0; k < RECTANGLE_SHAPES.length && n < rectangleClues.length; k += 4) {
      const a = RECTANGLE_SHAPES[k]!;
      const b = RECTANGLE_SHAPES[k + 1]!;
      const c = RECTANGLE_SHAPES[k + 2]!;
      const d = RECTANGLE_SHAPES[k + 3]!;
      if (solution[a] !== solution[d] || solution[b] !== solution[c]) continue;
      const bit = 1 << n;
      rectanglesOf[a]! |= bit;
      rectanglesOf[b]! |= bit;
      rectanglesOf[c]! |= bit;
      rectanglesOf[d]! |= bit;
      rectangleClues[n++] = 4;
    }
  }

  private emptiesRectangle(cell: number, mirror: number): boolean {
    for (let sets = this.rectanglesOf[cell]! | this.rectanglesOf[mirror]!; sets !== 0; sets &= sets - 1) {
      if (this.rectangleClues[31 - Math.clz32(sets & -sets)] === 0) return true;
    }
    return false;
  }
}
