import { sql } from 'kysely';
import { isoNow } from '../../../core/time.js';
import type { DatabaseHandle } from '../../../db/database.js';

/** Counters of a game still being played (docs/api.md#sudoku-hints); scoped by owner like sudoku.repository.ts. */
export function sudokuHintRepository({ db }: Pick<DatabaseHandle, 'db'>) {
  return {
    /**
     * Counts one hint and, when given, stores the board with the hint applied, in one statement so racing
     * hints each count. Undefined when the game is finished (or not theirs).
     */
    async recordHint(userId: number, gameId: number, state?: string): Promise<number | undefined> {
      const result = await db
        .updateTable('sudoku_games')
        .set({ hints_used: sql<number>`hints_used + 1`, ...(state ? { state } : {}), updated_at: isoNow() })
        .where('id', '=', gameId)
        .where('user_id', '=', userId)
        .where('status', '=', 'playing')
        .returning(['hints_used'])
        .executeTakeFirst();
      return result?.hints_used;
    },

    /** Counts a check of a game still being played. */
    async recordCheck(userId: number, gameId: number): Promise<void> {
      await db
        .updateTable('sudoku_games')
        .set({ checks_used: sql<number>`checks_used + 1` })
        .where('id', '=', gameId)
        .where('user_id', '=', userId)
        .where('status', '=', 'playing')
        .execute();
    },
  };
}
export type SudokuHintRepository = ReturnType<typeof sudokuHintRepository>;
