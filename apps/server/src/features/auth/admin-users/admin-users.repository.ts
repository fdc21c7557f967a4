import type { AdminUser } from '@site/contract';
import { type RawBuilder, sql } from 'kysely';
import { isoNow } from '../../../core/time.js';
import type { DatabaseHandle } from '../../../db/database.js';
import { endAllSessionsWithin } from '../sessions/sessions.repository.js';

interface AdminUserRow {
  id: number;
  username: string;
  email: string;
  is_admin: number;
  disabled_at: string | null;
  created_at: string;
  last_seen_at: string | null;
  todos: number;
  sudoku_games: number;
  weather_favorites: number;
  watchlist: number;
  wallets: number;
  sessions: number;
}

/** `text` as a LIKE pattern matching it anywhere, its own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What each user owns, counted per table; the admin list shows these numbers. */
const OWNED = ['todos', 'sudoku_games', 'weather_favorites', 'watchlist', 'wallets'] as const;

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    is_admin: row.is_admin === 1,
    disabled: row.disabled_at !== null,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at,
    counts: {
      todos: Number(row.todos),
      sudoku_games: Number(row.sudoku_games),
      weather_favorites: Number(row.weather_favorites),
      watchlist: Number(row.watchlist),
      wallets: Number(row.wallets),
      sessions: Number(row.sessions),
    },
  };
}

/** The admin's view of users (docs/api.md#admin). */
export function adminUsersRepository({ db }: DatabaseHandle) {
  /**
   * One query for a page of users and their counts: the page is chosen first (a CTE), then each
   * owned table is counted once, grouped by user, for the page's users only. No query per user.
   */
  async function page(where: RawBuilder<unknown>, limit: number, offset: number, now: number) {
    const counted = (table: (typeof OWNED)[number]) =>
      sql`left join (select user_id, count(*) as n from ${sql.table(table)}
          where user_id in (select id from page) group by user_id) ${sql.raw(`c_${table}`)}
          on ${sql.raw(`c_${table}`)}.user_id = page.id`;
    const { rows } = await sql<AdminUserRow>`
      with page as (
        select id, username, email, is_admin, disabled_at, created_at, last_seen_at from users
        where ${where}
        order by created_at desc, id desc
        limit ${limit} offset ${offset}
      )
      select page.*,
        ${sql.join(
          OWNED.map((table) => sql`coalesce(${sql.raw(`c_${table}`)}.n, 0) as ${sql.ref(table)}`),
          sql`, `,
        )},
        coalesce(c_sessions.n, 0) as sessions
      from page
      ${sql.join(OWNED.map(counted), sql` `)}
      left join (select user_id, count(*) as n from sessions
          where user_id in (select id from page) and expires_at > ${isoNow(now)} group by user_id) c_sessions
        on c_sessions.user_id = page.id
      order by page.created_at desc, page.id desc`.execute(db);
    return rows.map(toAdminUser);
  }

  const matching = (q: string | undefined) =>
    q
      ? sql`(lower(username) like ${containsPattern(q)} escape '\\' or lower(email) like ${containsPattern(q)} escape '\\')`
      : sql`1 = 1`;

  return {
    /** Users whose username or e-mail contains `q` (any case), newest first, and how many match. */
    async list(query: { q?: string | undefined; page: number; pageSize: number }, now = Date.now()) {
      const where = matching(query.q);
      const [users, total] = await Promise.all([
        page(where, query.pageSize, (query.page - 1) * query.pageSize, now),
        sql<{ n: number }>`select count(*) as n from users where ${where}`.execute(db),
      ]);
      return { users, total: Number(total.rows[0]?.n ?? 0) };
    },

    async find(id: number, now = Date.now()): Promise<AdminUser | undefined> {
      return (await page(sql`id = ${id}`, 1, 0, now))[0];
    },

    /** Disables the user and ends every session of theirs, in one transaction. */
    async disable(id: number, now = Date.now()) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ disabled_at: isoNow(now) })
          .where('id', '=', id)
          .where('disabled_at', 'is', null)
          .execute();
        await endAllSessionsWithin(trx, id);
      });
    },

    async enable(id: number) {
      await db.updateTable('users').set({ disabled_at: null }).where('id', '=', id).execute();
    },
  };
}
export type AdminUsersRepository = ReturnType<typeof adminUsersRepository>;
