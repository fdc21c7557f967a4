import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';
import { sudokuGameQuerySchema, sudokuHintRevealSchema, sudokuHintStepSchema } from './sudoku.js';

/**
 * One step of a finished game's solving path (docs/api.md#sudoku-solving-path): the same explained step
 * a hint answers, or, should the techniques ever be stuck, one cell told outright.
 */
export const sudokuPathStepSchema = z.discriminatedUnion('kind', [sudokuHintStepSchema, sudokuHintRevealSchema]);
export type SudokuPathStep = z.infer<typeof sudokuPathStepSchema>;

export const sudokuSolvingPathResponseSchema = z.object({
  /** The game's id. */
  id: z.number().int(),
  /** The clues the path starts from: 9 rows of 9 integers, 0 empty. */
  puzzle: z.array(z.array(z.number().int().min(0).max(9)).length(9)).length(9),
  /** From the clues to the solution, in order: each the simplest step on the candidates left by the ones before. */
  steps: z.array(sudokuPathStepSchema),
});
export type SudokuSolvingPath = z.infer<typeof sudokuSolvingPathResponseSchema>;

export const sudokuPathEndpoints = {
  solvingPath: endpoint(routes.sudoku.solvingPath, {
    tags: ['sudoku'],
    summary: 'A finished game’s solving path: every step from the clues to the solution, explained',
    query: sudokuGameQuerySchema,
    response: sudokuSolvingPathResponseSchema,
    errors: [400, 401, 404, 409],
  }),
};
