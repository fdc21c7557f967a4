import { describe, expect, it } from 'vitest';
import { DIFFICULTIES } from './board.js';
import { generatePuzzle } from './generator.js';
import { gradePuzzle } from './grader.js';
import { mulberry32 } from './random.js';
import { countSolutions, solve } from './search/solver.js';

/**
 * Puzzles per difficulty (600 seeds in all). Every way generatePuzzle can end an attempt is taken
 * within the first 4 seeds of each difficulty and, over these 200, each way a puzzle is returned
 * more than 140 times: for medium and hard, graded right at once (143, 147) and after clues were
 * given back (279, 331), with hundreds of attempts thrown away as too easy or regraded wrong.
 */
const PER_DIFFICULTY = 200;

describe('generatePuzzle', () => {
  it.each(DIFFICULTIES)(`makes ${PER_DIFFICULTY} %s puzzles, each unique and graded as asked`, (difficulty) => {
    for (let seed = 1; seed <= PER_DIFFICULTY; seed++) {
      const generated = generatePuzzle(difficulty, mulberry32(seed * 7919));
      const { puzzle, solution } = generated;
      const context = `${difficulty} seed ${seed}: ${puzzle.flat().join('')}`;
      if (countSolutions(puzzle) !== 1) expect.fail(`not unique, ${context}`);
      if (JSON.stringify(solve(puzzle)) !== JSON.stringify(solution)) expect.fail(`other solution, ${context}`);
      const grade = gradePuzzle(puzzle);
      if (grade.difficulty !== difficulty) expect.fail(`graded ${grade.difficulty}, ${context}`);
      if (generated.clues !== puzzle.flat().filter((v) => v !== 0).length) expect.fail(`clue count, ${context}`);
      if (generated.difficulty !== difficulty) expect.fail(`labelled ${generated.difficulty}, ${context}`);
    }
  });

  it('keeps 180° symmetry when asked', () => {
    for (const difficulty of DIFFICULTIES) {
      const { puzzle } = generatePuzzle(difficulty, mulberry32(3), { symmetric: true });
      const flat = puzzle.flat();
      for (let cell = 0; cell < 81; cell++) expect(flat[cell] === 0).toBe(flat[80 - cell] === 0);
      expect(gradePuzzle(puzzle).difficulty).toBe(difficulty);
      expect(countSolutions(puzzle)).toBe(1);
    }
  });

  it('is deterministic for a seed and varies between seeds', () => {
    expect(generatePuzzle('medium', mulberry32(42))).toEqual(generatePuzzle('medium', mulberry32(42)));
    const puzzles = new Set(
      Array.from({ length: 50 }, (_, i) => JSON.stringify(generatePuzzle('easy', mulberry32(i)))),
    );
    expect(puzzles.size).toBe(50);
  });

  it('works with Math.random by default', () => {
    const { puzzle, solution } = generatePuzzle('hard');
    expect(solve(puzzle)).toEqual(solution);
  });
});
