import { cellIndex, parseGrid } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES } from './board.js';
import { generatePuzzle } from './generator.js';
import { findHint, type Hint } from './hints.js';
import { mulberry32, randomInt } from './random.js';

/** Puzzles per level, and walks per puzzle from different random starting boards (about 14,000 hints in all, under 2 s). */
const PUZZLES = 40;
const WALKS = 3;

const flat = (board: number[][]) => Uint8Array.from(board.flat());

interface Walk {
  solution: Uint8Array;
  board: Uint8Array;
  /** Candidate masks the player keeps; 0x1ff means no notes in that cell. */
  notes: Uint16Array;
}

/** Techniques the walks met, so the test fails if the random boards stop reaching the harder ones. */
const seen = new Set<string>();

/** Throws unless every part of the hint agrees with the solution. */
function checkHint(hint: Hint, { solution, board }: Walk): void {
  const wrong = [...board.keys()].filter((c) => board[c] !== 0 && board[c] !== solution[c]);
  if (wrong.length > 0) {
    expect(hint.kind).toBe('mistake');
    if (hint.kind === 'mistake') expect(hint.cells.map(cellIndex)).toEqual(wrong);
    return;
  }
  if (hint.kind === 'mistake') throw new Error(`mistake on a correct board: ${hint.text}`);
  if (hint.kind === 'solved') {
    expect([...board]).toEqual([...solution]);
    return;
  }
  expect(hint.text.length).toBeGreaterThan(10);
  if (hint.placement) {
    const cell = cellIndex(hint.placement.cell);
    if (board[cell] !== 0 || hint.placement.digit !== solution[cell]) expect.fail(`bad placement ${hint.text}`);
  }
  if (hint.kind === 'step') {
    if (!hint.placement && hint.eliminations.length === 0) expect.fail(`empty step ${hint.text}`);
    for (const { cell, digit } of hint.eliminations) {
      const i = cellIndex(cell);
      if (board[i] !== 0 || solution[i] === digit) expect.fail(`bad elimination ${cell}≠${digit}: ${hint.text}`);
      if (!hint.text.includes(cell)) expect.fail(`${cell} missing from: ${hint.text}`);
    }
    if (hint.placement && !hint.text.includes(hint.placement.cell)) expect.fail(`placement missing: ${hint.text}`);
    if (!hint.text.startsWith(hint.name)) expect.fail(`technique missing: ${hint.text}`);
    seen.add(hint.technique);
  }
}

/** Applies a hint as level 3 would: a wrong digit is cleared, a placement made, eliminations noted. */
function apply(hint: Hint, walk: Walk): void {
  if (hint.kind === 'mistake') for (const cell of hint.cells) walk.board[cellIndex(cell)] = 0;
  if (hint.kind === 'step' || hint.kind === 'reveal') {
    if (hint.placement) walk.board[cellIndex(hint.placement.cell)] = hint.placement.digit;
  }
  if (hint.kind === 'step') {
    for (const { cell, digit } of hint.eliminations) walk.notes[cellIndex(cell)]! &= ~(1 << (digit - 1));
  }
}

/** Hints from `walk` until solved; returns how many were given. */
function solveByHints(walk: Walk): number {
  for (let n = 0; n < 81 * 10; n++) {
    const hint = findHint(walk);
    checkHint(hint, walk);
    if (hint.kind === 'solved') return n;
    apply(hint, walk);
  }
  throw new Error('hints did not finish the puzzle');
}

describe('findHint', () => {
  it.each(DIFFICULTIES)('gives only valid hints that solve random %s boards', (difficulty) => {
    let hints = 0;
    for (let seed = 1; seed <= PUZZLES; seed++) {
      const rng = mulberry32(seed * 104729 + difficulty.length);
      const { puzzle, solution } = generatePuzzle(difficulty, rng);
      for (let w = 0; w < WALKS; w++) {
        const walk: Walk = { solution: flat(solution), board: flat(puzzle), notes: new Uint16Array(81).fill(0x1ff) };
        // Random correct progress, sometimes wrong digits, sometimes notes missing the right digit.
        const progress = rng() * 0.6;
        for (let c = 0; c < 81; c++) {
          if (walk.board[c] !== 0) continue;
          if (rng() < progress) walk.board[c] = walk.solution[c]!;
          else if (rng() < 0.03) walk.board[c] = ((walk.solution[c]! + randomInt(rng, 8)) % 9) + 1;
          else if (rng() < 0.05) walk.notes[c]! &= ~(1 << (walk.solution[c]! - 1));
        }
        hints += solveByHints(walk);
        expect([...walk.board]).toEqual([...walk.solution]);
      }
    }
    expect(hints).toBeGreaterThan(4000); // thousands per level: the issue asks for thousands of checked hints
  });

  it('met techniques of every tier on the way', () => {
    for (const t of ['naked single', 'hidden single', 'pointing', 'naked pair', 'xy-wing', 'simple colouring']) {
      expect(seen).toContain(t);
    }
  });

  it('explains a naked single in plain words', () => {
    // Four open cells in row 1, each with one candidate left.
    const solution = parseGrid('534678912672195348198342567859761423426853791713924856961537284287419635345286179');
    const board = Uint8Array.from(solution);
    for (const c of [1, 2, 5, 8]) board[c] = 0; // r1c2=3, r1c3=4, r1c6=8, r1c9=2
    const hint = findHint({ solution, board });
    expect(hint.kind).toBe('step');
    if (hint.kind === 'step') {
      expect(hint.placement?.digit).toBe(solution[cellIndex(hint.placement!.cell)]);
      expect(hint.text).toMatch(/^Naked single: r1c\d can only be \d: /);
      expect(hint.area).not.toBeNull();
    }
  });

  it('points to a wrong digit before anything else and says when the board is solved', () => {
    const solution = parseGrid('534678912672195348198342567859761423426853791713924856961537284287419635345286179');
    const board = Uint8Array.from(solution);
    board[40] = board[40] === 1 ? 2 : 1;
    board[0] = 0;
    expect(findHint({ solution, board })).toMatchObject({ kind: 'mistake', cells: ['r5c5'] });
    expect(findHint({ solution, board: solution })).toMatchObject({ kind: 'solved' });
  });
});
