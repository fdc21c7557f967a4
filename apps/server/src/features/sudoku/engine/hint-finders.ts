import { BOX_OF, DIGIT_OF_BIT, IS_PEER, maskDigits, PEERS, POPCOUNT, unitCells, unitsOf } from '@site/contract';
import type { TechniqueName } from './grader.js';
import type { GradingState } from './grading-state.js';

/*
 * One instance of each grader technique, with its evidence, for hints (docs/product.md#sudoku-hints).
 * The grader's sweeps (techniques-*.ts) stay as they are, allocation-free and unchanged in speed; these
 * finders run once per hint, so they may allocate and stop at the first instance, scanning in the same
 * order of techniques as the grader. Cells are 0–80, digits 1–9, units 0–26 (rows, columns, boxes).
 */

export interface FoundStep {
  technique: TechniqueName;
  /** The row, column or box to look at (unit 0–26), or -1 when the pattern spans several. */
  unit: number;
  /** The cells of the pattern, with the digits that matter in each (a candidate mask). */
  cells: { cell: number; mask: number }[];
  eliminations: { cell: number; digit: number }[];
  placement?: { cell: number; digit: number };
  /** The pattern's digits (a mask): the pair of a naked pair, the digit of an X-Wing. */
  digits: number;
  /** For simple colouring: true when one colour sees itself (wrap), false for cells seeing both (trap). */
  wrap?: boolean;
  /** For simple colouring: the chain's cells of each colour. */
  colours?: [number[], number[]];
  /** For intersections: the unit the digit leaves. */
  target?: number;
  /** For fish: base and cover lines (bits 0–8) and whether the base lines are columns. */
  fish?: { base: number; cover: number; byColumn: boolean };
}

type Finder = (s: GradingState) => FoundStep | null;

/** A unit's cells as a list the finders filter and search. */
const cellsIn = (u: number) => Array.from(unitCells(u));

/** Eliminations of `mask`'s digits from `cells`, where they are still candidates. */
function eliminationsFrom(s: GradingState, cells: number[], mask: number) {
  const out: { cell: number; digit: number }[] = [];
  for (const cell of cells) {
    for (const digit of maskDigits(s.cand[cell]! & mask)) out.push({ cell, digit });
  }
  return out;
}

const nakedSingle: Finder = (s) => {
  for (let cell = 0; cell < 81; cell++) {
    const m = s.cand[cell]!;
    if (s.value[cell] === 0 && POPCOUNT[m] === 1) {
      return {
        technique: 'naked single',
        unit: 18 + BOX_OF[cell]!,
        cells: [{ cell, mask: m }],
        eliminations: [],
        placement: { cell, digit: DIGIT_OF_BIT[m]! },
        digits: m,
      };
    }
  }
  return null;
};

const hiddenSingle: Finder = (s) => {
  for (let u = 0; u < 27; u++) {
    const cells = cellsIn(u);
    for (let d = 1; d <= 9; d++) {
      const bit = 1 << (d - 1);
      const places = cells.filter((c) => s.cand[c]! & bit);
      if (places.length === 1) {
        const cell = places[0]!;
        return {
          technique: 'hidden single',
          unit: u,
          cells: [{ cell, mask: bit }],
          eliminations: [],
          placement: { cell, digit: d },
          digits: bit,
        };
      }
    }
  }
  return null;
};

/**
 * Intersections: a digit whose places in unit `from` all lie in unit `to` leaves the rest of `to`.
 * Pointing: from a box to a line; box-line reduction: from a line to a box.
 */
function intersection(technique: 'pointing' | 'box-line reduction', fromBoxes: boolean): Finder {
  return (s) => {
    const [first, last] = fromBoxes ? [18, 27] : [0, 18];
    for (let from = first; from < last; from++) {
      const cells = cellsIn(from);
      for (let d = 1; d <= 9; d++) {
        const bit = 1 << (d - 1);
        const places = cells.filter((c) => s.cand[c]! & bit);
        if (places.length < 2) continue;
        for (const to of unitsOf(places[0]!)) {
          if (to === from || to >= 18 === fromBoxes) continue;
          if (!places.every((c) => unitsOf(c).includes(to))) continue;
          const rest = cellsIn(to).filter((c) => !places.includes(c));
          const eliminations = eliminationsFrom(s, rest, bit);
          if (eliminations.length === 0) continue;
          return {
            technique,
            unit: from,
            cells: places.map((cell) => ({ cell, mask: bit })),
            eliminations,
            digits: bit,
            target: to,
          };
        }
      }
    }
    return null;
  };
}

/** Every way to choose `size` items of `items`, in order. */
function* combinations<T>(items: T[], size: number, start = 0, chosen: T[] = []): Generator<T[]> {
  if (chosen.length === size) {
    yield chosen;
    return;
  }
  for (let i = start; i < items.length; i++) yield* combinations(items, size, i + 1, [...chosen, items[i]!]);
}

