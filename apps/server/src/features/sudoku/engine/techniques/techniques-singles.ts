import { ALL_DIGITS, DIGIT_OF_BIT, POPCOUNT, UNITS } from '@site/contract';
import type { GradingState } from '../grading-state.js';

/** A cell with one candidate left takes it. Places every such cell in one sweep. */
export function nakedSingles(s: GradingState): boolean {
  const { cand, value } = s;
  let progress = false;
  for (let cell = 0; cell < 81; cell++) {
    if (value[cell] !== 0) continue;
    const m = cand[cell]!;
    if (m === 0) {
      s.broken = true;
      return false;
    }
    if ((m & (m - 1)) === 0) {
      s.place(cell, DIGIT_OF_BIT[m]!);
      progress = true;
    }
  }
  return progress;
}

/** A digit with one possible cell left in a row, column or box goes there. */
export function hiddenSingles(s: GradingState): boolean {
  const { cand, value } = s;
  const units = UNITS;
  let progress = false;
  for (let u = 0; u < 243; u += 9) {
    let once = 0;
    let twice = 0;
    let placed = 0;
    for (let k = 0; k < 9; k++) {
      const cell = units[u + k]!;
      const m = cand[cell]!;
      twice |= once & m;
      once |= m;
      const v = value[cell]!;
      if (v !== 0) placed |= 1 << (v - 1);
    }
    if ((once | placed) !== ALL_DIGITS) {
      s.broken = true; // a digit has nowhere to go
      return false;
    }
    const exact = once & ~twice;
    if (exact === 0) continue;
    for (let k = 0; k < 9; k++) {
      const cell = units[u + k]!;
      const x = cand[cell]! & exact;
      if (x === 0) continue;
      if (POPCOUNT[x]! > 1) {
        s.broken = true; // two digits need the same cell
        return false;
      }
      s.place(cell, DIGIT_OF_BIT[x]!);
      progress = true;
    }
  }
  return progress;
}
