import { toGrid } from '@site/contract';

/**
 * Boards are stored as 81-digit strings, row by row ('0' empty); the contract's sudoku rules read them
 * (`parseGrid`, `parseBoard`) and turn them into the API's cells (`toCellBoard`).
 */
export const encodeBoard = (board: number[][]): string => toGrid(board).join('');

/** A stored puzzle as share links carry it: 81 characters, '.' for an empty cell. */
export const toShareText = (encoded: string): string => encoded.replaceAll('0', '.');
