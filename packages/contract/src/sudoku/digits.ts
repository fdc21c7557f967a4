import { PEERS } from './grid.js';

/**
 * Digits and candidate masks: digit d (1–9) is bit d-1 of a 9-bit mask, for the engine's pencil marks
 * and the player's notes alike.
 */

export const ALL_DIGITS = 0x1ff;

/** True for 1–9, the only digits a cell can hold. */
export const isDigit = (value: number) => Number.isInteger(value) && value >= 1 && value <= 9;

export const digitBit = (digit: number) => 1 << (digit - 1);
export const hasDigit = (mask: number, digit: number) => (mask & digitBit(digit)) !== 0;

/** The digits of a mask, ascending. */
export const maskDigits = (mask: number): number[] => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => hasDigit(mask, d));

/** The mask of a list of digits. */
export const digitsMask = (digits: readonly number[]): number => digits.reduce((mask, d) => mask | digitBit(d), 0);

/** Number of set bits of each 9-bit mask. */
export const POPCOUNT = /*#__PURE__*/ Uint8Array.from({ length: 512 }, (_, mask) => maskDigits(mask).length);

/** The digit 1–9 of each single-bit mask, 0 for any other mask. */
export const DIGIT_OF_BIT = /*#__PURE__*/ Uint8Array.from({ length: 512 }, (_, mask) => {
  const digits = maskDigits(mask);
  return digits.length === 1 ? (digits[0] ?? 0) : 0;
});

/** The digits that no cell of `cell`'s row, column or box holds, as a mask (cells as 81 values, 0 empty). */
export function candidatesOf(values: ArrayLike<number>, cell: number): number {
  let mask = ALL_DIGITS;
  for (let k = cell * 20, end = k + 20; k < end; k++) {
    const value = values[PEERS[k] ?? 0] ?? 0;
    if (value) mask &= ~digitBit(value);
  }
  return mask;
}
