import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';

/** Every table's rows, keyed by table name; compare two with `expect(after).toEqual(before)`. */
export type DatabaseSnapshot = Record<string, Record<string, unknown>[]>;

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
  const snapshot: DatabaseSnapshot = {};
  for (const table of await listTables(handle)) {
    if (excluded.has(table)) continue;
    const keys = await primaryKey(handle, table);
    // No primary key: order by every column so the order is still deterministic.
    const orderBy = keys.length > 0 ? keys : await columns(handle, table);
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.join(
      orderBy.map((c) => sql.ref(c)),
    )}`.execute(handle.db);
    snapshot[table] = rows.map(normaliseRow);
  }
  return snapshot;
}

async function listTables(handle: DatabaseHandle): Promise<string[]> {
  const { rows } =
    handle.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%' order by name`.execute(handle.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(handle.db);
  return rows.map((r) => r.name);
}

async function primaryKey(handle: DatabaseHandle, table: string): Promise<string[]> {
  const { rows } =
    handle.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(
          handle.db,
        )
      : await sql<{ name: string }>`select k.column_name as name
          from information_schema.table_constraints c
          join information_schema.key_column_usage k
            on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema
          where c.table_schema = current_schema() and c.table_name = ${table} and c.constraint_type = 'PRIMARY KEY'
          order by k.ordinal_position`.execute(handle.db);
  return rows.map((r) => r.name);
}

async function columns(handle: DatabaseHandle, table: string): Promise<string[]> {
  const { rows } =
    handle.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from pragma_table_info(${table}) order by cid`.execute(handle.db)
      : await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(handle.db);
  return rows.map((r) => r.name);
}

function normaliseRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] =
      value instanceof Uint8Array
        ? `<${value.byteLength} bytes sha256:${createHash('sha256').update(value).digest('hex').slice(0, 16)}>`
        : value;
  }
  return out;
}
