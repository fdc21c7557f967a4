import { z } from 'zod';
import { claimedUserField, idSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';
import { SUDOKU_DIFFICULTIES, SUDOKU_GRADES, SUDOKU_MAX_TIME } from './sudoku-constants.js';

export * from './sudoku-constants.js';

export const sudokuDifficultySchema = z.enum(SUDOKU_DIFFICULTIES, {
  error: 'Difficulty must be easy, medium or hard',
});
export type SudokuDifficulty = z.infer<typeof sudokuDifficultySchema>;

/** A game's or puzzle's grade: a served level, or `expert` for an own or shared puzzle that needs guessing. */
export const sudokuGradeSchema = z.enum(SUDOKU_GRADES, {
  error: 'Difficulty must be easy, medium, hard or expert',
});
export type SudokuGrade = z.infer<typeof sudokuGradeSchema>;

const digit = z
  .number({ error: 'Cell values must be numbers 0-9' })
  .int('Cell values must be whole numbers')
  .min(0, 'Cell values must be numbers 0-9')
  .max(9, 'Cell values must be numbers 0-9');

/** One cell as the API answers it: `value` 0 is empty, `clue` marks the puzzle's locked digits. */
export const sudokuCellSchema = z.object({ value: digit, clue: z.boolean() });
export type SudokuCell = z.infer<typeof sudokuCellSchema>;

const nineOf = <T extends z.ZodType>(item: T, what: string, items: string) =>
  z.array(item, { error: `${what} must be an array` }).length(9, `${what} must have 9 ${items}`);

/** A 9×9 board of cells, as every game answer carries it (docs/api.md#sudoku-boards). */
export const sudokuCellBoardSchema = nineOf(nineOf(sudokuCellSchema, 'A board row', 'cells'), 'The board', 'rows');
export type SudokuCellBoard = z.infer<typeof sudokuCellBoardSchema>;

/**
 * A cell a client sends: a `{ value, clue }` cell (a missing value is 0; `clue`, `error` and any
 * other flag are ignored, the server knows the clues) or a plain integer 0–9. Each cell is read on
 * its own, so a board may mix both. docs/api.md#sudoku-boards
 */
const cellInput = z
  .union(
    [
      digit,
      z.object(
        { value: digit.optional(), clue: z.boolean().optional() },
        { error: 'A cell must be a number 0-9 or a { value, clue } object' },
      ),
    ],
    { error: 'A cell must be a number 0-9 or a { value, clue } object' },
  )
  .transform((cell) => (typeof cell === 'number' ? cell : (cell.value ?? 0)));

/** A board a client sends (9 rows of 9 cells, cells or integers), read as integers 0–9, 0 empty. */
export const sudokuBoardInputSchema = nineOf(nineOf(cellInput, 'A board row', 'cells'), 'The board', 'rows');
export type SudokuBoardInput = z.input<typeof sudokuBoardInputSchema>;
/** A board as the server works with it: integers 0–9, 0 empty. */
export type SudokuBoard = z.output<typeof sudokuBoardInputSchema>;

export const sudokuTimeSchema = z
  .number({ error: 'Time must be a number of seconds' })
  .int('Time must be whole seconds')
  .min(0, 'Time cannot be negative')
  .max(SUDOKU_MAX_TIME, 'Time is too large');

export const sudokuGameSchema = z.object({
  id: z.number().int(),
  difficulty: sudokuGradeSchema,
  created_at: z.string(),
  time: z.number().int(),
  status: z.enum(['playing', 'won', 'lost']),
  player: z.object({ id: z.number().int() }),
  /** The board as last saved: the clues plus the player's digits. */
  transformed_state: sudokuCellBoardSchema,
  /** The full solution, clues flagged as in the state. */
  transformed_solution: sudokuCellBoardSchema,
  /** Our addition: the clues alone (empty cells 0), the board the game started from. */
  puzzle: sudokuCellBoardSchema,
  /** Our addition: the clues as 81 characters ('.' empty), for a share link `/apps/sudoku/game?p=…`. */
  share: z.string().optional(),
  /** Our addition: where the puzzle came from (pool, the daily puzzle, or typed in by the player). */
  source: z.enum(['pool', 'daily', 'custom']).optional(),
  /** Our addition: hints asked (`POST /api/sudoku/hint`) and boards checked with this game's id. */
  hints_used: z.number().int().optional(),
  checks_used: z.number().int().optional(),
});
export type SudokuGame = z.infer<typeof sudokuGameSchema>;

export const sudokuPlayQuerySchema = z.object({
  difficulty: sudokuDifficultySchema.default('easy'),
  userid: claimedUserField,
});
export const sudokuSavedGamesQuerySchema = z.object({ userid: claimedUserField });
export const sudokuSavedGamesResponseSchema = z.array(sudokuGameSchema);
export const sudokuGameQuerySchema = z.object({ id: idSchema });

export const sudokuDeleteGameRequestSchema = z.object({ gameid: idSchema, userid: claimedUserField });
export const sudokuUpdateTimeRequestSchema = z.object({ sudoku_id: idSchema, time: sudokuTimeSchema });
export const sudokuSaveGameRequestSchema = z.object({
  gameid: idSchema,
  userid: claimedUserField,
  current_state: sudokuBoardInputSchema,
  time: sudokuTimeSchema,
});
export const sudokuGiveUpRequestSchema = z.object({ gameid: idSchema, userid: claimedUserField });
export const sudokuCheckRequestSchema = z.object({
  board: sudokuBoardInputSchema,
  gameid: idSchema.optional(),
  /** Our addition: the game's own check of a board that just filled up; it can win the game but is not counted. */
  auto: z.boolean().optional(),
});

export const sudokuCheckResponseSchema = z.object({
  status: z.literal('success'),
  isCorrect: z.boolean(),
  errors: z.object({
    rows: z.array(z.number().int()),
    columns: z.array(z.number().int()),
    boxes: z.array(z.number().int()),
  }),
});
export type SudokuCheckResponse = z.infer<typeof sudokuCheckResponseSchema>;

export const sudokuOkResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export const sudokuTimeResponseSchema = z.object({ success: z.literal(true), time: z.number().int() });

/** Best (lowest) winning time per difficulty, null when none was won yet. */
export const sudokuStatsResponseSchema = z.object({
  best: z.object({
    easy: z.number().int().nullable(),
    medium: z.number().int().nullable(),
    hard: z.number().int().nullable(),
    expert: z.number().int().nullable(),
  }),
  won: z.number().int(),
  lost: z.number().int(),
});
export type SudokuStats = z.infer<typeof sudokuStatsResponseSchema>;

/** A cell's name in hints: r1c1 … r9c9, row then column, both 1-based. */
const hintCell = z.string().regex(/^r[1-9]c[1-9]$/);
const hintCellDigit = z.object({ cell: hintCell, digit: z.number().int().min(1).max(9) });

/** A hint's explained step; also each step of a finished game's solving path (sudoku-path.ts). */
export const sudokuHintStepSchema = z.object({
  kind: z.literal('step'),
  /** The grader's name (e.g. `naked pair`) and the one to show (`Naked pair`). */
  technique: z.string(),
  name: z.string(),
  /** Level 1: the row, column or box to look at; null when the pattern spans several (wings, colouring). */
  area: z.object({ unit: z.enum(['row', 'column', 'box']), index: z.number().int().min(1).max(9) }).nullable(),
  /** Level 2: the cells of the pattern and the candidates that matter in each. */
  cells: z.array(hintCell),
  candidates: z.array(z.object({ cell: hintCell, digits: z.array(z.number().int().min(1).max(9)) })),
  /** Level 3: candidates to remove, or a digit to place. */
  eliminations: z.array(hintCellDigit),
  placement: hintCellDigit.nullable(),
  text: z.string(),
});
/** One cell told outright, when the techniques are stuck. */
export const sudokuHintRevealSchema = z.object({
  kind: z.literal('reveal'),
  cells: z.array(hintCell),
  placement: hintCellDigit,
  text: z.string(),
});

/**
 * The next step for a player's board (docs/api.md#sudoku-hints): a wrong digit first (`mistake`), else the
 * simplest step our grader's techniques find (`step`), else one revealed cell when they are stuck
 * (`reveal`); `solved` when the board is complete and correct.
 */
export const sudokuHintSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mistake'), cells: z.array(hintCell), text: z.string() }),
  sudokuHintStepSchema,
  sudokuHintRevealSchema,
  z.object({ kind: z.literal('solved'), text: z.string() }),
]);
export type SudokuHint = z.infer<typeof sudokuHintSchema>;

