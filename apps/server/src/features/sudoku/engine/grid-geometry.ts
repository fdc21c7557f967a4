/**
 * Precomputed geometry of the 9×9 grid. Cells are numbered 0–80 row by row; digits 1–9 are bits 0–8 of a
 * candidate mask. Everything here is computed once at load so hot loops only index typed arrays.
 */

export const ALL_DIGITS = 0x1ff;

export const ROW_OF = new Uint8Array(81);
export const COL_OF = new Uint8Array(81);
export const BOX_OF = new Uint8Array(81);

/** 27 units of 9 cells: rows 0–8, columns 9–17, boxes 18–26. */
export const UNITS = new Uint8Array(27 * 9);
/** The 20 cells sharing a unit with each cell. */
export const PEERS = new Uint8Array(81 * 20);
/** 1 when two cells share a unit (cell * 81 + other). A cell is not its own peer. */
export const IS_PEER = new Uint8Array(81 * 81);

/** Number of set bits of a 9-bit mask. */
export const POPCOUNT = new Uint8Array(512);
/** Digit 1–9 of a single-bit mask, 0 for any other mask. */
export const DIGIT_OF_BIT = new Uint8Array(512);

for (let cell = 0; cell < 81; cell++) {
  const row = Math.floor(cell / 9);
  const col = cell % 9;
  ROW_OF[cell] = row;
  COL_OF[cell] = col;
  BOX_OF[cell] = Math.floor(row / 3) * 3 + Math.floor(col / 3);
}

for (let i = 0; i < 9; i++) {
  for (let j = 0; j < 9; j++) {
    UNITS[i * 9 + j] = i * 9 + j;
    UNITS[(9 + i) * 9 + j] = j * 9 + i;
    UNITS[(18 + i) * 9 + j] = (Math.floor(i / 3) * 3 + Math.floor(j / 3)) * 9 + (i % 3) * 3 + (j % 3);
  }
}

for (let cell = 0; cell < 81; cell++) {
  let n = 0;
  for (let other = 0; other < 81; other++) {
    if (other === cell) continue;
    if (ROW_OF[other] === ROW_OF[cell] || COL_OF[other] === COL_OF[cell] || BOX_OF[other] === BOX_OF[cell]) {
      PEERS[cell * 20 + n++] = other;
      IS_PEER[cell * 81 + other] = 1;
    }
  }
}

for (let mask = 1; mask < 512; mask++) POPCOUNT[mask] = (POPCOUNT[mask >> 1] ?? 0) + (mask & 1);
for (let d = 0; d < 9; d++) DIGIT_OF_BIT[1 << d] = d + 1;
