import { apiErrorSchema, idSchema, portfolioFieldsSchema, SESSION_COOKIE } from '@site/contract';
import fc from 'fast-check';
import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../integrations/mail/mailer.js';
import { snapshotDatabase } from '../db-snapshot.js';
import {
  createTestApp,
  injectAs,
  logIn,
  signUp,
  TEST_ADMIN_PASSWORD,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../test-app.js';
import type { TestDatabaseKind } from '../test-databases.js';
import {
  deepArray,
  deepObject,
  type FuzzBody,
  type FuzzRequest,
  type FuzzValues,
  jsonObjectBody,
  malformedMultipart,
  multipartForm,
  nonObjectBody,
  pathParams,
  queryString,
  rawBody,
  urlencodedBody,
} from './fuzz-arbitraries.js';
import { type ObjectSpec, objectSpec } from './fuzz-schema.js';
import { type DatabaseWatcher, databaseWatcher } from './fuzz-snapshot.js';

/*
 * Property-based fuzzing of every API route. Inputs are derived from each route's zod
 * schema; whatever comes in, the answer must be a 2xx or a 4xx in the standard error format, never
 * a 5xx, and a refused request must leave every table as it was.
 *
 * Reproduce a failure with the printed FUZZ_SEED (and FUZZ_RUNS); raise FUZZ_RUNS for a longer hunt.
 * fuzz.sqlite.test.ts and fuzz.postgres.test.ts run it on one database each, so the two runs, the
 * suite's longest file before, go to two test workers.
 */

const envInt = (name: string, fallback: number) => {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isInteger(value) ? value : fallback;
};
const BASE_SEED = envInt('FUZZ_SEED', 20_240_609);
const RUNS = Math.max(1, envInt('FUZZ_RUNS', 50));

interface FuzzRoute {
  method: HTTPMethods;
  url: string;
  body: ObjectSpec | undefined;
  query: ObjectSpec | undefined;
  /** Takes urlencoded and multipart forms besides JSON. */
  forms: boolean;
  /** Sent as the admin: portfolio changes and /api/admin/ are admin-only, and a plain user would stop at the 403. */
  admin: boolean;
}

/** Routes that read their body themselves (multipart uploads) rather than through `schema.body`. */
const SELF_PARSED_BODIES: Record<string, ObjectSpec | undefined> = {
  'POST /api/portfolio/create': objectSpec(portfolioFieldsSchema),
  'PUT /api/portfolio/update/:id': objectSpec(portfolioFieldsSchema),
};

function fuzzRoute(entry: { method: HTTPMethods; url: string; schema: unknown }): FuzzRoute {
  const schema = (entry.schema ?? {}) as { body?: unknown; querystring?: unknown; consumes?: string[] };
  const key = `${entry.method} ${entry.url}`;
  const selfParsed = SELF_PARSED_BODIES[key];
  return {
    method: entry.method,
    url: entry.url,
    body: selfParsed ?? objectSpec(schema.body),
    query: objectSpec(schema.querystring),
    forms: selfParsed !== undefined || (schema.consumes ?? []).some((type) => type.startsWith('multipart/')),
    admin: entry.url.startsWith('/api/portfolio') || entry.url.startsWith('/api/admin/'),
  };
}

/** The routes as the app registers them, so a route added later is fuzzed without editing this file. */
async function discoverRoutes(): Promise<FuzzRoute[]> {
  const t = await createTestApp('sqlite');
  try {
    return t.app.routeTable.filter((r) => !r.url.startsWith('/api/docs')).map(fuzzRoute);
  } finally {
    await t.close();
  }
}

const routes = await discoverRoutes();
const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

function requestArbitrary(route: FuzzRoute, values: FuzzValues): fc.Arbitrary<FuzzRequest> {
  const tag = (kind: string, arbitrary: fc.Arbitrary<FuzzBody | undefined>) =>
    arbitrary.map((body) => ({ kind, body }));
  const bodies: fc.WeightedArbitrary<{ kind: string; body: FuzzBody | undefined }>[] = [];
  if (hasBody(route.method)) {
    bodies.push(
      { weight: 6, arbitrary: tag('json object', jsonObjectBody(route.body, values)) },
      { weight: 2, arbitrary: tag('json non-object', nonObjectBody(route.body, values)) },
      { weight: 2, arbitrary: tag('raw body', rawBody(route.body, values)) },
      { weight: 1, arbitrary: tag('no body', fc.constant(undefined)) },
    );
    if (route.forms && route.body) {
      bodies.push(
        { weight: 2, arbitrary: tag('urlencoded form', urlencodedBody(route.body, values)) },
        { weight: 3, arbitrary: tag('multipart form', multipartForm(route.body, values)) },
        { weight: 1, arbitrary: tag('malformed multipart', malformedMultipart) },
      );
    }
  } else {
    bodies.push({ weight: 1, arbitrary: tag('query', fc.constant(undefined)) });
  }
  return fc
    .tuple(fc.oneof(...bodies), queryString(route.query, values), pathParams(route.url, values))
    .map(([{ kind, body }, query, params]) => ({ kind, body, query, params }));
}

/**
 * Inputs every route gets on every run, whatever the seed: the shapes that classically crash
 * parsers and validators (null, arrays, 10k-deep nesting at the top and inside each field;
 * repeated and empty query parameters).
 */
function fixedExamples(route: FuzzRoute): FuzzRequest[] {
  const params = Object.fromEntries([...route.url.matchAll(/:(\w+)/g)].map((m) => [m[1] ?? '', '1']));
  const names = [...(route.body?.fields ?? []), ...(route.query?.fields ?? [])].map((f) => f.name);
  const query = (text: string, kind: string): FuzzRequest => ({
    kind: `fixed: ${kind}`,
    query: text,
    params,
    body: undefined,
  });
  const examples = [query('', 'no query'), ...names.map((n) => query(`${n}=&${n}=1&${n}=x`, `repeated ${n}`))];
  if (!hasBody(route.method)) return examples;
  const json = (payload: string, kind: string): FuzzRequest => ({
    kind: `fixed: ${kind}`,
    query: '',
    params,
    body: { type: 'raw', payload, contentType: 'application/json' },
  });
  return [
    ...examples,
    json('null', 'null body'),
    json('[]', 'array body'),
    json(deepArray().text, '10k-deep array'),
    json(deepObject().text, '10k-deep object'),
    ...(route.body?.fields ?? []).map((f) => json(`{"${f.name}":${deepArray().text}}`, `10k-deep ${f.name}`)),
  ];
}

/** The signed-in users, replaced when a request ends their session (POST /api/logout). */
interface Actor {
  current: TestUser;
  password: string;
}

interface FuzzContext {
  t: TestApp;
  user: Actor;
  admin: Actor;
  values: FuzzValues;
  /** What a request changed (fuzz-snapshot.ts): rows are read only when something was written. */
  database: DatabaseWatcher;
  clients: number;
  /** Answers per route and status, printed with FUZZ_STATS=1. */
  statuses: Record<string, Record<number, number>>;
  /** The fuzzer's own accounts (user, other, admin), which the admin's user calls must not disable or delete. */
  protectedUserIds: number[];
  /** The account those calls act on instead. */
  spareUserId: number;
}

async function setUp(kind: TestDatabaseKind): Promise<FuzzContext> {
  // Fuzzed log-outs are followed by a fresh log-in from 127.0.0.1: more than the per-address limit.
  // A mailer (nodemailer's JSON transport: nothing leaves the process), so reset requests are answered.
  const t = await createTestApp(
    kind,
    { LOGIN_MAX_ATTEMPTS_PER_IP: '1000000', PUBLIC_URL: 'http://localhost' },
    undefined,
    {
      mailer: createMailer({ jsonTransport: true }, 'Site <no-reply@localhost>'),
    },
  );
  // Fixed names (each run has a fresh database), so the generated inputs depend on the seed alone.
  const user = await signUp(t.app, 'fuzz_user');
  const other = await signUp(t.app, 'fuzz_other');
  const admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  const spare = await signUp(t.app, 'fuzz_spare');

  // Rows the fuzzer can name: some inputs then reach the handlers' "found" and "someone else's" paths.
  const ok = async (as: TestUser, options: InjectOptions) => {
    const res = await injectAs(t.app, as, options);
    if (res.statusCode !== 200) throw new Error(`fixture ${options.method} ${options.url}: ${res.body}`);
    return res.json();
  };
  const todo = await ok(user, { method: 'POST', url: '/api/todo', payload: { title: 'Fixture' } });
  const othersTodo = await ok(other, { method: 'POST', url: '/api/todo', payload: { title: 'Not yours' } });
  const wallet = await ok(user, { method: 'POST', url: '/api/finance/create_wallet', payload: { wallet_name: 'W' } });
  const walletId = wallet.wallet.wallet_id as number;
  await ok(user, {
    method: 'POST',
    url: '/api/finance/add_stock_to_wallet',
    payload: { wallet_id: walletId, symbol: 'AAPL', quantity: 3 },
  });
  await ok(user, { method: 'POST', url: '/api/finance/add_watchlist', payload: { symbol: 'MSFT' } });
  const game = await ok(user, { method: 'GET', url: '/api/sudoku/play?difficulty=easy' });
  const favorite = await ok(user, {
    method: 'POST',
    url: '/api/weather',
    payload: { address: 'Berlin', lat: 52.52, lon: 13.405 },
  });

  const ids = [todo.id, othersTodo.id, walletId, game.id, favorite.locationId, other.id, 1, 2, 3];
  return {
    t,
    user: { current: user, password: TEST_PASSWORD },
    admin: { current: admin, password: TEST_ADMIN_PASSWORD },
    // The other user's name and e-mail let some sign-ups hit "taken" and some log-ins succeed.
    values: {
      userId: user.id,
      ids: [...new Set(ids)],
      strings: [other.username, `${other.username}@example.com`, TEST_PASSWORD],
    },
    database: await databaseWatcher(t.database.handle),
    clients: 0,
    statuses: {},
    protectedUserIds: [user.id, other.id, admin.id],
    spareUserId: spare.id,
  };
}

/** Each request from its own address, so per-client rate limits measure nothing but the fuzzer's variety. */
function nextClient(ctx: FuzzContext) {
  const n = ++ctx.clients;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function injectOptions(route: FuzzRoute, request: FuzzRequest): Promise<InjectOptions> {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => request.params[name] ?? '');
  const url = request.query ? `${path}?${request.query}` : path;
  const body = request.body;
  if (!body) return { method: route.method, url };
  if (body.type === 'raw') {
    return {
      method: route.method,
      url,
      payload: body.payload,
      headers: body.contentType === undefined ? {} : { 'content-type': body.contentType },
    };
  }
  // The browser's own encoder, as the seed's FormData posts are made (repeated names kept).
  const form = new FormData();
  for (const [name, value] of body.fields) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new File([new Uint8Array(value.file)], value.name, { type: value.type }));
  }
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    method: route.method,
    url,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

