import { cellIndex, parseGrid } from '@site/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES } from './board.js';
import { generatePuzzle } from './generator.js';
import { gradePuzzle, TECHNIQUES } from './grader.js';
import { GradingState } from './grading-state.js';
import { mulberry32 } from './random.js';
import { type PathStep, solvingPath } from './solving-path.js';

const TIER = new Map<string, number>(TECHNIQUES.map((t) => [t.name, t.tier]));

/**
 * Replays `steps` from the clues as a person would with pencil marks, failing on the first step that places a
 * wrong digit, removes the solution's digit, changes nothing, or comes after the board is full.
 */
function replay(clues: ArrayLike<number>, solution: ArrayLike<number>, steps: PathStep[]): number[] {
  const marks = new GradingState();
  marks.load(clues);
  for (const [n, step] of steps.entries()) {
    const where = `step ${n + 1}: ${step.text}`;
    expect(marks.unsolved, where).toBeGreaterThan(0);
    if (step.placement) {
      const cell = cellIndex(step.placement.cell);
      expect(marks.value[cell], where).toBe(0);
      expect(step.placement.digit, where).toBe(solution[cell]);
      expect(marks.cand[cell]! & (1 << (step.placement.digit - 1)), where).not.toBe(0);
      marks.place(cell, step.placement.digit);
    }
    if (step.kind === 'step') {
      if (!step.placement) expect(step.eliminations.length, where).toBeGreaterThan(0);
      for (const { cell: name, digit } of step.eliminations) {
        const cell = cellIndex(name);
        expect(digit, where).not.toBe(solution[cell]);
        expect(marks.eliminate(cell, 1 << (digit - 1)), `${where} removes nothing at ${name}`).toBe(true);
      }
    }
  }
  expect(marks.broken).toBe(false);
  return [...marks.value];
}

describe('solvingPath', () => {
  it.each(DIFFICULTIES)('leads from the clues of any %s puzzle to its solution, every step sound', (difficulty) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const { puzzle, solution } = generatePuzzle(difficulty, mulberry32(seed));
        const clues = puzzle.flat();
        const steps = solvingPath(clues, solution.flat());
        expect(replay(clues, solution.flat(), steps)).toEqual(solution.flat());
        // Served puzzles are solved by the techniques: no cell told outright, one placement per empty cell.
        expect(steps.every((s) => s.kind === 'step')).toBe(true);
        expect(steps.filter((s) => s.placement).length).toBe(clues.filter((d) => d === 0).length);
        // The path needs exactly the puzzle's level: its hardest step is of the tier the grader found.
        const hardest = Math.max(...steps.map((s) => (s.kind === 'step' ? TIER.get(s.technique)! : 0)));
        expect(hardest).toBe(gradePuzzle(puzzle).tier);
      }),
      { numRuns: 25, seed: 20 },
    );
  });

  it('is the same path every time for the same puzzle', () => {
    const { puzzle, solution } = generatePuzzle('hard', mulberry32(7));
    expect(solvingPath(puzzle.flat(), solution.flat())).toEqual(solvingPath(puzzle.flat(), solution.flat()));
  });

  it('tells a cell outright where the techniques are stuck, and still ends at the solution', () => {
    // An empty grid's only clue-free start: every cell has nine candidates, so no technique applies.
    const solution = parseGrid('534678912672195348198342567859761423426853791713924856961537284287419635345286179');
    const clues = new Uint8Array(81);
    const steps = solvingPath(clues, solution);
    expect(steps[0]).toMatchObject({ kind: 'reveal' });
    expect(replay(clues, solution, steps)).toEqual([...solution]);
  });

  it('refuses clues that do not lead to the given solution', () => {
    const solution = parseGrid('534678912672195348198342567859761423426853791713924856961537284287419635345286179');
    const clues = Uint8Array.from(solution);
    clues[0] = 0;
    const other = Uint8Array.from(solution);
    other[0] = 1; // r1c1 is 5
    expect(() => solvingPath(clues, other)).toThrow(/disagrees/);
  });
});
