import { IS_PEER, PEERS, POPCOUNT } from '@site/contract';
import type { GradingState } from '../grading-state.js';

/**
 * XY-Wing: a pivot {x,y} sees pincers {x,z} and {y,z}. Whichever digit the pivot takes, one pincer is z,
 * so z leaves every cell that sees both pincers.
 */
export function xyWing(s: GradingState): boolean {
  const cand = s.cand;
  let progress = false;
  for (let pivot = 0; pivot < 81; pivot++) {
    const pm = cand[pivot]!;
    if (POPCOUNT[pm] !== 2) continue;
    for (let i = pivot * 20, end = i + 20; i < end; i++) {
      const a = PEERS[i]!;
      const am = cand[a]!;
      if (POPCOUNT[am] !== 2 || POPCOUNT[am & pm] !== 1) continue;
      const z = am & ~pm;
      const want = (pm & ~am) | z; // the other pincer: the pivot's other digit plus z
      for (let j = i + 1; j < end; j++) {
        const b = PEERS[j]!;
        if (cand[b] === want && removeSeenByAll(s, z, a, b, -1)) progress = true;
      }
    }
  }
  return progress;
}

/**
 * XYZ-Wing: a pivot {x,y,z} sees pincers {x,z} and {y,z}. One of the three is z, so z leaves every cell
 * that sees all three.
 */
export function xyzWing(s: GradingState): boolean {
  const cand = s.cand;
  let progress = false;
  for (let pivot = 0; pivot < 81; pivot++) {
    const pm = cand[pivot]!;
    if (POPCOUNT[pm] !== 3) continue;
    for (let i = pivot * 20, end = i + 20; i < end; i++) {
      const a = PEERS[i]!;
      const am = cand[a]!;
      if (POPCOUNT[am] !== 2 || (am & ~pm) !== 0) continue;
      for (let j = i + 1; j < end; j++) {
        const b = PEERS[j]!;
        const bm = cand[b]!;
        if (POPCOUNT[bm] !== 2 || (bm & ~pm) !== 0 || bm === am) continue;
        if (removeSeenByAll(s, am & bm, a, b, pivot)) progress = true;
      }
    }
  }
  return progress;
}

/** Removes `digit` from every cell that sees a, b and (unless negative) c. */
function removeSeenByAll(s: GradingState, digit: number, a: number, b: number, c: number): boolean {
  let progress = false;
  for (let i = a * 20, end = i + 20; i < end; i++) {
    const cell = PEERS[i]!;
    if (cell === b || cell === c || !IS_PEER[b * 81 + cell] || (c >= 0 && !IS_PEER[c * 81 + cell])) continue;
    if (s.eliminate(cell, digit)) progress = true;
  }
  return progress;
}