function nakedSubset(technique: 'naked pair' | 'naked triple', size: number): Finder {
  return (s) => {
    for (let u = 0; u < 27; u++) {
      const open = cellsIn(u).filter((c) => s.cand[c]! !== 0);
      if (open.length <= size) continue;
      const small = open.filter((c) => POPCOUNT[s.cand[c]!]! <= size);
      for (const group of combinations(small, size)) {
        const mask = group.reduce((m, c) => m | s.cand[c]!, 0);
        if (POPCOUNT[mask] !== size) continue;
        const eliminations = eliminationsFrom(
          s,
          open.filter((c) => !group.includes(c)),
          mask,
        );
        if (eliminations.length === 0) continue;
        return {
          technique,
          unit: u,
          cells: group.map((cell) => ({ cell, mask: s.cand[cell]! })),
          eliminations,
          digits: mask,
        };
      }
    }
    return null;
  };
}

function hiddenSubset(technique: 'hidden pair' | 'hidden triple', size: number): Finder {
  return (s) => {
    for (let u = 0; u < 27; u++) {
      const cells = cellsIn(u);
      if (cells.filter((c) => s.cand[c]! !== 0).length <= size) continue;
      const placesOf = (d: number) => cells.filter((c) => s.cand[c]! & (1 << (d - 1)));
      const digits = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => {
        const n = placesOf(d).length;
        return n >= 2 && n <= size;
      });
      for (const group of combinations(digits, size)) {
        const where = [...new Set(group.flatMap(placesOf))];
        if (where.length !== size) continue;
        const mask = group.reduce((m, d) => m | (1 << (d - 1)), 0);
        const eliminations = eliminationsFrom(s, where, ~mask & 0x1ff);
        if (eliminations.length === 0) continue;
        return {
          technique,
          unit: u,
          cells: where.map((cell) => ({ cell, mask: s.cand[cell]! & mask })),
          eliminations,
          digits: mask,
        };
      }
    }
    return null;
  };
}

function fish(technique: 'x-wing' | 'swordfish', size: number): Finder {
  return (s) => {
    for (let d = 1; d <= 9; d++) {
      const bit = 1 << (d - 1);
      for (const byColumn of [false, true]) {
        const at = (line: number, j: number) => (byColumn ? j * 9 + line : line * 9 + j);
        const lines = Array.from({ length: 9 }, (_, i) => {
          let where = 0;
          for (let j = 0; j < 9; j++) if (s.cand[at(i, j)]! & bit) where |= 1 << j;
          return where;
        });
        const candidates = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((i) => {
          const n = POPCOUNT[lines[i]!]!;
          return n >= 2 && n <= size;
        });
        for (const base of combinations(candidates, size)) {
          const cover = base.reduce((m, i) => m | lines[i]!, 0);
          if (POPCOUNT[cover] !== size) continue;
          const rest: number[] = [];
          for (let i = 0; i < 9; i++) {
            if (base.includes(i)) continue;
            for (let j = 0; j < 9; j++) if ((cover >> j) & 1) rest.push(at(i, j));
          }
          const eliminations = eliminationsFrom(s, rest, bit);
          if (eliminations.length === 0) continue;
          const cells: { cell: number; mask: number }[] = [];
          for (const i of base)
            for (let j = 0; j < 9; j++) if ((lines[i]! >> j) & 1) cells.push({ cell: at(i, j), mask: bit });
          const baseMask = base.reduce((m, i) => m | (1 << i), 0);
          return {
            technique,
            unit: byColumn ? 9 + base[0]! : base[0]!,
            cells,
            eliminations,
            digits: bit,
            fish: { base: baseMask, cover, byColumn },
          };
        }
      }
    }
    return null;
  };
}

/** Cells other than `pattern` that see every cell of it and still have `digit` as a candidate. */
function seenByAll(s: GradingState, pattern: number[], bit: number) {
  const first = pattern[0]!;
  const cells: number[] = [];
  for (let k = first * 20; k < first * 20 + 20; k++) {
    const cell = PEERS[k]!;
    if (!pattern.includes(cell) && pattern.every((p) => p === first || IS_PEER[p * 81 + cell])) cells.push(cell);
  }
  return eliminationsFrom(s, cells, bit);
}

const xyWing: Finder = (s) => {
  for (let pivot = 0; pivot < 81; pivot++) {
    const pm = s.cand[pivot]!;
    if (POPCOUNT[pm] !== 2) continue;
    const peers = Array.from(PEERS.subarray(pivot * 20, pivot * 20 + 20));
    for (const a of peers) {
      const am = s.cand[a]!;
      if (POPCOUNT[am] !== 2 || POPCOUNT[am & pm] !== 1) continue;
      const z = am & ~pm;
      const want = (pm & ~am) | z;
      for (const b of peers) {
        if (b === a || s.cand[b] !== want) continue;
        const eliminations = seenByAll(s, [a, b], z);
        if (eliminations.length === 0) continue;
        return {
          technique: 'xy-wing',
          unit: -1,
          cells: [pivot, a, b].map((cell) => ({ cell, mask: s.cand[cell]! })),
          eliminations,
          digits: z,
        };
      }
    }
  }
  return null;
};

