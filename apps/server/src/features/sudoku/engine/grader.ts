import { type Board, toGrid } from '@site/contract';
import { type Difficulty, isValidBoardShape } from './board.js';
import { GradingState } from './grading-state.js';
import { simpleColouring } from './techniques/techniques-colouring.js';
import { swordfish, xWing } from './techniques/techniques-fish.js';
import { boxLineReduction, pointing } from './techniques/techniques-intersections.js';
import { hiddenSingles, nakedSingles } from './techniques/techniques-singles.js';
import { hiddenPairs, hiddenTriples, nakedPairs, nakedTriples } from './techniques/techniques-subsets.js';
import { xyWing, xyzWing } from './techniques/techniques-wings.js';

/** 1 = singles, 2 = subsets and intersections, 3 = fish, wings and colouring. */
export type Tier = 1 | 2 | 3;

export const TECHNIQUES = [
  { name: 'naked single', tier: 1, apply: nakedSingles },
  { name: 'hidden single', tier: 1, apply: hiddenSingles },
  { name: 'pointing', tier: 2, apply: pointing },
  { name: 'box-line reduction', tier: 2, apply: boxLineReduction },
  { name: 'naked pair', tier: 2, apply: nakedPairs },
  { name: 'hidden pair', tier: 2, apply: hiddenPairs },
  { name: 'naked triple', tier: 2, apply: nakedTriples },
  { name: 'hidden triple', tier: 2, apply: hiddenTriples },
  { name: 'x-wing', tier: 3, apply: xWing },
  { name: 'xy-wing', tier: 3, apply: xyWing },
  { name: 'swordfish', tier: 3, apply: swordfish },
  { name: 'xyz-wing', tier: 3, apply: xyzWing },
  { name: 'simple colouring', tier: 3, apply: simpleColouring },
] as const satisfies readonly { name: string; tier: Tier; apply: (s: GradingState) => boolean }[];

export type TechniqueName = (typeof TECHNIQUES)[number]['name'];

export interface Grade {
  /** True when the techniques above solved the whole grid, without guessing. */
  solvedByLogic: boolean;
  /** The hardest tier that was needed (0 for a grid with nothing to solve or clashing clues). */
  tier: Tier | 0;
  /** Every technique that made progress, simplest first. */
  techniques: TechniqueName[];
  /** See difficultyOf; null when the grid is not a puzzle this site would serve. */
  difficulty: Difficulty | null;
}

/**
 * The rule for serving puzzles, which must also have exactly one solution (the generator checks it; any
 * grid these sound techniques solve has exactly one anyway):
 * easy = singles only; medium = needs at least one tier-2 step and nothing harder; hard = needs at least one
 * tier-3 technique, and these techniques still finish it. Grids they cannot finish (a person would have to
 * guess or use long chains) get no difficulty: the generator eases them by giving back clues instead.
 */
export function difficultyOf(solvedByLogic: boolean, tier: Tier | 0): Difficulty | null {
  if (!solvedByLogic) return null;
  return tier === 1 ? 'easy' : tier === 2 ? 'medium' : tier === 3 ? 'hard' : null;
}

/**
 * Solves like a person: always the simplest technique that makes progress, then back to singles.
 * A technique applies every instance it finds in one sweep. That cannot change the result: these
 * techniques only remove candidates, and removing more never blocks a later step, so the hardest tier a
 * grid needs does not depend on the order of steps (which is also why a shuffled copy grades the same).
 * Reusable and allocation-free so the generator can grade thousands of candidates.
 */
export class Grader {
  readonly state = new GradingState();
  /** Bit i set when TECHNIQUES[i] made progress. */
  used = 0;
  tier: Tier | 0 = 0;

  /** Grades clues (81 digits); stops when stuck or when only techniques above `maxTier` would help. */
  grade(grid: ArrayLike<number>, maxTier: Tier = 3): boolean {
    this.state.load(grid);
    this.used = 0;
    this.tier = 0;
    return this.resume(maxTier);
  }

  /** Continues from the current marks (after the generator adds a clue); true when solved. */
  resume(maxTier: Tier = 3): boolean {
    const s = this.state;
    let i = 0;
    while (s.unsolved > 0 && !s.broken) {
      const technique = TECHNIQUES[i];
      if (technique === undefined || technique.tier > maxTier) return false;
      if (technique.apply(s) && !s.broken) {
        this.used |= 1 << i;
        if (technique.tier > this.tier) this.tier = technique.tier;
        i = 0;
      } else {
        i++;
      }
    }
    return s.unsolved === 0 && !s.broken;
  }

  techniques(): TechniqueName[] {
    return TECHNIQUES.filter((_, i) => (this.used >> i) & 1).map((t) => t.name);
  }
}

const shared = new Grader();

/** Grades a 9×9 board (0 = empty). A malformed board grades as unsolved with no difficulty. */
export function gradePuzzle(board: Board): Grade {
  if (!isValidBoardShape(board)) return { solvedByLogic: false, tier: 0, techniques: [], difficulty: null };
  const solvedByLogic = shared.grade(toGrid(board));
  return {
    solvedByLogic,
    tier: shared.tier,
    techniques: shared.techniques(),
    difficulty: difficultyOf(solvedByLogic, shared.tier),
  };
}
