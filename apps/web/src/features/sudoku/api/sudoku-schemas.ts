// The response schemas of sudoku-api.ts's calls, loaded with zod on the first call
// (lazySchemas in lib/contract-schemas.ts).
export {
  sudokuCheckResponseSchema,
  sudokuCustomResponseSchema,
  sudokuDailyResponseSchema,
  sudokuDailyStatsResponseSchema,
  sudokuGameSchema,
  sudokuHintResponseSchema,
  sudokuLevelStatsResponseSchema,
  sudokuOkResponseSchema,
  sudokuPuzzleGradeSchema,
  sudokuSavedGamesResponseSchema,
  sudokuSolvingPathResponseSchema,
  sudokuStatsResponseSchema,
  sudokuTimeResponseSchema,
} from '@site/contract';