const xyzWing: Finder = (s) => {
  for (let pivot = 0; pivot < 81; pivot++) {
    const pm = s.cand[pivot]!;
    if (POPCOUNT[pm] !== 3) continue;
    const peers = Array.from(PEERS.subarray(pivot * 20, pivot * 20 + 20));
    const pincers = peers.filter((c) => POPCOUNT[s.cand[c]!] === 2 && (s.cand[c]! & ~pm) === 0);
    for (const [a, b] of combinations(pincers, 2) as Generator<[number, number]>) {
      if (s.cand[a] === s.cand[b]) continue;
      const z = s.cand[a]! & s.cand[b]!;
      const eliminations = seenByAll(s, [pivot, a, b], z);
      if (eliminations.length === 0) continue;
      return {
        technique: 'xyz-wing',
        unit: -1,
        cells: [pivot, a, b].map((cell) => ({ cell, mask: s.cand[cell]! })),
        eliminations,
        digits: z,
      };
    }
  }
  return null;
};

/**
 * Simple colouring, as techniques-colouring.ts: conjugate pairs of one digit (its only two places in a unit)
 * form chains of alternating colours, exactly one colour true. Wrap: two cells of one colour see each other,
 * so that colour is false. Trap: a cell seeing both colours cannot hold the digit. Chains of 3+ cells only.
 */
const colouring: Finder = (s) => {
  for (let d = 1; d <= 9; d++) {
    const bit = 1 << (d - 1);
    const links = Array.from({ length: 81 }, () => [] as number[]);
    for (let u = 0; u < 27; u++) {
      const places = cellsIn(u).filter((c) => s.cand[c]! & bit);
      if (places.length !== 2) continue;
      const [a, b] = places as [number, number];
      links[a]!.push(b);
      links[b]!.push(a);
    }
    const colour = new Int8Array(81).fill(-1);
    for (let start = 0; start < 81; start++) {
      if (colour[start] !== -1 || links[start]!.length === 0) continue;
      const chain = [start];
      colour[start] = 0;
      for (let i = 0; i < chain.length; i++) {
        for (const next of links[chain[i]!]!) {
          if (colour[next] !== -1) continue;
          colour[next] = colour[chain[i]!]! ^ 1;
          chain.push(next);
        }
      }
      if (chain.length < 3) continue;
      const cells = chain.map((cell) => ({ cell, mask: bit }));
      const colours: [number[], number[]] = [
        chain.filter((c) => colour[c] === 0),
        chain.filter((c) => colour[c] === 1),
      ];
      const sees = (a: number, b: number) => IS_PEER[a * 81 + b] === 1;
      const wrapped = chain.find((a) => chain.some((b) => b !== a && colour[a] === colour[b] && sees(a, b)));
      if (wrapped !== undefined) {
        const falseCells = chain.filter((c) => colour[c] === colour[wrapped]);
        return {
          technique: 'simple colouring',
          unit: -1,
          cells,
          eliminations: eliminationsFrom(s, falseCells, bit),
          digits: bit,
          wrap: true,
          colours,
        };
      }
      const trapped: number[] = [];
      for (let cell = 0; cell < 81; cell++) {
        if (!(s.cand[cell]! & bit) || chain.includes(cell)) continue;
        const seen = chain.filter((c) => sees(cell, c)).map((c) => colour[c]);
        if (seen.includes(0) && seen.includes(1)) trapped.push(cell);
      }
      if (trapped.length > 0) {
        return {
          technique: 'simple colouring',
          unit: -1,
          cells,
          eliminations: eliminationsFrom(s, trapped, bit),
          digits: bit,
          wrap: false,
          colours,
        };
      }
    }
  }
  return null;
};

/** In the grader's order (grader.ts TECHNIQUES), simplest first. */
export const FINDERS: readonly Finder[] = [
  nakedSingle,
  hiddenSingle,
  intersection('pointing', true),
  intersection('box-line reduction', false),
  nakedSubset('naked pair', 2),
  hiddenSubset('hidden pair', 2),
  nakedSubset('naked triple', 3),
  hiddenSubset('hidden triple', 3),
  fish('x-wing', 2),
  xyWing,
  fish('swordfish', 3),
  xyzWing,
  colouring,
];

/** The simplest step the techniques find on these marks, or null when they are stuck. */
export function findStep(s: GradingState): FoundStep | null {
  for (const find of FINDERS) {
    const step = find(s);
    if (step) return step;
  }
  return null;
}
