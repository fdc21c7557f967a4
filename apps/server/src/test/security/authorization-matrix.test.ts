import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@site/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../integrations/mail/mailer.js';
import { snapshotDatabase } from '../db-snapshot.js';
import {
  createTestApp,
  injectAs,
  logIn,
  signUp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  type TestUser,
  uniqueName,
} from '../test-app.js';
import { testDatabaseKinds } from '../test-databases.js';
import { type DatabaseWatcher, databaseWatcher } from './fuzz-snapshot.js';
import { MatrixContext, type MatrixEntry, routeMatrix, splitKey } from './route-matrix.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const keys = Object.keys(routeMatrix);
const guarded = keys.filter((k) => ['user', 'admin'].includes(routeMatrix[k]?.access ?? ''));
const open = keys.filter((k) => !guarded.includes(k));

describe.each(testDatabaseKinds)('authorization matrix on %s', (kind) => {
  let t: TestApp;
  let ctx: MatrixContext;
  /** What a refused request changed (fuzz-snapshot.ts: rows read only when something was written). */
  let watcher: DatabaseWatcher;

  beforeAll(async () => {
    // With a mailer (nodemailer's JSON transport: built, never sent), so the reset request answers 200.
    t = await createTestApp(kind, { PUBLIC_URL: 'http://localhost' }, undefined, {
      mailer: createMailer({ jsonTransport: true }, 'Site <no-reply@localhost>'),
    });
    // Distinct prefixes: bob's answers must never contain alice's name, so it cannot be a prefix of his.
    const alice = await signUp(t.app, uniqueName('alice'));
    const bob = await signUp(t.app, uniqueName('bob'));
    const admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    ctx = new MatrixContext(t.app, { alice, bob, admin });
    watcher = await databaseWatcher(t.database.handle);
  });
  afterAll(() => t?.close());

  it('lists every registered route, and only those', () => {
    const registered = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(
      registered.filter((r) => !(r in routeMatrix)),
      'routes missing from route-matrix.ts',
    ).toEqual([]);
    expect(
      keys.filter((k) => !registered.includes(k)),
      'route-matrix.ts lists routes that no longer exist',
    ).toEqual([]);
  });

  it('snapshots every table, so "nothing changed" means something', async () => {
    const before = await snapshotDatabase(t.database.handle);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['users', 'sessions', 'todos', 'wallets']));
    expect(before.users?.length).toBeGreaterThanOrEqual(3);
    const watched = await watcher.watch(() => ctx.call(ctx.users.bob, 'POST', '/api/todo', { title: 'bob todo' }));
    expect(await snapshotDatabase(t.database.handle)).not.toEqual(before);
    // What refused() checks with sees it too: the count moves and the rows of todos differ.
    expect((await watched.changes()).map((line) => line.split(':')[0])).toContain('todos');
  });

  /**
   * Sends a request that must be refused with `status`, and checks that no table changed: nothing
   * was written (the count stands), or every table's rows are as before (a write that changed
   * nothing, such as a session's last use), as the fuzzer checks (fuzz-snapshot.ts).
   */
  async function refused(label: string, status: number, send: () => Promise<LightMyRequestResponse>) {
    const { result: res, changes } = await watcher.watch(send);
    expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
    expect(res.json(), label).toMatchObject({ success: false, code: status });
    // Work a route leaves for after its answer belongs to this request.
    await t.app.deps.afterResponse.settled();
    expect(await changes(), `${label} changed the database`).toEqual([]);
  }

  async function succeeds(label: string, entry: MatrixEntry, send: () => Promise<LightMyRequestResponse>) {
    const res = await send();
    const ok = entry.status ? res.statusCode === entry.status : res.statusCode >= 200 && res.statusCode < 300;
    expect(ok, `${label}: ${res.statusCode} ${res.body.slice(0, 500)}`).toBe(true);
    if (entry.consumes) ctx.consume();
    return res;
  }

  const inject = (options: InjectOptions) => t.app.inject(options);

  it.each(guarded)('%s', async (key) => {
    const entry = routeMatrix[key] as MatrixEntry;
    const { method } = splitKey(key);
    const { alice, bob, admin } = ctx.users;
    const owner = (await entry.owner?.(ctx)) ?? (entry.access === 'admin' ? admin : alice);
    // `undefined` leaves the seed's user parameter out; the owner's own requests name the owner.
    const build = async (seed: number | undefined) => ({ method, ...(await entry.request(ctx, seed)) });
    const as = async (user: TestUser, options: { via?: 'cookie' | 'token'; csrf?: boolean }) =>
      injectAs(t.app, user, { ...(await build(user.id)), ...options });

    const signedOut = await build(owner.id);
    await refused('signed out', 401, () => inject(signedOut));

    if (entry.access === 'admin') {
      const request = await build(undefined);
      await refused('a signed-in non-admin', 403, () => injectAs(t.app, alice, request));
    }
    if (entry.claimedUserParam) {
      // The seed's user parameter naming the owner, sent by someone else (their own session).
      const request = await build(owner.id);
      await refused('another user naming the owner', 403, () => injectAs(t.app, bob, request));
    }
    if (entry.foreign) {
      const request = await build(undefined);
      await refused("another user with the owner's resource", entry.foreign, () => injectAs(t.app, bob, request));
    } else if (method === 'GET' && entry.access === 'user') {
      // No resource in the request: another user gets their own data, never the owner's.
      const res = await succeeds('another user, own data', entry, async () =>
        injectAs(t.app, bob, await build(undefined)),
      );
      expect(res.body, 'another user sees the owner’s data').not.toContain(alice.username);
    }

    if (UNSAFE.has(method)) {
      const noCsrf = await build(owner.id);
      await refused('cookie without CSRF header', 403, () => injectAs(t.app, owner, { ...noCsrf, csrf: false }));
      // Cookie tossing: an attacker who can set the csrftoken cookie still lacks the session's token.
      const forged = await build(owner.id);
      await refused('cookie with a forged CSRF pair', 403, () =>
        inject({
          ...forged,
          headers: { ...forged.headers, [CSRF_HEADER]: 'forged' },
          cookies: { [SESSION_COOKIE]: owner.cookies[SESSION_COOKIE] ?? '', [CSRF_COOKIE]: 'forged' },
        }),
      );
    } else {
      await succeeds('cookie without CSRF header (safe method)', entry, () => as(owner, { csrf: false }));
    }
    await succeeds('cookie with CSRF header', entry, () => as(owner, {}));
    await succeeds('Authorization: Token, no CSRF', entry, () => as(owner, { via: 'token', csrf: false }));
  });

  it.each(open)('%s', async (key) => {
    const entry = routeMatrix[key] as MatrixEntry;
    const { method } = splitKey(key);
    const { alice, bob } = ctx.users;
    await succeeds('signed out', entry, async () => inject({ method, ...(await entry.request(ctx, undefined)) }));
    if (entry.claimedUserParam) {
      const request = { method, ...(await entry.request(ctx, alice.id)) };
      await refused('another user naming alice', 403, () => injectAs(t.app, bob, request));
    }
    if (UNSAFE.has(method) && !entry.csrfExempt) {
      const request = { method, ...(await entry.request(ctx, undefined)) };
      await refused('cookie without CSRF header', 403, () => injectAs(t.app, alice, { ...request, csrf: false }));
    }
  });
});
