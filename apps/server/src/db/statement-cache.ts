import type { Database, Statement } from 'better-sqlite3';

/** Distinct SQL texts kept prepared; queries with variable `in (…)` lists make more, so it is capped. */
const MAX_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every query afresh (~25 µs each). The app sends the same few
 * hundred SQL texts over and over, so prepared statements are reused, keyed by their text.
 * better-sqlite3 runs each statement to completion synchronously (the app never streams), so a
 * statement is never in use twice at once; SQLite re-prepares it itself after a schema change.
 */
export function cacheStatements(database: Database): Database {
  const prepare = database.prepare.bind(database);
  const statements = new Map<string, Statement>();
  database.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (statement) {
      // Re-inserting keeps the map in least-recently-used order.
      statements.delete(source);
    } else {
      statement = prepare(source);
      if (statements.size >= MAX_STATEMENTS) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
    }
    statements.set(source, statement);
    return statement;
  }) as Database['prepare'];
  return database;
}
