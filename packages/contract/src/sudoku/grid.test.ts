import { describe, expect, it } from 'vitest';
import {
  BOX_OF,
  boxOf,
  CELLS,
  COL_OF,
  cellIndex,
  cellName,
  colOf,
  IS_PEER,
  indexOf,
  peersOf,
  ROW_OF,
  rowOf,
  UNITS,
  unitCells,
  unitsOf,
} from './grid.js';

describe('sudoku grid', () => {
  it('numbers boxes row-major and knows the 27 units and 20 peers of each cell', () => {
    expect(boxOf(indexOf(0, 0))).toBe(0);
    expect(boxOf(indexOf(4, 4))).toBe(4);
    expect(boxOf(indexOf(8, 6))).toBe(8);
    expect(UNITS).toHaveLength(27 * 9);
    for (let cell = 0; cell < CELLS; cell++) expect(peersOf(cell)).toHaveLength(20);
  });

  it('puts every cell in one row, one column and one box, as its tables say', () => {
    const seen = new Array<number>(CELLS).fill(0);
    for (let unit = 0; unit < 27; unit++) {
      const cells = [...unitCells(unit)];
      expect(new Set(cells).size).toBe(9);
      for (const cell of cells) {
        seen[cell] = (seen[cell] ?? 0) + 1;
        expect(unitsOf(cell)).toContain(unit);
      }
    }
    expect(seen.every((n) => n === 3)).toBe(true);
    expect([...unitCells(18 + 4)]).toEqual([30, 31, 32, 39, 40, 41, 48, 49, 50]);
    expect([...unitCells(9 + 1)]).toEqual([1, 10, 19, 28, 37, 46, 55, 64, 73]);
    expect(unitCells(-1)).toHaveLength(0);
    expect(unitCells(27)).toHaveLength(0);
    for (let cell = 0; cell < CELLS; cell++) {
      expect([ROW_OF[cell], COL_OF[cell], BOX_OF[cell]]).toEqual([rowOf(cell), colOf(cell), boxOf(cell)]);
    }
  });

  it('lists peers in cell order, each seen both ways and never the cell itself', () => {
    for (let cell = 0; cell < CELLS; cell++) {
      const peers = [...peersOf(cell)];
      expect(peers).toEqual([...peers].sort((a, b) => a - b));
      expect(peers).not.toContain(cell);
      for (const peer of peers) expect(IS_PEER[peer * CELLS + cell]).toBe(1);
      expect(IS_PEER.subarray(cell * CELLS, cell * CELLS + CELLS).reduce((a, b) => a + b, 0)).toBe(20);
    }
    expect([...peersOf(0)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20, 27, 36, 45, 54, 63, 72]);
  });

  it('names cells r1c1…r9c9 and nothing else', () => {
    expect(cellIndex('r1c1')).toBe(0);
    expect(cellIndex('r9c9')).toBe(80);
    expect(cellIndex('r5c2')).toBe(indexOf(4, 1));
    expect(cellIndex('r0c1')).toBe(-1);
    expect(cellIndex('x')).toBe(-1);
    for (let cell = 0; cell < CELLS; cell++) expect(cellIndex(cellName(cell))).toBe(cell);
    expect(cellName(41)).toBe('r5c6');
  });
});
