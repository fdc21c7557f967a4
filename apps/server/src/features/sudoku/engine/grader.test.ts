import { parseBoard, toGrid } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES } from './board.js';
import { generatePuzzle } from './generator.js';
import { Grader, gradePuzzle, TECHNIQUES, type TechniqueName } from './grader.js';
import { GradingState } from './grading-state.js';
import { mulberry32 } from './random.js';
import { countSolutions, solve } from './search/solver.js';
import { shufflePuzzle } from './shuffle.js';

const EASY = {
  wikipedia: '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79',
  projectEuler1: '003020600900305001001806400008102900700000008006708200002609500800203009005010300',
};
/** Needs pointing (locked candidates) once singles run dry. */
const MEDIUM = '300000000970010000600583000200000900500621003008000005000435002000090056000000001';
/** sudokuwiki.org's X-Wing and Y-Wing strategy examples. */
const X_WING = '1.....569492.561.8.561.924...964.8.1.64.1....218.356.4.4.5...169.5.614.2621.....5';
const XY_WING = '900240000050690231020050090090700320002935607070002900069020073510079062207086009';
const BEYOND = {
  inkala: '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
  aiEscargot: '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..',
};

describe('grader on known puzzles', () => {
  it.each(Object.entries(EASY))('grades %s easy (singles only)', (_, text) => {
    const grade = gradePuzzle(parseBoard(text));
    expect(grade).toMatchObject({ solvedByLogic: true, tier: 1, difficulty: 'easy' });
    expect(grade.techniques.every((t) => t.endsWith('single'))).toBe(true);
  });

  it('grades a puzzle that needs pointing medium', () => {
    const grade = gradePuzzle(parseBoard(MEDIUM));
    expect(grade).toMatchObject({ solvedByLogic: true, tier: 2, difficulty: 'medium' });
    expect(grade.techniques).toContain('pointing');
  });

  it.each([
    ['x-wing', X_WING],
    ['xy-wing', XY_WING],
  ] as const)('grades the %s example hard', (technique, text) => {
    const grade = gradePuzzle(parseBoard(text));
    expect(grade).toMatchObject({ solvedByLogic: true, tier: 3, difficulty: 'hard' });
    expect(grade.techniques).toContain(technique);
    // and tier-2 logic alone really gets stuck on it
    expect(new Grader().grade(toGrid(parseBoard(text)), 2)).toBe(false);
  });

  it.each(Object.entries(BEYOND))('cannot finish %s without guessing, so gives it no difficulty', (_, text) => {
    const grade = gradePuzzle(parseBoard(text));
    expect(grade.solvedByLogic).toBe(false);
    expect(grade.difficulty).toBeNull();
  });

  it('gives clashing, multi-solution and malformed boards no difficulty', () => {
    expect(gradePuzzle(parseBoard(`11${'.'.repeat(79)}`))).toMatchObject({ solvedByLogic: false, difficulty: null });
    expect(gradePuzzle(parseBoard('.'.repeat(81)))).toMatchObject({ solvedByLogic: false, difficulty: null });
    expect(gradePuzzle([[1, 2]])).toEqual({ solvedByLogic: false, tier: 0, techniques: [], difficulty: null });
  });
});

/** Unique puzzles from easy to far beyond the techniques: generated ones, then stripped to minimal. */
function testPuzzles(count: number) {
  const rng = mulberry32(99);
  const puzzles: number[][][] = [];
  for (let i = 0; i < count; i++) {
    const board = generatePuzzle(DIFFICULTIES[i % 3]!, rng).puzzle;
    puzzles.push(board.map((row) => [...row]));
    for (let cell = 0; cell < 81; cell++) {
      const row = board[Math.floor(cell / 9)]!;
      const v = row[cell % 9]!;
      if (v === 0) continue;
      row[cell % 9] = 0;
      if (countSolutions(board) !== 1) row[cell % 9] = v;
    }
    puzzles.push(board);
  }
  return puzzles;
}

describe('grader techniques', () => {
  it('never remove the true digit, and each of them is needed somewhere', () => {
    const fired = new Set<TechniqueName>();
    const state = new GradingState();
    for (const board of testPuzzles(150)) {
      const solution = toGrid(solve(board)!);
      state.load(toGrid(board));
      let i = 0;
      while (state.unsolved > 0 && i < TECHNIQUES.length) {
        const technique = TECHNIQUES[i]!;
        if (!technique.apply(state)) {
          i++;
          continue;
        }
        fired.add(technique.name);
        for (let cell = 0; cell < 81; cell++) {
          const v = state.value[cell]!;
          const truth = solution[cell]!;
          const sound = v === 0 ? (state.cand[cell]! >> (truth - 1)) & 1 : v === truth;
          if (!sound) expect.fail(`${technique.name} broke cell ${cell} of ${board.flat().join('')}`);
        }
        expect(state.broken).toBe(false);
        i = 0;
      }
    }
    expect([...fired].sort()).toEqual(TECHNIQUES.map((t) => t.name).sort());
  });

  it('grades a shuffled copy exactly like the original', () => {
    const rng = mulberry32(5);
    for (let i = 0; i < 150; i++) {
      const puzzle = generatePuzzle(DIFFICULTIES[i % 3]!, rng);
      const original = gradePuzzle(puzzle.puzzle);
      const copy = gradePuzzle(shufflePuzzle(puzzle, rng).puzzle);
      expect([copy.difficulty, copy.tier, copy.solvedByLogic]).toEqual([
        original.difficulty,
        original.tier,
        original.solvedByLogic,
      ]);
    }
  });
});
