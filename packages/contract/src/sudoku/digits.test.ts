import { describe, expect, it } from 'vitest';
import { parseGrid } from './board.js';
import { candidatesOf, DIGIT_OF_BIT, digitBit, digitsMask, hasDigit, isDigit, maskDigits, POPCOUNT } from './digits.js';

const PUZZLE = '530070000600195000098000060800060003400803001700020006060000280000419005000080079';

describe('sudoku digits', () => {
  it('keeps digit d as bit d-1 of a mask', () => {
    expect(digitBit(1)).toBe(1);
    expect(digitBit(9)).toBe(256);
    expect(digitsMask([1, 4, 9])).toBe(0b100001001);
    expect(maskDigits(0b100001001)).toEqual([1, 4, 9]);
    expect(hasDigit(0b100001001, 4)).toBe(true);
    expect(hasDigit(0b100001001, 5)).toBe(false);
    for (let mask = 0; mask < 512; mask++) {
      expect(digitsMask(maskDigits(mask))).toBe(mask);
      expect(POPCOUNT[mask]).toBe(maskDigits(mask).length);
    }
    expect(DIGIT_OF_BIT[digitBit(7)]).toBe(7);
    expect(DIGIT_OF_BIT[digitBit(7) | digitBit(8)]).toBe(0);
    expect(DIGIT_OF_BIT[0]).toBe(0);
  });

  it('tells the digits a cell can hold from the ones it cannot', () => {
    expect([1, 9].every(isDigit)).toBe(true);
    expect([0, 10, 1.5, -1, Number.NaN].some(isDigit)).toBe(false);
  });

  it('gives a cell the digits its row, column and box leave open', () => {
    const grid = parseGrid(PUZZLE);
    // r1c3: row 5 3 7, column 8, box 5 3 6 9 8 leave 1, 2 and 4.
    expect(maskDigits(candidatesOf(grid, 2))).toEqual([1, 2, 4]);
    // r5c5 (a cell of the middle box): row 4 8 3 1, column 7 9 6 2 1 8, box 6 8 3 2 leave 5.
    expect(maskDigits(candidatesOf(grid, 40))).toEqual([5]);
  });
});
