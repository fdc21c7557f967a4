/** Sudoku engine: solving, human-style grading, generation by difficulty, a ready pool and board checks. */
// Boards and cell names are the contract's rules (sudoku/), shared with the web app; offered here with the engine.
export { type Board, cellIndex, cellName, parseBoard } from '@site/contract';
export { DIFFICULTIES, type Difficulty, isValidBoardShape } from './board.js';
export { type BoardCheck, type BoardErrors, checkBoard } from './check-board.js';
export { type GenerateOptions, generatePuzzle, type Puzzle } from './generator.js';
export { difficultyOf, type Grade, gradePuzzle, TECHNIQUES, type TechniqueName, type Tier } from './grader.js';
export { findHint, type Hint, type HintInput } from './hints.js';
export { PuzzlePool, type PuzzlePoolOptions } from './puzzle-pool.js';
export { mulberry32, type Rng } from './random.js';
export { countSolutions, lastSearchSteps, solve } from './search/solver.js';
export { shufflePuzzle } from './shuffle.js';
export { type PathStep, solvingPath } from './solving-path.js';
