import { sudokuPuzzleTextSchema } from '@site/contract';
import { checkCustomPuzzle } from './custom-puzzle.js';

/**
 * The level of a shared puzzle for its link's preview (docs/api.md#pages), by the same checks as
 * starting a game of it; null when the text is not a puzzle we would start. The checks take a few
 * milliseconds on a real puzzle (the band search gives up on several solutions at the second).
 */
export function shareLevel(share: string): string | null {
  const text = sudokuPuzzleTextSchema.safeParse(share);
  if (!text.success) return null;
  try {
    return checkCustomPuzzle(text.data).difficulty;
  } catch {
    return null;
  }
}
