/*
 * Digit bitboards. For each digit, the cells where it may still go are kept as three 27-bit words, one per
 * band of three rows (bit = row-in-band * 9 + column). Rows, boxes and "exactly one candidate" tests then
 * become a few bitwise operations on 27 cells at once instead of loops over cells.
 *
 * A search level is 31 words: 9 digits × 3 bands, the 3 words of cells already placed, and a dirty mask.
 */

export const BAND = 0x7ffffff;
export const STRIDE = 32;
export const PLACED = 27;
/** Word 30 of a level: digits (bits 0–8) whose places changed since hidden singles last looked at them. */
export const DIRTY = 30;
export const MAX_DEPTH = 82;

/** Bit 0 of each 3-cell mini-row (a row's part within one box) of a band word. */
export const MINI_ROWS = 0x1249249;
/** The first mini-row of each row, and of each box. */
export const ROW_STARTS = 0x40201;
export const BOX_STARTS = 0x49;
/** Multiplying a column bit (0–8) by this spreads it to that column in all three rows of a band. */
export const COLUMN_SPREAD = 0x40201;
export const ROW_IN_BAND = [0x1ff, 0x1ff << 9, 0x1ff << 18] as const;
export const BOX_IN_BAND = [0x1c0e07, 0x1c0e07 << 3, 0x1c0e07 << 6] as const;
/** For a cell: its band's word with the rest of its row and box cleared (the cell itself kept). */
export const KEEP_IN_BAND = new Int32Array(81);
/** For a column: a band word with that column cleared. */
export const KEEP_OUTSIDE_COLUMN = new Int32Array(9);

for (let c = 0; c < 9; c++) KEEP_OUTSIDE_COLUMN[c] = BAND & ~((1 << c) | (1 << (c + 9)) | (1 << (c + 18)));
for (let cell = 0; cell < 81; cell++) {
  const p = cell % 27;
  const peers = ROW_IN_BAND[Math.floor(p / 9)]! | BOX_IN_BAND[Math.floor((p % 9) / 3)]!;
  KEEP_IN_BAND[cell] = (BAND & ~peers) | (1 << p);
}

/** Band-word masks of the rows (3 bits within a band), boxes (3 bits within a band) and columns (9 bits). */
export const ROWS_TO_BAND = new Int32Array(8);
export const BOXES_TO_BAND = new Int32Array(8);
export const COLUMNS_TO_BAND = new Int32Array(512);
for (let m = 0; m < 8; m++) {
  for (let k = 0; k < 3; k++) {
    if ((m >> k) & 1) {
      ROWS_TO_BAND[m]! |= ROW_IN_BAND[k]!;
      BOXES_TO_BAND[m]! |= BOX_IN_BAND[k]!;
    }
  }
}
for (let m = 0; m < 512; m++) COLUMNS_TO_BAND[m] = (m | (m << 9) | (m << 18)) & BAND;

/** Per cell: its band, its bit within the band word, and its row, column and box as bits 0–8, 9–17, 18–26. */
export const BAND_OF = new Uint8Array(81);
export const BIT_IN_BAND = new Int32Array(81);
export const UNIT_BITS = new Int32Array(81);
for (let cell = 0; cell < 81; cell++) {
  const r = Math.floor(cell / 9);
  const c = cell % 9;
  BAND_OF[cell] = Math.floor(r / 3);
  BIT_IN_BAND[cell] = 1 << (cell % 27);
  UNIT_BITS[cell] = (1 << r) | (1 << (9 + c)) | (1 << (18 + Math.floor(r / 3) * 3 + Math.floor(c / 3)));
}

export const bitIndex = (lowBit: number) => 31 - Math.clz32(lowBit);
