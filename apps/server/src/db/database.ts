import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, type PostgresDialect, SqliteDialect } from 'kysely';
import type pg from 'pg';
import type { DialectName } from './dialect.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';
import { OwnSchemaPostgresDialect } from './schema-introspector.js';
import { cacheStatements } from './statement-cache.js';

// Each driver is loaded only when its database is used: a SQLite site never pays for `pg`'s
// memory, nor a PostgreSQL one for better-sqlite3's. Both are CommonJS, so `require` keeps
// opening a database synchronous.
const require = createRequire(import.meta.url);

let pgModule: typeof pg | undefined;
function loadPg(): typeof pg {
  if (!pgModule) {
    pgModule = require('pg') as typeof pg;
    // pg returns int8 and numeric as strings; our int8 values (counts, cents) fit in a double.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (v) => Number.parseInt(v, 10));
    pgModule.types.setTypeParser(pgModule.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
  }
  return pgModule;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Runs pending migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** The migrator `migrate` uses, its schema made first: tests of one migration step through it. */
  migrator(): Promise<Migrator>;
  /**
   * `select 1` on a connection no query waits for: SQLite's own handle (not Kysely's queue for it),
   * PostgreSQL's one connection kept for this beside the pool. Whether the database answers, even
   * while every pooled connection is busy.
   */
  ping(): Promise<void>;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent SQLite is used. */
  databaseUrl?: string | undefined;
  /** SQLite file path (or ':memory:'). */
  sqliteFile?: string;
  /** PostgreSQL schema to use (created if missing); tests use a fresh one per run. */
  pgSchema?: string;
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function openConfiguredDatabase(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseHandle {
  return openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileIn(config.dataDir) });
}

/** The SQLite file of a site whose DATA_DIR is `dataDir` (also what backups copy and restores replace). */
export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, 'site.sqlite');
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const dialect: DialectName = options.databaseUrl ? 'postgres' : 'sqlite';
  let kyselyDialect: SqliteDialect | PostgresDialect;
  let ping: () => Promise<void>;
  let closePing = async () => {};

  if (options.databaseUrl) {
    const schema = options.pgSchema;
    const pool = new (loadPg().Pool)({
      connectionString: options.databaseUrl,
      max: 10,
      // A fresh schema per test run keeps parallel runs apart.
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    kyselyDialect = new OwnSchemaPostgresDialect({ pool });
    let pingPool: pg.Pool | undefined;
    ping = async () => {
      // Opened on the first ping; closed after a minute without one, as load balancers ask every few seconds.
      if (!pingPool) {
        pingPool = new (loadPg().Pool)({ connectionString: options.databaseUrl, max: 1, idleTimeoutMillis: 60_000 });
        // An idle connection that breaks (a database restart) is dropped; the next ping opens another and says how it went.
        pingPool.on('error', () => {});
      }
      await pingPool.query('select 1');
    };
    closePing = async () => {
      await pingPool?.end();
    };
  } else {
    const file = options.sqliteFile ?? ':memory:';
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const Sqlite = require('better-sqlite3') as typeof SqliteDatabase;
    const sqlite = cacheStatements(new Sqlite(file));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    kyselyDialect = new SqliteDialect({ database: sqlite });
    ping = async () => {
      sqlite.prepare('select 1').get();
    };
  }

  const db = new Kysely<Database>({ dialect: kyselyDialect });
  const migrator = async () => {
    if (options.pgSchema) await db.schema.createSchema(options.pgSchema).ifNotExists().execute();
    return new Migrator({
      db,
      provider: { getMigrations: async () => migrations(dialect) },
      ...(options.pgSchema ? { migrationTableSchema: options.pgSchema } : {}),
    });
  };

  return {
    db,
    dialect,
    migrator,
    async migrate() {
      const { error, results } = await (await migrator()).migrateToLatest();
      const failed = results?.find((r) => r.status === 'Error');
      if (error || failed) {
        throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
      }
    },
    ping: () => ping(),
    async destroy() {
      await closePing();
      await db.destroy();
    },
  };
}