const strictErrorSchema = apiErrorSchema.strict();

/** Throws (with a readable reason) unless the answer is an acceptable one. */
function checkAnswer(res: LightMyRequestResponse) {
  const status = res.statusCode;
  if (status >= 500) throw new Error(`answered ${status}: ${res.body.slice(0, 500)}`);
  if (status < 400) return;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json'))
    throw new Error(`${status} with content type "${type}": ${res.body.slice(0, 300)}`);
  let body: unknown;
  try {
    body = res.json();
  } catch {
    throw new Error(`${status} with a body that is not JSON: ${res.body.slice(0, 300)}`);
  }
  const parsed = strictErrorSchema.safeParse(body);
  if (!parsed.success || parsed.data.code !== status || parsed.data.message.trim() === '') {
    throw new Error(`${status} with a non-standard error body: ${res.body.slice(0, 500)}`);
  }
}

const endsSession = (res: LightMyRequestResponse) =>
  res.cookies.some((c) => c.name === SESSION_COOKIE && c.value === '');

/**
 * The admin's user calls may disable or delete the user they name: an id that names one of the
 * fuzzer's own accounts is turned into the spare account's, so the fuzzer keeps its users.
 */
function spareTheFuzzer(ctx: FuzzContext, route: FuzzRoute, request: FuzzRequest): FuzzRequest {
  if (!route.url.startsWith('/api/admin/users/:id')) return request;
  const id = idSchema.safeParse(request.params.id);
  if (!id.success || !ctx.protectedUserIds.includes(id.data)) return request;
  return { ...request, params: { ...request.params, id: String(ctx.spareUserId) } };
}

