import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import { snapshotDatabase, USE_COLUMNS } from '../db-snapshot.js';

/** Each table's rows as sorted JSON lines: order-free, so no primary-key look-ups are needed. */
export type RowSets = Map<string, string[]>;

/**
 * A cheap "did anything change" check for thousands of requests. `snapshotDatabase` reads the
 * catalogue on every call (tens of milliseconds on PostgreSQL); here the table list is read once
 * (through it, so new tables are covered). On SQLite each check is one plain select per table, in
 * process. On PostgreSQL it is one statement that answers a digest of each table's rows: the rows
 * themselves stay in the database, and a round trip per table per request was most of the fuzzer's
 * time there (docs/testing.md#how-fast). A refusal that changed rows then names the tables; the same
 * seed on SQLite prints the rows.
 */
export async function rowSnapshotter(handle: DatabaseHandle) {
  const tables = Object.keys(await snapshotDatabase(handle));
  if (handle.dialect === 'postgres') {
    const digests = sql.join(
      tables.map(
        (table) =>
          sql`select ${table} as name, count(*)::int as rows, md5(coalesce(string_agg(${rowAsText(table)}, '|' order by ${rowAsText(table)}), '')) as digest from ${sql.table(table)} t`,
      ),
      sql` union all `,
    );
    return async (): Promise<RowSets> => {
      const { rows } = await sql<{ name: string; rows: number; digest: string }>`${digests}`.execute(handle.db);
      return new Map(rows.map((row) => [row.name, [`${row.rows} rows, digest ${row.digest}`]]));
    };
  }
  return async (): Promise<RowSets> => {
    const all = await Promise.all(
      tables.map(async (table) => {
        const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(handle.db);
        return [table, rows.map((row) => rowText(row, USE_COLUMNS[table])).sort()] as const;
      }),
    );
    return new Map(all);
  };
}

/**
 * How many rows writes have touched so far: equal before and after a request, and the request
 * changed nothing, so most of the fuzzer's thousands of refusals need no snapshot. It may move
 * without a change (a write rolled back, an update to the same value): then the snapshots decide.
 * On SQLite, the connection's own count (the app has one connection). On PostgreSQL, a sequence
 * that a row trigger on every table of the test's schema advances; sequences ignore rollbacks.
 */
export async function changeCounter(handle: DatabaseHandle): Promise<() => Promise<number>> {
  if (handle.dialect === 'sqlite') {
    return async () => (await sql<{ n: number }>`select total_changes() as n`.execute(handle.db)).rows[0]?.n ?? 0;
  }
  const tables = Object.keys(await snapshotDatabase(handle));
  await sql`create sequence test_changes`.execute(handle.db);
  await sql`create function test_count_change() returns trigger language plpgsql as $$
    begin perform nextval('test_changes'); return null; end $$`.execute(handle.db);
  for (const table of tables) {
    await sql`create trigger test_count_change after insert or update or delete on ${sql.table(table)}
      for each row execute function test_count_change()`.execute(handle.db);
    await sql`create trigger test_count_truncate after truncate on ${sql.table(table)}
      for each statement execute function test_count_change()`.execute(handle.db);
  }
  return async () =>
    (await sql<{ n: number }>`select (last_value + is_called::int)::int as n from test_changes`.execute(handle.db))
      .rows[0]?.n ?? 0;
}

/** What a request changed in the database (`DatabaseWatcher.watch`). */
export interface Watched<T> {
  result: T;
  /**
   * The tables the request changed, as `diffRowSets` words them; [] when no row was written since
   * it was sent (then nothing is read). Ask after any work it leaves for after its answer.
   */
  changes(): Promise<string[]>;
}

export interface DatabaseWatcher {
  watch<T>(send: () => Promise<T>): Promise<Watched<T>>;
}

/**
 * Checks for many requests, one after another, that a refused one changed nothing: the count of
 * rows written (`changeCounter`) is read around each, and the rows (`rowSnapshotter`) only when the
 * count has moved since they were last read. Used by the fuzzer, the authorization matrix and the
 * to-do access matrix.
 */
export async function databaseWatcher(handle: DatabaseHandle): Promise<DatabaseWatcher> {
  const snapshot = await rowSnapshotter(handle);
  const count = await changeCounter(handle);
  /** The rows as they were when the count was `count`: still current while the count stands. */
  let last: { count: number; rows: RowSets } | undefined;
  return {
    async watch(send) {
      const countBefore = await count();
      const before = last?.count === countBefore ? last.rows : await snapshot();
      last = { count: countBefore, rows: before };
      const result = await send();
      return {
        result,
        async changes() {
          const countAfter = await count();
          if (countAfter === countBefore) return [];
          const after = await snapshot();
          last = { count: countAfter, rows: after };
          return diffRowSets(before, after);
        },
      };
    },
  };
}

/** A PostgreSQL row of `t` as text, without its use columns. */
function rowAsText(table: string) {
  const skipped = USE_COLUMNS[table];
  if (!skipped) return sql`t::text`;
  return sql`(to_jsonb(t) - ${sql.raw(`'{${skipped.join(',')}}'::text[]`)})::text`;
}

function rowText(row: Record<string, unknown>, skipped: readonly string[] = []): string {
  return JSON.stringify(
    Object.entries(row)
      .filter(([key]) => !skipped.includes(key))
      .map(([key, value]) => [
        key,
        value instanceof Uint8Array ? `sha256:${createHash('sha256').update(value).digest('hex')}` : value,
      ]),
  );
}

/** Readable differences ("todos: added …, removed …"); empty when nothing changed. */
export function diffRowSets(before: RowSets, after: RowSets): string[] {
  const changes: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const was = new Set(before.get(table) ?? []);
    const now = new Set(after.get(table) ?? []);
    const added = [...now].filter((r) => !was.has(r));
    const removed = [...was].filter((r) => !now.has(r));
    if (added.length + removed.length === 0) continue;
    const cut = (rows: string[]) => rows.slice(0, 3).map((r) => (r.length > 300 ? `${r.slice(0, 300)}…` : r));
    changes.push(`${table}: added ${JSON.stringify(cut(added))}, removed ${JSON.stringify(cut(removed))}`);
  }
  return changes;
}
