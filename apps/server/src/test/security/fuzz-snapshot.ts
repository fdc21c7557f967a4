import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import { snapshotDatabase } from '../db-snapshot.js';

/** Each table's rows as sorted JSON lines: order-free, so no primary-key look-ups are needed. */
export type RowSets = Map<string, string[]>;

/**
 * A cheap "did anything change" check for thousands of requests. `snapshotDatabase` reads the
 * catalogue on every call (tens of milliseconds on PostgreSQL); here the table list is read once
 * (through it, so new tables are covered) and each check is one plain select per table.
 */
export async function rowSnapshotter(handle: DatabaseHandle) {
  const tables = Object.keys(await snapshotDatabase(handle));
  return async (): Promise<RowSets> => {
    const all = await Promise.all(
      tables.map(async (table) => {
        const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(handle.db);
        return [table, rows.map(rowText).sort()] as const;
      }),
    );
    return new Map(all);
  };
}

function rowText(row: Record<string, unknown>): string {
  return JSON.stringify(
    Object.entries(row).map(([key, value]) => [
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