async function exercise(ctx: FuzzContext, route: FuzzRoute, fuzzed: FuzzRequest) {
  const actor = route.admin ? ctx.admin : ctx.user;
  const request = spareTheFuzzer(ctx, route, fuzzed);
  const { result: res, changes } = await ctx.database.watch(async () => {
    const answer = await injectAs(ctx.t.app, actor.current, {
      ...(await injectOptions(route, request)),
      remoteAddress: nextClient(ctx),
    });
    // Work a route leaves for after its answer (a reset request's lookup) belongs to this request.
    await ctx.t.app.deps.afterResponse.settled();
    return answer;
  });
  const key = `${route.method} ${route.url}`;
  const statuses = ctx.statuses[key] ?? {};
  statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
  ctx.statuses[key] = statuses;
  checkAnswer(res);
  if (endsSession(res)) {
    // Log-out worked (or the session vanished): sign in again so later requests stay authenticated.
    actor.current = await logIn(ctx.t.app, actor.current.username, actor.password);
    return;
  }
  if (res.statusCode < 400) return;
  // Nothing written: nothing to compare (most refusals end here).
  const changed = await changes();
  if (changed.length > 0) throw new Error(`refused with ${res.statusCode} but changed rows: ${changed.join('; ')}`);
}

const cut = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

