import { parseGrid, SUDOKU_GRADES, type SudokuGame, type SudokuGrade, toCellBoard } from '@site/contract';
import { type Selectable, sql } from 'kysely';
import { isoNow } from '../../../core/time.js';
import { compiledOnce, param } from '../../../db/compiled-once.js';
import type { DatabaseHandle } from '../../../db/database.js';
import type { SudokuGamesTable } from '../../../db/schema.js';
import { lockUserRow } from '../../../db/user-lock.js';
import { toShareText } from './board-codec.js';

export type GameRow = Selectable<SudokuGamesTable>;

export const toGame = (row: GameRow): SudokuGame => {
  const clues = parseGrid(row.puzzle);
  return {
    id: row.id,
    difficulty: row.difficulty,
    created_at: row.created_at,
    time: row.time,
    status: row.status,
    player: { id: row.user_id },
    transformed_state: toCellBoard(parseGrid(row.state), clues),
    transformed_solution: toCellBoard(parseGrid(row.solution), clues),
    puzzle: toCellBoard(clues, clues),
    share: toShareText(row.puzzle),
    source: row.source,
    hints_used: row.hints_used,
    checks_used: row.checks_used,
  };
};

export interface NewGame {
  difficulty: SudokuGrade;
  puzzle: string;
  solution: string;
  /** Default 'pool'; a 'daily' game names its UTC day in `daily_date`. */
  source?: 'pool' | 'daily' | 'custom';
  daily_date?: string;
}

/** Every query is scoped by owner, so another user's game id finds nothing. */
export function sudokuRepository({ db, dialect }: Pick<DatabaseHandle, 'db' | 'dialect'>) {
  const latest = (difficulty: SudokuGrade) =>
    db
      .selectFrom(
        db
          .selectFrom('sudoku_games')
          .select(['id', 'difficulty', 'status', 'time', 'finished_at'])
          .where('user_id', '=', param<number>('userId'))
          .where('difficulty', '=', difficulty)
          .where('status', 'in', ['won', 'lost'])
          .orderBy('finished_at', 'desc')
          .orderBy('id', 'desc')
          .limit(param<number>('historyGames'))
          .as('latest'),
      )
      .selectAll();
  const [first, ...others] = SUDOKU_GRADES.map(latest);
  const history = others.reduce((union, next) => union.unionAll(next), first!);
  const levelStatsQuery = compiledOnce(
    db,
    db
      .selectFrom(history.as('h'))
      .innerJoin('sudoku_level_stats as s', (join) =>
        join.on('s.user_id', '=', param<number>('userId')).onRef('s.difficulty', '=', 'h.difficulty'),
      )
      .select([
        'h.difficulty',
        'h.status',
        'h.time',
        'h.finished_at',
        's.games',
        's.won',
        's.best_time',
        's.won_time',
        's.current_streak',
        's.longest_streak',
      ])
      .orderBy('h.finished_at')
      .orderBy('h.id'),
  );

  return {
    /** The user's games as the database holds them, for 'Export my data' (docs/api.md#export). */
    exportRows: (userId: number): Promise<GameRow[]> =>
      db.selectFrom('sudoku_games').selectAll().where('user_id', '=', userId).orderBy('id').execute(),

    /**
     * Starts a game unless the user already has `maxPlaying` unfinished ones (undefined then). The
     * count and the insert share a transaction under the user's lock, so a burst of starts never
     * passes the cap.
     */
    async create(userId: number, game: NewGame, maxPlaying: number): Promise<GameRow | undefined> {
      return db.transaction().execute(async (trx) => {
        await lockUserRow(trx, dialect, userId);
        // A daily game is resumed, not started twice (the unique index of migration 013 backs this).
        if (game.daily_date) {
          const existing = await trx
            .selectFrom('sudoku_games')
            .selectAll()
            .where('user_id', '=', userId)
            .where('daily_date', '=', game.daily_date)
            .where('difficulty', '=', game.difficulty)
            .executeTakeFirst();
          if (existing) return existing;
        }
        const { count } = await trx
          .selectFrom('sudoku_games')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .where('status', '=', 'playing')
          .executeTakeFirstOrThrow();
        if (Number(count) >= maxPlaying) return undefined;
        const now = isoNow();
        return trx
          .insertInto('sudoku_games')
          .values({
            user_id: userId,
            difficulty: game.difficulty,
            puzzle: game.puzzle,
            solution: game.solution,
            state: game.puzzle,
            time: 0,
            status: 'playing',
            source: game.source ?? 'pool',
            daily_date: game.daily_date ?? null,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    find: (userId: number, gameId: number) =>
      db
        .selectFrom('sudoku_games')
        .selectAll()
        .where('id', '=', gameId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    listPlaying: (userId: number) =>
      db
        .selectFrom('sudoku_games')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'playing')
        .orderBy('id', 'desc')
        .execute(),

    async delete(userId: number, gameId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('sudoku_games')
        .where('id', '=', gameId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Saves progress of a game still being played. Time never goes backwards: the stored value is
     * the larger of the two, decided in the database so racing updates cannot lower it.
     */
    async saveProgress(userId: number, gameId: number, progress: { time: number; state?: string }) {
      const result = await db
        .updateTable('sudoku_games')
        .set({
          time: sql<number>`case when time < ${progress.time} then ${progress.time} else time end`,
          ...(progress.state ? { state: progress.state } : {}),
          updated_at: isoNow(),
        })
        .where('id', '=', gameId)
        .where('user_id', '=', userId)
        .where('status', '=', 'playing')
        .returning(['time'])
        .executeTakeFirst();
      return result?.time;
    },

    /** Ends a game still being played; false when it was already finished (or is not theirs). */
    async finish(userId: number, gameId: number, outcome: 'won' | 'lost', state?: string): Promise<boolean> {
      const now = isoNow();
      const result = await db
        .updateTable('sudoku_games')
        .set({ status: outcome, finished_at: now, updated_at: now, ...(state ? { state } : {}) })
        .where('id', '=', gameId)
        .where('user_id', '=', userId)
        .where('status', '=', 'playing')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The user's daily games (any level, any day): what the daily streaks are computed from. */
    dailyGames: (userId: number) =>
      db
        .selectFrom('sudoku_games')
        .select(['daily_date', 'difficulty', 'status', 'time', 'hints_used'])
        .where('user_id', '=', userId)
        .where('source', '=', 'daily')
        .where('daily_date', 'is not', null)
        .execute(),

    /**
     * Per level, the statistics migration 027's triggers keep for the user, beside each of that
     * level's latest `historyGames` finished games, oldest first (docs/api.md#sudoku-statistics-per-level).
     * One statement, so both come from one snapshot; each level's games are a bounded read of the
     * index (user, level, finished_at, id), whatever the user has played. A level without a
     * finished game has no row.
     */
    levelStats: (userId: number, historyGames: number) => levelStatsQuery({ userId, historyGames }),

    /** Finished games, wins and the best winning time per level, as the triggers of migration 027 keep them. */
    stats: (userId: number) =>
      db
        .selectFrom('sudoku_level_stats')
        .select(['difficulty', 'games', 'won', 'best_time'])
        .where('user_id', '=', userId)
        .execute(),
  };
}
export type SudokuRepository = ReturnType<typeof sudokuRepository>;
