import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { TestDatabaseKind } from './test-databases.js';

/**
 * The tables that belong to nobody in particular: the migrations' bookkeeping and site-wide
 * content. Every other table must say whose its rows are (below), so a new table is checked by
 * the account deletion and export tests without anyone remembering to add it there.
 */
export const SITE_WIDE_TABLES = [
  // Contact messages are linked to no account, a signed-in visitor's included (docs/api.md#contact).
  'contact_messages',
  'kysely_migration',
  'kysely_migration_lock',
  // A project's gallery and its encoded files (docs/api.md#project-images).
  'portfolio_image_files',
  'portfolio_project_images',
  'portfolio_projects',
  // A project's former slugs (docs/api.md#portfolio).
  'portfolio_slug_redirects',
  'site_settings',
  // The owner's profile, résumé and photo: the site's, whoever is admin (docs/api.md#profile).
  'site_avatar_files',
  'site_profile',
  'site_resume',
];

/** How a table's rows belong to a user: a `user_id` column, or a `wallet_id` of one of their wallets. */
export interface OwnedTable {
  table: string;
  via: 'user_id' | 'wallet_id';
}

/** Every base table of the database with its columns, read from the schema itself. */
export async function tableColumns(db: Kysely<Database>, kind: TestDatabaseKind): Promise<Map<string, string[]>> {
  const rows =
    kind === 'sqlite'
      ? await sql<{ table_name: string; column_name: string }>`
          select m.name as table_name, p.name as column_name
          from pragma_table_list m join pragma_table_info(m.name) p
          where m.schema = 'main' and m.type = 'table' and m.name not like 'sqlite_%'`.execute(db) // not FTS5's (virtual, shadow)
      : await sql<{ table_name: string; column_name: string }>`
          select c.table_name, c.column_name
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db);
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of rows.rows) {
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  }
  return tables;
}

/**
 * Every table holding a user's rows, other than `users` itself. Throws for a table that is neither
 * site-wide nor has a `user_id` or `wallet_id` column: decide which it is, and say so here.
 */
export async function userOwnedTables(db: Kysely<Database>, kind: TestDatabaseKind): Promise<OwnedTable[]> {
  const owned: OwnedTable[] = [];
  for (const [table, columns] of [...(await tableColumns(db, kind))].sort(([a], [b]) => a.localeCompare(b))) {
    if (table === 'users' || SITE_WIDE_TABLES.includes(table)) continue;
    if (columns.includes('user_id')) owned.push({ table, via: 'user_id' });
    else if (columns.includes('wallet_id')) owned.push({ table, via: 'wallet_id' });
    else {
      throw new Error(
        `Table ${table} has neither user_id nor wallet_id: list it in SITE_WIDE_TABLES if it is nobody's, ` +
          'or teach test/user-owned-tables.ts how its rows belong to a user',
      );
    }
  }
  return owned;
}

/** The rows of `owned` that belong to the user (wallet rows through the given wallet ids). */
export async function ownedRows(
  db: Kysely<Database>,
  owned: OwnedTable,
  userId: number,
  walletIds: number[],
): Promise<Record<string, unknown>[]> {
  if (owned.via === 'wallet_id' && walletIds.length === 0) return [];
  const where =
    owned.via === 'user_id'
      ? sql`user_id = ${userId}`
      : sql`wallet_id in (${sql.join(walletIds.map((id) => sql`${id}`))})`;
  // Ordered by the first column: `id`, or the key of a table with one row per user.
  const result = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(owned.table)} where ${where} order by 1`.execute(db);
  return result.rows;
}