const noteDigit = z.number().int().min(1, 'Notes must be digits 1-9').max(9, 'Notes must be digits 1-9');
/** Optional pencil marks: per cell the digits noted (an empty list = no notes). Only a start, never trusted. */
export const sudokuNotesInputSchema = nineOf(
  nineOf(z.array(noteDigit, { error: 'Notes must be lists of digits' }).max(9), 'A notes row', 'cells'),
  'The notes',
  'rows',
);

export const sudokuHintRequestSchema = z.object({
  gameid: idSchema,
  board: sudokuBoardInputSchema,
  notes: sudokuNotesInputSchema.optional(),
  /** Level 3 on the server: store the game's board with the hint applied (a digit placed, wrong digits cleared). */
  apply: z.boolean().optional(),
});
export const sudokuHintResponseSchema = z.object({
  hint: sudokuHintSchema,
  /** The game's hint count after this one. */
  hints_used: z.number().int(),
  /** With `apply`: the board as stored after applying the hint (integers, 0 empty). */
  board: z.array(z.array(z.number().int())).optional(),
});
export type SudokuHintResponse = z.infer<typeof sudokuHintResponseSchema>;

const sudokuErrors = [400, 401, 403, 404, 409] as const;
const tags = ['sudoku'];

/** docs/api.md#every-call (Sudoku), plus `game` (resume by id) and `stats` (best times). */
export const sudokuEndpoints = {
  play: endpoint(routes.sudoku.play, {
    tags,
    summary: 'Start a new game',
    query: sudokuPlayQuerySchema,
    response: sudokuGameSchema,
    errors: sudokuErrors,
  }),
  savedGames: endpoint(routes.sudoku.savedGames, {
    tags,
    summary: 'Unfinished games, newest first',
    query: sudokuSavedGamesQuerySchema,
    response: sudokuSavedGamesResponseSchema,
    errors: sudokuErrors,
  }),
  game: endpoint(routes.sudoku.game, {
    tags,
    summary: 'One game by id (to resume it)',
    query: sudokuGameQuerySchema,
    response: sudokuGameSchema,
    errors: sudokuErrors,
  }),
  stats: endpoint(routes.sudoku.stats, {
    tags,
    summary: 'Best winning time per difficulty',
    response: sudokuStatsResponseSchema,
    errors: sudokuErrors,
  }),
  deleteGame: endpoint(routes.sudoku.deleteGame, {
    tags,
    summary: 'Delete a game',
    body: sudokuDeleteGameRequestSchema,
    response: sudokuOkResponseSchema,
    errors: sudokuErrors,
  }),
  updateTime: endpoint(routes.sudoku.updateTime, {
    tags,
    summary: 'Record elapsed seconds (never decreases)',
    body: sudokuUpdateTimeRequestSchema,
    response: sudokuTimeResponseSchema,
    errors: sudokuErrors,
  }),
  saveGame: endpoint(routes.sudoku.saveGame, {
    tags,
    summary: 'Save the board and elapsed time',
    body: sudokuSaveGameRequestSchema,
    response: sudokuTimeResponseSchema,
    errors: sudokuErrors,
  }),
  checkSolution: endpoint(routes.sudoku.checkSolution, {
    tags,
    summary: 'Check a board; with gameid a correct board wins that game',
    body: sudokuCheckRequestSchema,
    response: sudokuCheckResponseSchema,
    errors: sudokuErrors,
  }),
  hint: endpoint(routes.sudoku.hint, {
    tags,
    summary: "The next step for the player's board, explained (counts a hint)",
    body: sudokuHintRequestSchema,
    response: sudokuHintResponseSchema,
    errors: sudokuErrors,
  }),
  giveUp: endpoint(routes.sudoku.giveUp, {
    tags,
    summary: 'Give up a game (it is marked lost)',
    body: sudokuGiveUpRequestSchema,
    response: sudokuOkResponseSchema,
    errors: sudokuErrors,
  }),
};
