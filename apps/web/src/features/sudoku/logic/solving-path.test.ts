import type { SudokuPathStep } from '@site/contract';
import { digitBit, indexOf, maskDigits } from '@site/contract/sudoku';
import { describe, expect, it } from 'vitest';
import { PUZZLE, SOLUTION } from '../test-fixtures';
import { allCandidates, pathPositions, shownCandidates } from './solving-path';

type Step = Extract<SudokuPathStep, { kind: 'step' }>;
const placement = (cell: string, digit: number, text = `${cell} is ${digit}`): Step => ({
  kind: 'step',
  technique: 'naked single',
  name: 'Naked single',
  area: null,
  cells: [cell],
  candidates: [{ cell, digits: [digit] }],
  eliminations: [],
  placement: { cell, digit },
  text,
});

describe('solving path positions', () => {
  it('starts from every candidate the clues allow', () => {
    const marks = allCandidates(PUZZLE.flat());
    // r1c3 (row 5 3 . . 7, column 8, box 5 3 6 9 8): 1, 2 and 4 are left.
    expect(maskDigits(marks[indexOf(0, 2)] ?? 0)).toEqual([1, 2, 4]);
    expect(marks[indexOf(0, 0)]).toBe(0); // a clue has no marks
    // Every solution digit is among its cell's candidates.
    SOLUTION.flat().forEach((digit, cell) => {
      if (PUZZLE.flat()[cell] === 0) expect(marks[cell]! & digitBit(digit)).not.toBe(0);
    });
  });

  it('applies each step to the board before the next: a digit clears its peers, eliminations drop marks', () => {
    const elimination: SudokuPathStep = {
      ...placement('r1c4', 6),
      technique: 'pointing',
      name: 'Pointing',
      placement: null,
      eliminations: [{ cell: 'r1c4', digit: 2 }],
    };
    const positions = pathPositions(PUZZLE, [placement('r1c3', 4), elimination, placement('r1c4', 6)]);
    expect(positions).toHaveLength(4);
    expect(positions[0]!.values).toEqual(PUZZLE.flat());
    expect(positions[1]!.values[indexOf(0, 2)]).toBe(4);
    expect(positions[0]!.candidates[indexOf(0, 5)]! & digitBit(4)).not.toBe(0); // r1c6 could be 4 …
    expect(positions[1]!.candidates[indexOf(0, 5)]! & digitBit(4)).toBe(0); // … until r1c3 took it
    expect(positions[1]!.candidates[indexOf(0, 3)]! & digitBit(2)).not.toBe(0);
    expect(positions[2]!.candidates[indexOf(0, 3)]! & digitBit(2)).toBe(0);
    expect(positions[3]!.values[indexOf(0, 3)]).toBe(6);
    expect(positions[3]!.candidates[indexOf(0, 3)]).toBe(0);
  });

  it('shows only the marks of the cells a step points at, unless all are asked for', () => {
    const marks = allCandidates(PUZZLE.flat());
    const only = shownCandidates(marks, new Set([2]));
    expect(only.filter(Boolean)).toEqual([marks[2]]);
    expect(shownCandidates(marks, null)).toEqual(marks);
  });
});
