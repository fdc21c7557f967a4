import { ACCOUNT_EXPORT_VERSION, type AccountExport, type SudokuStats } from '@site/contract';
import type { Kysely } from 'kysely';
import { isoNow } from '../../../core/time.js';
import type { DatabaseHandle } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';

/**
 * 'Export my data' (docs/api.md#export): every row the user owns, as the database holds it
 * (column names and values unchanged), in one document. Sessions and reset tokens are
 * credentials, not the user's data, and the password hash never leaves the server.
 *
 * The tables are read one after another outside a transaction: an export taken while the user is
 * changing data in another tab may show part of that change, which a person re-exporting fixes.
 */
export function accountExportRepository({ db }: DatabaseHandle) {
  return { exportOf: (userId: number, now?: number) => accountExport(db, userId, now) };
}
export type AccountExportRepository = ReturnType<typeof accountExportRepository>;

async function accountExport(db: Kysely<Database>, userId: number, now = Date.now()): Promise<AccountExport> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'is_admin', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const [todos, sudokuGames, weatherFavorites, watchlist, preferences, wallets] = await Promise.all([
    db.selectFrom('todos').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('sudoku_games').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('weather_favorites').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('watchlist').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('user_preferences').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('wallets').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  // The ledgers through the user's wallets (a subquery, so no list of ids is sent).
  const ownWallets = db.selectFrom('wallets').select('id').where('user_id', '=', userId);
  const [holdings, trades, history, corporateActions, orders] = await Promise.all([
    db.selectFrom('wallet_holdings').selectAll().where('wallet_id', 'in', ownWallets).orderBy('id').execute(),
    db.selectFrom('wallet_trades').selectAll().where('wallet_id', 'in', ownWallets).orderBy('id').execute(),
    db.selectFrom('wallet_history').selectAll().where('wallet_id', 'in', ownWallets).orderBy('id').execute(),
    db.selectFrom('wallet_corporate_actions').selectAll().where('wallet_id', 'in', ownWallets).orderBy('id').execute(),
    db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  ]);

  return {
    format: 'site-account-export',
    version: ACCOUNT_EXPORT_VERSION,
    exported_at: isoNow(now),
    user: { ...user, is_admin: user.is_admin === 1 },
    todos,
    sudoku_games: sudokuGames,
    sudoku_stats: await sudokuStats(db, userId),
    weather_favorites: weatherFavorites,
    watchlist,
    user_preferences: preferences,
    wallets: wallets.map((wallet) => ({
      ...wallet,
      holdings: holdings.filter((h) => h.wallet_id === wallet.id),
      trades: trades.filter((t) => t.wallet_id === wallet.id),
      history: history.filter((h) => h.wallet_id === wallet.id),
      corporate_actions: corporateActions.filter((a) => a.wallet_id === wallet.id),
      orders: orders.filter((o) => o.wallet_id === wallet.id),
    })),
  };
}

/**
 * The shape `GET /api/sudoku/stats` answers (best winning time per difficulty, won and lost
 * counts), computed here from the games so the auth feature does not import the Sudoku one.
 */
async function sudokuStats(db: Kysely<Database>, userId: number): Promise<SudokuStats> {
  const rows = await db
    .selectFrom('sudoku_games')
    .select([
      'difficulty',
      'status',
      (eb) => eb.fn.min<number>('time').as('best'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', ['won', 'lost'])
    .groupBy(['difficulty', 'status'])
    .execute();
  const stats: SudokuStats = { best: { easy: null, medium: null, hard: null, expert: null }, won: 0, lost: 0 };
  for (const row of rows) {
    if (row.status === 'won') {
      stats.won += Number(row.n);
      stats.best[row.difficulty] = Number(row.best);
    } else {
      stats.lost += Number(row.n);
    }
  }
  return stats;
}
