import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { sudokuQueries } from '../api/use-sudoku';
import { hintArea, hintCells } from '../logic/hint';
import { pathPositions } from '../logic/solving-path';

const NONE: ReadonlySet<number> = new Set();

/**
 * The stepper over a finished game's solving path (docs/product.md#game-appssudokugame): loaded once when
 * first opened, then step n of N with the board before it and the step's highlights, as a hint's level 2.
 */
export function useSolvingPath(gameId: number, enabled: boolean) {
  const query = useQuery({ ...sudokuQueries.solvingPath(gameId), enabled });
  const [index, setIndex] = useState(0);
  const data = query.data;
  const positions = useMemo(() => (data ? pathPositions(data.puzzle, data.steps) : []), [data]);
  const total = data?.steps.length ?? 0;
  const at = Math.min(index, Math.max(0, total - 1));
  const step = data?.steps[at] ?? null;

  const go = useCallback((n: number) => setIndex(Math.max(0, Math.min(n, total - 1))), [total]);
  const area = useMemo(() => (step ? hintArea(step) : NONE), [step]);
  const cells = useMemo(() => (step ? hintCells(step, 2) : NONE), [step]);

  return {
    query,
    total,
    /** 0-based: the step shown. */
    index: at,
    step,
    /** The board and pencil marks before the step. */
    position: positions[at] ?? null,
    clues: useMemo(() => (data ? data.puzzle.flat().map((v) => v !== 0) : []), [data]),
    area,
    cells,
    go,
  };
}
