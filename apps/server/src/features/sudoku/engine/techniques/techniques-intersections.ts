import type { GradingState } from '../grading-state.js';

/*
 * A box and a row (or column) meet in a 3-cell segment. If a digit's places in one of the two units all lie
 * in that segment, the digit must go there, so it leaves the rest of the other unit.
 */

/** Pointing: a digit confined to one row (column) inside a box leaves the rest of that row (column). */
export function pointing(s: GradingState): boolean {
  let progress = false;
  for (let box = 0; box < 9; box++) {
    const top = Math.floor(box / 3) * 3;
    const left = (box % 3) * 3;
    // Rows of the box, then columns.
    for (let byColumn = 0; byColumn < 2; byColumn++) {
      const seg0 = segmentMask(s, top, left, byColumn, 0);
      const seg1 = segmentMask(s, top, left, byColumn, 1);
      const seg2 = segmentMask(s, top, left, byColumn, 2);
      for (let i = 0; i < 3; i++) {
        const digits = i === 0 ? seg0 & ~(seg1 | seg2) : i === 1 ? seg1 & ~(seg0 | seg2) : seg2 & ~(seg0 | seg1);
        if (digits === 0) continue;
        for (let k = 0; k < 9; k++) {
          // Cells of the same line outside the box.
          const cell = byColumn ? k * 9 + left + i : (top + i) * 9 + k;
          const outside = byColumn ? k < top || k >= top + 3 : k < left || k >= left + 3;
          if (outside && s.eliminate(cell, digits)) progress = true;
        }
      }
    }
  }
  return progress;
}

const seg = new Uint16Array(3);

/** Box-line reduction (claiming): a digit confined to one box within a row (column) leaves the rest of that box. */
export function boxLineReduction(s: GradingState): boolean {
  let progress = false;
  for (let byColumn = 0; byColumn < 2; byColumn++) {
    for (let line = 0; line < 9; line++) {
      const band = Math.floor(line / 3) * 3;
      seg.fill(0);
      for (let k = 0; k < 9; k++) {
        const cell = byColumn ? k * 9 + line : line * 9 + k;
        seg[Math.floor(k / 3)]! |= s.cand[cell]!;
      }
      for (let i = 0; i < 3; i++) {
        const digits = seg[i]! & ~(seg[(i + 1) % 3]! | seg[(i + 2) % 3]!);
        if (digits === 0) continue;
        // The box where line meets block i: its cells off this line.
        for (let a = band; a < band + 3; a++) {
          if (a === line) continue;
          for (let b = i * 3; b < i * 3 + 3; b++) {
            const cell = byColumn ? b * 9 + a : a * 9 + b;
            if (s.eliminate(cell, digits)) progress = true;
          }
        }
      }
    }
  }
  return progress;
}

/** Candidates of the i-th row (or column) segment of the box at (top, left). */
function segmentMask(s: GradingState, top: number, left: number, byColumn: number, i: number): number {
  const c = s.cand;
  if (byColumn) {
    const col = left + i;
    return c[top * 9 + col]! | c[(top + 1) * 9 + col]! | c[(top + 2) * 9 + col]!;
  }
  const row = (top + i) * 9 + left;
  return c[row]! | c[row + 1]! | c[row + 2]!;
}
