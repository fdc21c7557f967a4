/** Boards travel as 9×9 arrays and are stored as 81-digit strings, row by row. */
export const encodeBoard = (board: number[][]): string => board.map((row) => row.join('')).join('');

export function decodeBoard(encoded: string): number[][] {
  const board: number[][] = [];
  for (let r = 0; r < 9; r++) {
    board.push(Array.from(encoded.slice(r * 9, r * 9 + 9), (c) => c.charCodeAt(0) - 48));
  }
  return board;
}

/** True when every clue of `puzzle` (non-zero cell) still holds the same digit in `board`. */
export function keepsClues(puzzle: string, board: string): boolean {
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] !== '0' && puzzle[i] !== board[i]) return false;
  }
  return true;
}