function describeRequest(route: FuzzRoute, request: FuzzRequest): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => request.params[name] ?? '');
  const lines = [`${route.method} ${cut(path, 200)}${request.query ? `?${cut(request.query)}` : ''} [${request.kind}]`];
  const body = request.body;
  if (body?.type === 'raw') {
    lines.push(`content-type: ${body.contentType === undefined ? '(none)' : cut(body.contentType, 80)}`);
    lines.push(
      `body: ${cut(typeof body.payload === 'string' ? body.payload : `<bytes ${body.payload.toString('hex')}>`)}`,
    );
  } else if (body) {
    const fields = body.fields.map(([k, v]) => [
      cut(k, 60),
      typeof v === 'string' ? cut(v, 100) : `<file ${v.name} ${v.file.length} bytes>`,
    ]);
    lines.push(`multipart: ${JSON.stringify(fields)}`);
  }
  return lines.join('\n  ');
}

/** A stable seed per route, so one route's failure replays without running the others. */
function routeSeed(route: FuzzRoute) {
  let hash = BASE_SEED | 0;
  for (const ch of `${route.method} ${route.url}`) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return hash;
}

/** The fuzzer's tests on one database (each test file names its own). */
export function fuzzEveryRoute(kind: TestDatabaseKind) {
  describe(`fuzzing every API route on ${kind}`, () => {
    let ctx: FuzzContext;
    let started = 0;

    beforeAll(async () => {
      started = Date.now();
      ctx = await setUp(kind);
    }, 120_000);
    afterAll(async () => {
      if (process.env.FUZZ_STATS) {
        // How far the inputs got: mostly 400 is expected, but every route should see some 2xx/403/404 too.
        for (const [route, statuses] of Object.entries(ctx?.statuses ?? {})) {
          console.info(`${route.padEnd(45)} ${JSON.stringify(statuses)}`);
        }
      }
      console.info(
        `fuzz ${kind}: ${routes.length} routes × ${RUNS} runs, seed ${BASE_SEED}, ${Date.now() - started} ms`,
      );
      await ctx?.t.close();
    });

    it('finds the routes to fuzz', () => {
      expect(routes.length).toBeGreaterThan(40);
    });

    it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
      '%s: 2xx or a standard 4xx, and nothing changes when refused',
      async (_name, route) => {
        const seed = routeSeed(route);
        const details = await fc.check(
          fc.asyncProperty(requestArbitrary(route, ctx.values), (request) => exercise(ctx, route, request)),
          // Shrinking would replay huge inputs for minutes; the failing input is printed as found.
          { seed, numRuns: RUNS, endOnFailure: true, examples: fixedExamples(route).map((r) => [r] as [FuzzRequest]) },
        );
        if (details.failed) {
          const [request] = details.counterexample ?? [];
          const error =
            details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          throw new Error(
            [
              `${route.method} ${route.url} failed on run ${details.numRuns} of ${RUNS}: ${cut(error, 1500)}`,
              request ? `request: ${describeRequest(route, request)}` : 'request: (none)',
              `reproduce: FUZZ_SEED=${BASE_SEED} FUZZ_RUNS=${RUNS} npx vitest run src/test/security/fuzz.${kind}.test.ts`,
              `  (-t "${route.method} ${route.url}:" runs this route alone, from a fresher database)`,
              `(fast-check seed ${details.seed}, path ${details.counterexamplePath})`,
            ].join('\n'),
          );
        }
      },
      60_000,
    );

    it('refuses a body over the size limit with 413 and changes nothing', async () => {
      const body = (bytes: number) => JSON.stringify({ title: 'x'.repeat(bytes) });
      // Just over the 1 MiB default, and 6 MiB: over every limit, the 5 MiB image uploads' included.
      const justOver = body(1024 * 1024);
      const huge = body(6 * 1024 * 1024);
      const hugeForm = `title=${'x'.repeat(6 * 1024 * 1024)}`;
      const form = new FormData();
      form.append('title', 'Too big');
      form.append('image', new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
      const encoded = new Request('http://localhost/', { method: 'POST', body: form });
      const multipartType = encoded.headers.get('content-type') ?? '';
      const hugeMultipart = Buffer.from(await encoded.arrayBuffer());
      const before = await snapshotDatabase(ctx.t.database.handle);
      for (const route of routes.filter((r) => hasBody(r.method))) {
        const actor = route.admin ? ctx.admin : ctx.user;
        const url = route.url.replace(/:(\w+)/g, '1');
        const uploads = `${route.method} ${route.url}` in SELF_PARSED_BODIES;
        const cases: [string, string | Buffer, string][] = [
          ['application/json', huge, ''],
          ['application/x-www-form-urlencoded', hugeForm, ''],
          ['text/plain', huge, ''],
        ];
        if (!uploads) cases.push(['application/json', justOver, ' (just over 1 MiB)']);
        if (route.forms) cases.push([multipartType, hugeMultipart, ' (multipart)']);
        for (const [contentType, payload, note] of cases) {
          const res = await injectAs(ctx.t.app, actor.current, {
            method: route.method,
            url,
            payload,
            headers: { 'content-type': contentType },
            remoteAddress: nextClient(ctx),
          });
          // A type the route does not take may be refused (415) before the size is looked at.
          const where = `${route.method} ${url} as ${contentType.split(';')[0]}${note}: ${res.body.slice(0, 200)}`;
          expect([413, 415], where).toContain(res.statusCode);
          checkAnswer(res);
        }
      }
      expect(await snapshotDatabase(ctx.t.database.handle)).toEqual(before);
    });
  });
}
