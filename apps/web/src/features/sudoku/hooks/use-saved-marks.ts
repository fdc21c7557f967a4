import { useEffect, useRef } from 'react';
import type { Marks } from '../logic/game-state';
import { forgetMarks, pruneMarks, saveMarks } from '../marks-storage';

/**
 * Keeps the game's pencil marks and colours in local storage as they change (docs/product.md#sudoku-solving-tools),
 * and forgets them once the game is over.
 */
export function useSavedMarks(gameId: number, marks: Marks, playing: boolean) {
  const { notes, corner, centre, colours } = marks;
  const first = useRef(true);
  useEffect(() => {
    if (!playing) {
      forgetMarks(gameId);
      return;
    }
    // What was just read back needs no writing; other games' old entries go once per visit.
    if (first.current) {
      first.current = false;
      pruneMarks();
      return;
    }
    saveMarks(gameId, { notes, corner, centre, colours });
  }, [gameId, playing, notes, corner, centre, colours]);
}
