import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';

/** Every table's rows, keyed by table name; compare two with `expect(after).toEqual(before)`. */
export type DatabaseSnapshot = Record<string, Record<string, unknown>[]>;

/**
 * Columns that record that a signed-in request was made, whatever it asked: a refused request
 * still used its session, and its last use is written once the recorded one is older than
 * SESSION_USE_INTERVAL_MS (docs/api.md#account), which a long test can pass on the wall clock.
 * Left out of every snapshot, so "nothing changed" means nothing the request asked for.
 */
export const USE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  sessions: ['last_used_at'],
  users: ['last_seen_at'],
};

export interface SnapshotOptions {
  /** Tables left out, e.g. `['sessions']` when a request legitimately signs someone in or out. */
  exclude?: readonly string[];
}

/**
 * A comparable copy of every application table (SQLite or the test PostgreSQL schema), each
 * table's rows ordered by primary key. Tests take one before and one after a request that must be
 * refused and assert they are equal: "nothing changed". Tables are discovered from the database
 * catalogue, so a table added by a later migration is covered without touching this file. Binary
 * columns become `<n bytes sha256:…>` strings so a failing diff stays readable.
 */
export async function snapshotDatabase(
  handle: DatabaseHandle,
  options: SnapshotOptions = {},
): Promise<DatabaseSnapshot> {
  const excluded = new Set(options.exclude ?? []);
  const tables = [...(await catalogue(handle))].filter(([table]) => !excluded.has(table));
  // One catalogue query, then the tables in parallel: refusal tests take hundreds of snapshots.
  const contents = await Promise.all(
    tables.map(async ([table, orderBy]) => {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.join(
        orderBy.map((c) => sql.ref(c)),
      )}`.execute(handle.db);
      return [table, rows.map((row) => normaliseRow(row, USE_COLUMNS[table]))] as const;
    }),
  );
  return Object.fromEntries(contents);
}

interface ColumnRow {
  table: string;
  column: string;
  /** 1-based position in the primary key, null/0 when not part of it. */
  pk: number | null;
}

/**
 * Every table (tables of the test's own schema on PostgreSQL) with the columns to order it by;
 * on SQLite not FTS5's (virtual and shadow): they are an index of `todos`, as PostgreSQL's is.
 */
async function catalogue(handle: DatabaseHandle): Promise<Map<string, string[]>> {
  const { rows } =
    handle.dialect === 'sqlite'
      ? await sql<ColumnRow>`select m.name as "table", p.name as "column", p.pk as pk
          from pragma_table_list m join pragma_table_info(m.name) p
          where m.schema = 'main' and m.type = 'table' and m.name not like 'sqlite_%'
          order by m.name, p.cid`.execute(handle.db)
      : await sql<ColumnRow>`select c.relname as "table", a.attname as "column",
            array_position(i.indkey::int2[], a.attnum) as pk
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          left join pg_index i on i.indrelid = c.oid and i.indisprimary
          where n.nspname = current_schema() and c.relkind = 'r'
          order by c.relname, a.attnum`.execute(handle.db);
  const columns = new Map<string, ColumnRow[]>();
  for (const row of rows) columns.set(row.table, [...(columns.get(row.table) ?? []), row]);
  const orderBy = new Map<string, string[]>();
  for (const [table, cols] of columns) {
    const key = cols.filter((c) => c.pk).sort((a, b) => Number(a.pk) - Number(b.pk));
    // No primary key: order by every column so the order is still deterministic.
    orderBy.set(
      table,
      (key.length > 0 ? key : cols).map((c) => c.column),
    );
  }
  return orderBy;
}

function normaliseRow(row: Record<string, unknown>, skipped: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (skipped.includes(key)) continue;
    out[key] =
      value instanceof Uint8Array
        ? `<${value.byteLength} bytes sha256:${createHash('sha256').update(value).digest('hex').slice(0, 16)}>`
        : value;
  }
  return out;
}
