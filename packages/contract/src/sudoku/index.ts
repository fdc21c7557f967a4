/**
 * Sudoku's rules that both apps need (geometry, digits and candidates, board forms), written once. Plain
 * functions and typed arrays, no zod: the web app imports them as `@site/contract/sudoku`.
 */
export * from './board.js';
export * from './digits.js';
export * from './grid.js';
