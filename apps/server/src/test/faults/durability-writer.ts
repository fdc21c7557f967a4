/**
 * Child process of durability.test.ts: the real app (same routes, services and database code as
 * production) on the HOST and PORT the parent chose (../server-process.ts), over the database the
 * parent names. The parent waits for /api/health, drives writes over HTTP and kills it with SIGKILL.
 *
 * Environment: DURABILITY_DATA_DIR (SQLite: site.sqlite inside it, as in production) or
 * DURABILITY_DATABASE_URL + DURABILITY_PG_SCHEMA (PostgreSQL, a test schema: main.ts cannot
 * select a schema, so the handle is opened here and passed to buildApp).
 *
 * DURABILITY_KILL_AT=<n>:<before|after> makes the process SIGKILL itself right before or right
 * after its n-th write statement once listening. A kill from outside lands wherever the process
 * happens to be, which on SQLite is almost never inside a transaction: its statements run
 * synchronously in a fraction of a millisecond. Killing at a statement puts the kill inside
 * trades (between BEGIN and COMMIT, or after COMMIT before the answer) where atomicity matters.
 */
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type DatabaseHandle, openConfiguredDatabase, openDatabase } from '../../db/database.js';

let armed = false;
let writes = 0;

function injectKill(spec: string) {
  const [n, when] = spec.split(':');
  const target = Number(n);
  const after = when === 'after';
  const die = (): never => {
    process.kill(process.pid, 'SIGKILL');
    // A signal a process sends itself is delivered before kill() returns; never run on regardless.
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  };
  /** Runs one statement; SIGKILL right before it, or right after it (pg: once it resolved), when it is the chosen write. */
  const around = (sqlText: string, run: () => unknown): unknown => {
    const mine = armed && !/^\s*select\b/i.test(sqlText) ? ++writes : 0;
    // Pipes are synchronous on Linux, so the parent gets this line before the process dies.
    const note = () => process.stderr.write(`KILLED ${when} write ${mine}: ${sqlText.slice(0, 60)}\n`);
    if (mine === target && !after) {
      note();
      die();
    }
    const result = run();
    if (mine !== target || !after) return result;
    if (result instanceof Promise) {
      return result.then(() => {
        note();
        die();
      });
    }
    note();
    return die();
  };

  // better-sqlite3 statements (Kysely runs every query, BEGIN and COMMIT through these).
  const probe = new SqliteDatabase(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['run', 'all', 'get', 'iterate']) {
    const original = statement[method] as (...args: unknown[]) => unknown;
    statement[method] = function (this: { source: string }, ...args: unknown[]) {
      return around(this.source, () => original.apply(this, args));
    };
  }

  // pg: Kysely sends each statement with client.query(text, values) and awaits the promise.
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    return around(text, () => query.apply(this, args));
  };
}

async function main() {
  const dataDir = process.env.DURABILITY_DATA_DIR ?? '/nonexistent-durability-data-dir';
  const databaseUrl = process.env.DURABILITY_DATABASE_URL;
  const pgSchema = process.env.DURABILITY_PG_SCHEMA;
  if (process.env.DURABILITY_KILL_AT) injectKill(process.env.DURABILITY_KILL_AT);
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: process.env.HOST,
    PORT: process.env.PORT,
    DATA_DIR: dataDir,
    DATA_MODE: 'demo',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'durability-admin-password',
    SUDOKU_POOL_SIZE: '0',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const database: DatabaseHandle =
    databaseUrl && pgSchema
      ? openDatabase({ databaseUrl, pgSchema })
      : // The production path: site.sqlite in DATA_DIR with the production pragmas.
        openConfiguredDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: config.host, port: config.port });
  // The parent's /api/health polls that follow are reads (select 1): they count as no write.
  armed = true;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
