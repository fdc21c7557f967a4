import { POPCOUNT } from '@site/contract';
import type { GradingState } from '../grading-state.js';

/*
 * Fish on one digit. If in n rows the digit's places all fall in the same n columns, those rows take the
 * digit in those columns, so it leaves every other row of those columns (and the same with rows and
 * columns swapped). n = 2 is an X-Wing, n = 3 a Swordfish.
 */

/** For each row (or column), the columns (rows) where the digit is a candidate, as bits 0–8. */
const lines = new Uint16Array(9);

export const xWing = (s: GradingState) => fish(s, 2);
export const swordfish = (s: GradingState) => fish(s, 3);

function fish(s: GradingState, size: 2 | 3): boolean {
  let progress = false;
  for (let d = 0; d < 9; d++) {
    const bit = 1 << d;
    for (let byColumn = 0; byColumn < 2; byColumn++) {
      for (let i = 0; i < 9; i++) {
        let where = 0;
        for (let j = 0; j < 9; j++) {
          if (s.cand[byColumn ? j * 9 + i : i * 9 + j]! & bit) where |= 1 << j;
        }
        lines[i] = where;
      }
      for (let a = 0; a < 9; a++) {
        const la = lines[a]!;
        if (POPCOUNT[la]! < 2 || POPCOUNT[la]! > size) continue;
        for (let b = a + 1; b < 9; b++) {
          const lb = lines[b]!;
          if (POPCOUNT[lb]! < 2) continue;
          const ab = la | lb;
          if (size === 2) {
            if (POPCOUNT[ab] === 2 && removeFromCoverLines(s, bit, byColumn, ab, (1 << a) | (1 << b))) progress = true;
            continue;
          }
          if (POPCOUNT[ab]! > 3) continue;
          for (let c = b + 1; c < 9; c++) {
            const lc = lines[c]!;
            if (POPCOUNT[lc]! < 2) continue;
            const abc = ab | lc;
            if (POPCOUNT[abc] === 3 && removeFromCoverLines(s, bit, byColumn, abc, (1 << a) | (1 << b) | (1 << c))) {
              progress = true;
            }
          }
        }
      }
    }
  }
  return progress;
}

/** Removes the digit from the cover lines (`cover`) except where they cross the base lines (`base`). */
function removeFromCoverLines(s: GradingState, bit: number, byColumn: number, cover: number, base: number): boolean {
  let progress = false;
  for (let j = 0; j < 9; j++) {
    if (((cover >> j) & 1) === 0) continue;
    for (let i = 0; i < 9; i++) {
      if ((base >> i) & 1) continue;
      if (s.eliminate(byColumn ? j * 9 + i : i * 9 + j, bit)) progress = true;
    }
  }
  return progress;
}
