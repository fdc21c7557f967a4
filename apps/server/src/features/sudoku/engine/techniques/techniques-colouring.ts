import { IS_PEER, UNITS } from '@site/contract';
import type { GradingState } from '../grading-state.js';

/*
 * Simple colouring on one digit. Where a unit has exactly two places for the digit (a conjugate pair), one
 * of them holds it. Chains of such pairs alternate two colours, and exactly one colour is true.
 * Wrap: two cells of one colour see each other, so that colour is false everywhere.
 * Trap: a cell seeing both colours cannot hold the digit.
 */

const links = new Int8Array(81 * 3); // up to one conjugate partner per unit of a cell, -1 for none
const colour = new Int8Array(81); // -1 uncoloured, else chain * 2 + (0 | 1)
const stack = new Uint8Array(81);
const chainCells = new Uint8Array(81);

export function simpleColouring(s: GradingState): boolean {
  const cand = s.cand;
  for (let d = 0; d < 9; d++) {
    const bit = 1 << d;
    links.fill(-1);
    for (let u = 0; u < 27; u++) {
      let first = -1;
      let second = -1;
      let count = 0;
      for (let k = 0; k < 9; k++) {
        const cell = UNITS[u * 9 + k]!;
        if ((cand[cell]! & bit) === 0) continue;
        if (++count === 1) first = cell;
        else second = cell;
      }
      if (count !== 2) continue;
      const kind = Math.floor(u / 9); // row, column or box link slot
      links[first * 3 + kind] = second;
      links[second * 3 + kind] = first;
    }

    colour.fill(-1);
    let chain = 0;
    for (let start = 0; start < 81; start++) {
      if (colour[start] !== -1 || !hasLink(start)) continue;
      const size = colourChain(start, chain * 2);
      if (size >= 3 && applyChain(s, bit, chain * 2, size)) return true;
      chain++;
    }
  }
  return false;
}

function hasLink(cell: number): boolean {
  return links[cell * 3]! >= 0 || links[cell * 3 + 1]! >= 0 || links[cell * 3 + 2]! >= 0;
}

/** Two-colours the chain reached from `start` (depth-first); returns its cells in chainCells. */
function colourChain(start: number, base: number): number {
  let size = 0;
  let top = 0;
  colour[start] = base;
  stack[top++] = start;
  while (top > 0) {
    const cell = stack[--top]!;
    chainCells[size++] = cell;
    for (let k = 0; k < 3; k++) {
      const next = links[cell * 3 + k]!;
      if (next < 0 || colour[next] !== -1) continue;
      colour[next] = colour[cell]! ^ 1;
      stack[top++] = next;
    }
  }
  return size;
}

function applyChain(s: GradingState, bit: number, base: number, size: number): boolean {
  // Wrap: a colour that sees itself is false.
  for (let i = 0; i < size; i++) {
    const a = chainCells[i]!;
    for (let j = i + 1; j < size; j++) {
      const b = chainCells[j]!;
      if (colour[a] === colour[b] && IS_PEER[a * 81 + b]) {
        const falseColour = colour[a];
        for (let k = 0; k < size; k++) {
          const cell = chainCells[k]!;
          if (colour[cell] === falseColour) s.eliminate(cell, bit);
        }
        return true;
      }
    }
  }
  // Trap: an uncoloured candidate that sees both colours.
  let progress = false;
  for (let cell = 0; cell < 81; cell++) {
    if ((s.cand[cell]! & bit) === 0 || (colour[cell]! & ~1) === base) continue;
    let seen = 0;
    for (let i = 0; i < size && seen !== 3; i++) {
      const c = chainCells[i]!;
      if (IS_PEER[cell * 81 + c]) seen |= 1 << (colour[c]! - base);
    }
    if (seen === 3 && s.eliminate(cell, bit)) progress = true;
  }
  return progress;
}
