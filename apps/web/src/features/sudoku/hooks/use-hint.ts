import type { SudokuHint } from '@site/contract';
import { toCellBoard } from '@site/contract/sudoku';
import { useCallback, useMemo, useRef, useState } from 'react';
import { sudokuApi } from '../api/sudoku-api';
import type { GameAction } from '../logic/game-state';
import { type HintLevel, hintArea, hintCells, hintChange, notesForHint } from '../logic/hint';

interface HintOptions {
  gameId: number;
  values: readonly number[];
  clues: readonly boolean[];
  notes: readonly number[];
  initialUsed: number;
  dispatch: (action: GameAction) => void;
}

interface Shown {
  hint: SudokuHint;
  level: HintLevel;
  /** The board the hint was asked for: once the player changes it, the hint no longer applies. */
  values: readonly number[];
}

/**
 * The Hint button's three levels (docs/product.md#sudoku-hints): one call per hint, then level 2 and
 * Apply are views of that answer. Apply goes through the board's reducer, so Undo takes it back and
 * the autosave stores it (docs/api.md#sudoku-hints: "a client applies level 3 itself").
 */
export function useHint({ gameId, values, clues, notes, initialUsed, dispatch }: HintOptions) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [used, setUsed] = useState(initialUsed);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ values, clues, notes });
  latest.current = { values, clues, notes };

  const current = shown && shown.values === values ? shown : null;

  const advance = useCallback(async () => {
    if (loading) return;
    if (current && current.hint.kind !== 'solved') {
      // A mistake points at its cells at once, so its next press applies it.
      if (current.level === 1 && current.hint.kind !== 'mistake') {
        setShown({ ...current, level: 2 });
        return;
      }
      const change = hintChange(current.hint);
      if (change) dispatch({ type: 'applyHint', change });
      setShown(null);
      return;
    }
    const asked = latest.current;
    setLoading(true);
    setError(null);
    try {
      const answer = await sudokuApi.hint(gameId, toCellBoard(asked.values, asked.clues), notesForHint(asked.notes));
      setUsed(answer.hints_used);
      setShown({ hint: answer.hint, level: 1, values: asked.values });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setLoading(false);
    }
  }, [current, dispatch, gameId, loading]);

  const dismiss = useCallback(() => {
    setShown(null);
    setError(null);
  }, []);

  const area = useMemo(() => (current ? hintArea(current.hint) : new Set<number>()), [current]);
  const cells = useMemo(() => (current ? hintCells(current.hint, current.level) : new Set<number>()), [current]);

  return { shown: current, used, loading, error, advance, dismiss, area, cells };
}
