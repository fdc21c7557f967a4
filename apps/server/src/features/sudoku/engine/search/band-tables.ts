/*
 * Look-up tables for band-search.ts. Within a band, a digit takes one "mini-row" (the 3 cells a row shares
 * with a box) in each row and in each box: its mini-rows form a permutation of a 3×3 matrix (row × box), one
 * of six "arrangements". Within a stack it likewise takes one column of the stack per band and one band per
 * column (band × column). Both matrices are 9-bit masks, bit i*3+j; band words are bitboard.ts's 27-bit
 * words (bit row-in-band*9 + column), in which mini-row r*3+k is bits r*9+k*3 … r*9+k*3+2.
 */

const PERMUTATIONS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
] as const;

/** For a 9-cell row of a band word: which of its three mini-rows (boxes) have a cell, as 3 bits. */
export const MINI_ROWS_OF_ROW = new Int32Array(512);
/** 1 when a 9-cell row of a band word holds exactly one cell. */
export const ONE_CELL = new Int32Array(512);
/** The cells (27-bit band word) of a set of mini-rows (9 bits). */
export const MINI_ROW_CELLS = new Int32Array(512);
/** Indexed by a digit's mini-rows in a band: how many arrangements fit (0–6) … */
export const ARRANGEMENTS = new Int32Array(512);
/** … the cells of each (6 slots per entry) … */
export const ARRANGEMENT_CELLS = new Int32Array(512 * 6);
/** … the cells of the mini-rows some arrangement uses (0 when none fits) … */
export const ARRANGEABLE = new Int32Array(512);
/** … the same as mini-rows … */
export const ARRANGEABLE_MINI_ROWS = new Int32Array(512);
/** … and the mini-rows every arrangement uses (the digit is surely in each of them). */
export const FORCED = new Int32Array(512);
/** For a mini-row: the other mini-rows of its row and box. */
export const CONFLICTS = new Int32Array(9);
/**
 * Indexed by a digit's band × column matrix in one stack: the pairs some arrangement uses, laid out as
 * bits band*9 + column-in-stack (0 when none fits), so three stacks shift into one word of 3×9 column bits.
 */
export const STACK_ALLOWED = new Int32Array(512);

for (let m = 0; m < 512; m++) {
  MINI_ROWS_OF_ROW[m] = (m & 0o7 ? 1 : 0) | (m & 0o70 ? 2 : 0) | (m & 0o700 ? 4 : 0);
  ONE_CELL[m] = m !== 0 && (m & (m - 1)) === 0 ? 1 : 0;
  let cells = 0;
  for (let q = 0; q < 9; q++) if ((m >> q) & 1) cells |= 7 << (Math.floor(q / 3) * 9 + (q % 3) * 3);
  MINI_ROW_CELLS[m] = cells;
}

for (let m = 0; m < 512; m++) {
  let union = 0;
  let common = 0x1ff;
  let pairs = 0;
  let n = 0;
  for (const [k0, k1, k2] of PERMUTATIONS) {
    const permutation = (1 << k0) | (1 << (3 + k1)) | (1 << (6 + k2));
    if ((m & permutation) !== permutation) continue;
    union |= permutation;
    common &= permutation;
    ARRANGEMENT_CELLS[m * 6 + n++] = MINI_ROW_CELLS[permutation]!;
    pairs |= (1 << k0) | (1 << (9 + k1)) | (1 << (18 + k2));
  }
  ARRANGEMENTS[m] = n;
  ARRANGEABLE[m] = MINI_ROW_CELLS[union]!;
  ARRANGEABLE_MINI_ROWS[m] = union;
  FORCED[m] = n === 0 ? 0 : common;
  STACK_ALLOWED[m] = pairs;
}

for (let q = 0; q < 9; q++) {
  const row = 0o7 << (Math.floor(q / 3) * 3);
  const box = 0o111 << (q % 3);
  CONFLICTS[q] = (row | box) & ~(1 << q);
}

/** A band word's mini-rows (9 bits). */
export const miniRows = (x: number) =>
  MINI_ROWS_OF_ROW[x & 0x1ff]! | (MINI_ROWS_OF_ROW[(x >> 9) & 0x1ff]! << 3) | (MINI_ROWS_OF_ROW[x >> 18]! << 6);

/** The columns (9 bits) a band word has cells in. */
export const columnsOf = (x: number) => (x | (x >> 9) | (x >> 18)) & 0x1ff;

/** From the column bits of three bands laid out as band*9 + column: stack s's band × column matrix. */
export function stackMatrix(columns: number, s: number): number {
  const t = columns >> (s * 3);
  return (t & 0o7) | ((t >> 6) & 0o70) | ((t >> 12) & 0o700);
}
