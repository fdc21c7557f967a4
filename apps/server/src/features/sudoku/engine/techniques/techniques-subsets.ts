import { POPCOUNT, UNITS } from '@site/contract';
import type { GradingState } from '../grading-state.js';

/*
 * Subsets within one unit. Naked: n cells whose candidates together are n digits own those digits, which
 * leave the unit's other cells. Hidden: n digits whose places together are n cells own those cells, which
 * lose every other digit.
 */

// Scratch for one unit at a time, so the sweeps never allocate.
const cells = new Uint8Array(9);
const masks = new Uint16Array(9);
/** For each digit, the unit positions (bits 0–8) where it is still a candidate. */
const places = new Uint16Array(9);

export const nakedPairs = (s: GradingState) => nakedSubsets(s, 2);
export const nakedTriples = (s: GradingState) => nakedSubsets(s, 3);
export const hiddenPairs = (s: GradingState) => hiddenSubsets(s, 2);
export const hiddenTriples = (s: GradingState) => hiddenSubsets(s, 3);

function nakedSubsets(s: GradingState, size: 2 | 3): boolean {
  const cand = s.cand;
  let progress = false;
  for (let u = 0; u < 243; u += 9) {
    // Open cells with 2..size candidates can take part.
    let n = 0;
    let open = 0;
    for (let k = 0; k < 9; k++) {
      const cell = UNITS[u + k]!;
      const m = cand[cell]!;
      if (m === 0) continue;
      open++;
      if (POPCOUNT[m]! <= size) {
        cells[n] = cell;
        masks[n++] = m;
      }
    }
    if (n < size || open <= size) continue; // the subset would be the whole unit: nothing to remove
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const ij = masks[i]! | masks[j]!;
        if (size === 2) {
          if (POPCOUNT[ij] === 2 && removeOutside(s, u, ij, cells[i]!, cells[j]!, -1)) progress = true;
          continue;
        }
        if (POPCOUNT[ij]! > 3) continue;
        for (let k = j + 1; k < n; k++) {
          const ijk = ij | masks[k]!;
          if (POPCOUNT[ijk] === 3 && removeOutside(s, u, ijk, cells[i]!, cells[j]!, cells[k]!)) progress = true;
        }
      }
    }
  }
  return progress;
}

/** Removes `digits` from the unit's cells other than a, b and c. */
function removeOutside(s: GradingState, u: number, digits: number, a: number, b: number, c: number): boolean {
  let progress = false;
  for (let k = 0; k < 9; k++) {
    const cell = UNITS[u + k]!;
    if (cell !== a && cell !== b && cell !== c && s.eliminate(cell, digits)) progress = true;
  }
  return progress;
}

function hiddenSubsets(s: GradingState, size: 2 | 3): boolean {
  const cand = s.cand;
  let progress = false;
  for (let u = 0; u < 243; u += 9) {
    places.fill(0);
    let open = 0;
    for (let k = 0; k < 9; k++) {
      const m = cand[UNITS[u + k]!]!;
      if (m !== 0) open++;
      for (let d = 0; d < 9; d++) if ((m >> d) & 1) places[d]! |= 1 << k;
    }
    if (open <= size) continue;
    for (let d = 0; d < 9; d++) {
      const pd = places[d]!;
      if (POPCOUNT[pd]! < 2 || POPCOUNT[pd]! > size) continue;
      for (let e = d + 1; e < 9; e++) {
        const pe = places[e]!;
        if (POPCOUNT[pe]! < 2) continue;
        const de = pd | pe;
        if (size === 2) {
          if (POPCOUNT[de] === 2 && keepOnly(s, u, de, (1 << d) | (1 << e))) progress = true;
          continue;
        }
        if (POPCOUNT[de]! > 3) continue;
        for (let f = e + 1; f < 9; f++) {
          const pf = places[f]!;
          if (POPCOUNT[pf]! < 2) continue;
          const def = de | pf;
          if (POPCOUNT[def] === 3 && keepOnly(s, u, def, (1 << d) | (1 << e) | (1 << f))) progress = true;
        }
      }
    }
  }
  return progress;
}

/** In the unit positions `where`, removes every digit except `digits`. */
function keepOnly(s: GradingState, u: number, where: number, digits: number): boolean {
  let progress = false;
  for (let k = 0; k < 9; k++) {
    if ((where >> k) & 1 && s.eliminate(UNITS[u + k]!, ~digits & 0x1ff)) progress = true;
  }
  return progress;
}
