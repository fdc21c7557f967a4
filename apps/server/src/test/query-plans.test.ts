import { CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/database.js';
import { createMailer } from '../integrations/mail/mailer.js';
import { MatrixContext, type MatrixEntry, routeMatrix, splitKey } from './security/route-matrix.js';
import { injectAs, logIn, signUp, TEST_ADMIN_PASSWORD, testConfig, uniqueName } from './test-app.js';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from './test-databases.js';

/** Pages that read a table whole by design, with the reason. */
const WHOLE_READS_BY_ROUTE: Record<string, string[]> = {
  // Every stored size of the owner's photo: never more than four rows.
  'GET /sitemap.xml': ['site_avatar_files'],
  'GET /api/profile/avatar': ['site_avatar_files'],
  // The admin's user search matches any part of a name or an address (no B-tree index serves
  // `like '%…%'`), 25 a page.
  'GET /api/admin/users': ['users', 'page'],
};

/**
 * docs/decisions.md#queries-read-through-indexes: every query a page's GET sends (each GET route
 * of the authorization matrix, called by its owner to success) reads its tables through an index,
 * on both databases. PostgreSQL is asked with sequential scans priced out, so a plan that still
 * scans a table has no index it could use; SQLite says SCAN where it reads a table whole.
 */
describe.each(testDatabaseKinds)('query plans of the pages’ reads on %s', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let ctx: MatrixContext;
  let capturing = false;
  const queries = new Map<string, { parameters: readonly unknown[]; route: string }>();
  let route = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const executor = database.handle.db.getExecutor();
    const capture: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        if (capturing && (node.kind === 'SelectQueryNode' || node.kind === 'RawNode')) {
          const compiled = executor.compileQuery(node, queryId);
          if (/^\s*(select|with)\b/i.test(compiled.sql) && !queries.has(compiled.sql))
            queries.set(compiled.sql, { parameters: compiled.parameters, route });
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const handle: DatabaseHandle = { ...database.handle, db: database.handle.db.withPlugin(capture) };
    app = await buildApp({
      config: testConfig({ PUBLIC_URL: 'http://localhost' }),
      database: handle,
      logger: false,
      overrides: { mailer: createMailer({ jsonTransport: true }, 'Site <no-reply@localhost>') },
    });
    await app.ready();
    const alice = await signUp(app, uniqueName('alice'));
    const bob = await signUp(app, uniqueName('bob'));
    const admin = await logIn(app, 'admin', TEST_ADMIN_PASSWORD);
    ctx = new MatrixContext(app, { alice, bob, admin });

    for (const key of Object.keys(routeMatrix)) {
      const { method } = splitKey(key);
      const entry = routeMatrix[key] as MatrixEntry;
      if (method !== 'GET' || entry.access === 'public-docs') continue;
      const owner = (await entry.owner?.(ctx)) ?? (entry.access === 'admin' ? admin : alice);
      const request = await entry.request(ctx, owner.id);
      route = key;
      capturing = true;
      const res = await injectAs(app, owner, { method, ...request, via: 'token' });
      capturing = false;
      if (res.statusCode >= 400) throw new Error(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** The tables a query's plan reads whole. */
  async function tablesScanned(text: string, parameters: readonly unknown[]): Promise<string[]> {
    const db = database.handle.db;
    if (kind === 'sqlite') {
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      // "SCAN todos" reads the table; "SCAN t USING INDEX …" walks an index; a CTE or subquery's own rows are not a table.
      return plan.rows
        .map((row) => /^SCAN (\w+)$/.exec(row.detail)?.[1])
        .filter((table): table is string => table !== undefined);
    }
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const plan = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (format json) ${text}`, [...parameters]),
      );
      const scanned: string[] = [];
      const walk = (node: Record<string, unknown>) => {
        if (node['Node Type'] === 'Seq Scan') scanned.push(String(node['Relation Name']));
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      const [top] = (plan.rows[0]?.['QUERY PLAN'] ?? []) as { Plan: Record<string, unknown> }[];
      if (top) walk(top.Plan);
      return scanned;
    });
  }

  it('reads no table whole, but where an admin page says why', async () => {
    expect(queries.size).toBeGreaterThan(40);
    const found: string[] = [];
    for (const [text, { parameters, route: from }] of queries) {
      const allowed = WHOLE_READS_BY_ROUTE[from] ?? [];
      const scanned = (await tablesScanned(text, parameters)).filter((table) => !allowed.includes(table));
      if (scanned.length > 0) found.push(`${from}: ${scanned.join(', ')} in ${text.slice(0, 300)}`);
    }
    expect(found).toEqual([]);
  });
});
