import type { SudokuDifficulty } from '@site/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sudokuApi } from './sudoku-api';

export const sudokuKeys = {
  all: ['sudoku'] as const,
  savedGames: ['sudoku', 'savedGames'] as const,
  stats: ['sudoku', 'stats'] as const,
  game: (id: number) => ['sudoku', 'game', id] as const,
};

/** Unfinished games, newest first. Always refetched on the menu: games change while being played. */
export function useSavedGames(enabled: boolean) {
  return useQuery({
    queryKey: sudokuKeys.savedGames,
    queryFn: ({ signal }) => sudokuApi.savedGames(signal),
    enabled,
    staleTime: 0,
  });
}

export function useSudokuStats(enabled: boolean) {
  return useQuery({
    queryKey: sudokuKeys.stats,
    queryFn: ({ signal }) => sudokuApi.stats(signal),
    enabled,
    staleTime: 0,
  });
}

/**
 * One game, loaded fresh on every visit (the board seeds local state once, so a cached copy from an
 * earlier visit would be stale) and never refetched while it is being played.
 */
export function useSudokuGame(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: sudokuKeys.game(id ?? 0),
    queryFn: ({ signal }) => sudokuApi.game(id ?? 0, signal),
    enabled: enabled && id !== null,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Lists that change when a game starts, ends or is deleted. */
export function useRefreshSudokuLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sudokuKeys.savedGames }),
      queryClient.invalidateQueries({ queryKey: sudokuKeys.stats }),
    ]);
}

export function usePlaySudoku() {
  const refresh = useRefreshSudokuLists();
  return useMutation({
    mutationFn: (difficulty: SudokuDifficulty) => sudokuApi.play(difficulty),
    onSuccess: () => {
      void refresh();
    },
  });
}

export function useDeleteSudokuGame() {
  const refresh = useRefreshSudokuLists();
  return useMutation({
    mutationFn: (gameid: number) => sudokuApi.deleteGame(gameid),
    onSuccess: () => refresh(),
  });
}
