import type { SudokuDifficulty } from '@site/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadGame } from './offline-game';
import { sudokuApi } from './sudoku-api';

/** Key and function of each query of the Sudoku feature, for hooks, prefetches and cache updates. */
export const sudokuQueries = {
  /** Unfinished games, newest first. Always refetched on the menu: games change while being played. */
  savedGames: () =>
    queryOptions({
      queryKey: ['sudoku', 'savedGames'] as const,
      queryFn: ({ signal }) => sudokuApi.savedGames(signal),
      staleTime: 0,
    }),
  stats: () =>
    queryOptions({
      queryKey: ['sudoku', 'stats'] as const,
      queryFn: ({ signal }) => sudokuApi.stats(signal),
      staleTime: 0,
    }),
  /** Today's daily puzzles: streaks and results per level (docs/api.md#sudoku-daily-and-own-puzzles). */
  dailyStats: () =>
    queryOptions({
      queryKey: ['sudoku', 'dailyStats'] as const,
      queryFn: ({ signal }) => sudokuApi.dailyStats(signal),
      staleTime: 0,
    }),
  /** docs/api.md#sudoku-statistics-per-level */
  levelStats: () =>
    queryOptions({
      queryKey: ['sudoku', 'levelStats'] as const,
      queryFn: ({ signal }) => sudokuApi.levelStats(signal),
      staleTime: 0,
    }),
  /**
   * One game, loaded fresh on every visit (the board seeds local state once, so a cached copy from
   * an earlier visit would be stale) and never refetched while it is being played. Offline, the
   * copy kept in local storage (offline-game.ts).
   */
  game: (id: number) =>
    queryOptions({
      queryKey: ['sudoku', 'game', id] as const,
      queryFn: ({ signal }) => loadGame(id, signal),
      networkMode: 'offlineFirst',
      gcTime: 0,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
  /** A finished game's solving path: it follows from the puzzle alone, so it never goes stale. */
  solvingPath: (id: number) =>
    queryOptions({
      queryKey: ['sudoku', 'solvingPath', id] as const,
      queryFn: ({ signal }) => sudokuApi.solvingPath(id, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** The signed-in user's saved games (the menu renders only behind the sign-in gate). */
export function useSavedGames() {
  return useQuery(sudokuQueries.savedGames());
}

export function useSudokuStats() {
  return useQuery(sudokuQueries.stats());
}

export function useDailyStats() {
  return useQuery(sudokuQueries.dailyStats());
}

export function useLevelStats() {
  return useQuery(sudokuQueries.levelStats());
}

/** The game of `id`; idle while `id` is null. */
export function useSudokuGame(id: number | null) {
  return useQuery({ ...sudokuQueries.game(id ?? 0), enabled: id !== null });
}

/** Lists that change when a game starts, ends or is deleted. */
export function useRefreshSudokuLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sudokuQueries.savedGames().queryKey }),
      queryClient.invalidateQueries({ queryKey: sudokuQueries.stats().queryKey }),
      queryClient.invalidateQueries({ queryKey: sudokuQueries.dailyStats().queryKey }),
      queryClient.invalidateQueries({ queryKey: sudokuQueries.levelStats().queryKey }),
    ]);
}

/**
 * Starts a game one way or another (a new puzzle, the daily one, the player's own); the menu's
 * lists and statistics then include it. Past the cap of 100 unfinished games the server refuses
 * each way alike, with a message to show.
 */
function useStartGame<Input, Game extends { id: number }>(start: (input: Input) => Promise<Game>) {
  const refresh = useRefreshSudokuLists();
  return useMutation({
    mutationFn: start,
    onSuccess: () => {
      void refresh();
    },
  });
}

export function usePlaySudoku() {
  return useStartGame((difficulty: SudokuDifficulty) => sudokuApi.play(difficulty));
}

export function useDeleteSudokuGame() {
  const refresh = useRefreshSudokuLists();
  return useMutation({
    mutationFn: (gameid: number) => sudokuApi.deleteGame(gameid),
    onSuccess: () => refresh(),
  });
}

/** Starts (or resumes) today's daily puzzle at a level. */
export function useStartDaily() {
  return useStartGame((difficulty: SudokuDifficulty) => sudokuApi.daily(difficulty));
}

/** Grades a player's puzzle without starting a game (docs/api.md#sudoku-daily-and-own-puzzles). */
export function useCheckPuzzle() {
  return useMutation({ mutationFn: (puzzle: string) => sudokuApi.customCheck(puzzle) });
}

/** Starts a game of a player's own or shared puzzle. */
export function useStartCustom() {
  return useStartGame((puzzle: string) => sudokuApi.custom(puzzle));
}
