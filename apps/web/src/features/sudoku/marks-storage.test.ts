import { CELLS } from '@site/contract/sudoku';
import { afterEach, describe, expect, it } from 'vitest';
import type { Marks } from './logic/game-state';
import { forgetMarks, MARKS_KEPT, pruneMarks, readMarks, saveMarks } from './marks-storage';

const blank = (): Marks => ({
  notes: new Array(CELLS).fill(0),
  corner: new Array(CELLS).fill(0),
  centre: new Array(CELLS).fill(0),
  colours: new Array(CELLS).fill(0),
});

describe('marks kept in local storage per game', () => {
  afterEach(() => localStorage.clear());

  it('round-trips only the cells with marks, and removes the entry when none are left', () => {
    const marks = blank();
    marks.notes[2] = 0b1011;
    marks.corner[3] = 0b11;
    marks.centre[80] = 0b100000000;
    marks.colours[0] = 5;
    saveMarks(7, marks, 1000);
    expect(JSON.parse(localStorage.getItem('sudokuMarks:7') ?? '')).toEqual({
      at: 1000,
      cells: [
        [0, 0, 0, 0, 5],
        [2, 0b1011, 0, 0, 0],
        [3, 0, 0b11, 0, 0],
        [80, 0, 0, 0b100000000, 0],
      ],
    });
    expect(readMarks(7)).toEqual(marks);
    expect(readMarks(8)).toBeNull();
    saveMarks(7, blank());
    expect(localStorage.getItem('sudokuMarks:7')).toBeNull();
  });

  it('reads a damaged entry as nothing, skipping bad cells', () => {
    localStorage.setItem('sudokuMarks:1', 'not json');
    expect(readMarks(1)).toBeNull();
    localStorage.setItem('sudokuMarks:1', JSON.stringify({ cells: 'x' }));
    expect(readMarks(1)).toBeNull();
    localStorage.setItem(
      'sudokuMarks:1',
      JSON.stringify({
        at: 1,
        cells: [
          [81, 1, 0, 0, 0],
          [1, -1, 0, 0, 0],
          [2, 1.5, 0, 0, 0],
          [3, 4, 0, 0],
          [4, 8, 0, 0, 2],
        ],
      }),
    );
    const marks = readMarks(1);
    expect(marks?.notes.filter(Boolean)).toEqual([8]);
    expect(marks?.colours[4]).toBe(2);
    forgetMarks(1);
    expect(readMarks(1)).toBeNull();
  });

  it(`keeps only the ${MARKS_KEPT} games marked most recently`, () => {
    const marks = blank();
    marks.notes[0] = 1;
    for (let id = 1; id <= MARKS_KEPT + 3; id++) saveMarks(id, marks, 1000 + id);
    localStorage.setItem('weatherUnits', '{}');
    pruneMarks();
    expect(readMarks(1)).toBeNull();
    expect(readMarks(3)).toBeNull();
    expect(readMarks(4)).not.toBeNull();
    expect(readMarks(MARKS_KEPT + 3)).not.toBeNull();
    expect(localStorage.getItem('weatherUnits')).toBe('{}');
  });
});
