import { describe, expect, it } from 'vitest';
import { checkBoard } from './check-board.js';
import { generatePuzzle } from './generator.js';
import { mulberry32 } from './random.js';
import { countSolutions, solve } from './search/solver.js';
import { shufflePuzzle } from './shuffle.js';

describe('shufflePuzzle', () => {
  it('gives a different-looking puzzle with its own unique, matching solution', () => {
    const rng = mulberry32(11);
    const original = generatePuzzle('medium', rng);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const copy = shufflePuzzle(original, rng);
      expect(copy.difficulty).toBe('medium');
      expect(copy.clues).toBe(original.clues);
      expect(copy.puzzle.flat().filter((v) => v !== 0)).toHaveLength(original.clues);
      expect(checkBoard(copy.solution, copy.puzzle).isCorrect).toBe(true);
      expect(countSolutions(copy.puzzle)).toBe(1);
      expect(solve(copy.puzzle)).toEqual(copy.solution);
      seen.add(JSON.stringify(copy.puzzle));
    }
    expect(seen.size).toBeGreaterThan(195);
  });

  it('leaves the original untouched', () => {
    const original = generatePuzzle('easy', mulberry32(1));
    const before = JSON.stringify(original);
    shufflePuzzle(original, mulberry32(2));
    expect(JSON.stringify(original)).toBe(before);
  });
});
