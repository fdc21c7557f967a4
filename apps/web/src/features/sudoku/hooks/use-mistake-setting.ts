import { notifications } from '@mantine/notifications';
import {
  DEFAULT_PREFERENCES,
  SUDOKU_MISTAKE_CHECKS,
  type SudokuCellBoard,
  type SudokuMistakeCheck,
} from '@site/contract';
import { cellValues, toGrid } from '@site/contract/sudoku';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { preferencesApi, preferencesQuery } from '../../../lib/preferences-api';

/** A copy in this browser, so the page starts with the player's choice before the account answers. */
const STORAGE_KEY = 'sudokuMistakes';

function readLocal(): SudokuMistakeCheck | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return SUDOKU_MISTAKE_CHECKS.find((check) => check === value) ?? null;
  } catch {
    return null;
  }
}

function writeLocal(value: SudokuMistakeCheck) {
  try {
    localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // Storage unavailable: the account keeps the choice.
  }
}

/**
 * How the game page marks mistakes (docs/product.md#game-appssudokugame): the account's
 * `sudoku.mistakes` preference (docs/api.md#preferences). Until the account answers, or if it
 * cannot, the choice last made in this browser counts, else the default (rule conflicts). A change
 * shows at once, is kept in this browser and saved to the account; a failed save says so.
 */
export function useMistakeSetting() {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<SudokuMistakeCheck | null>(null);
  const [local] = useState(readLocal);
  const account = useQuery(preferencesQuery);
  const save = useMutation({
    mutationFn: (mistakes: SudokuMistakeCheck) => preferencesApi.update({ sudoku: { mistakes } }),
    onSuccess: (answer) => queryClient.setQueryData(preferencesQuery.queryKey, answer),
    onError: (error) => {
      console.error('Could not save the mistake setting', error);
      notifications.show({
        color: 'orange',
        title: 'Setting not saved to your account',
        message: 'It is kept in this browser. Try changing it again later.',
      });
    },
  });
  const { mutate } = save;

  const fromAccount = account.data?.sudoku.mistakes;
  const mistakes = chosen ?? fromAccount ?? local ?? DEFAULT_PREFERENCES.sudoku.mistakes;
  const change = useCallback(
    (next: SudokuMistakeCheck) => {
      setChosen(next);
      writeLocal(next);
      // A choice made while the account's answer is on its way wins over it.
      void queryClient.cancelQueries({ queryKey: preferencesQuery.queryKey });
      mutate(next);
    },
    [mutate, queryClient],
  );
  // Keep the local copy in step with the account once it answers.
  useEffect(() => {
    if (fromAccount) writeLocal(fromAccount);
  }, [fromAccount]);
  return { mistakes, change, saving: save.isPending };
}

const NONE: readonly boolean[] = [];

/**
 * The mistakes the board marks under the setting: rule clashes (`conflicts`), digits that differ
 * from the game's solution (`wrong`), or neither.
 */
export function useShownMistakes(
  setting: SudokuMistakeCheck,
  board: { values: readonly number[]; clues: readonly boolean[] },
  conflicts: readonly boolean[],
  solutionBoard: SudokuCellBoard,
) {
  const { values, clues } = board;
  const solution = useMemo(() => toGrid(cellValues(solutionBoard)), [solutionBoard]);
  const wrong = useMemo(
    () => (setting === 'solution' ? values.map((v, i) => v !== 0 && !clues[i] && v !== solution[i]) : NONE),
    [setting, values, clues, solution],
  );
  return { conflicts: setting === 'conflicts' ? conflicts : NONE, wrong };
}
