import { API_PREFIX, allRoutes, apiErrorSchema, endpoint } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeMatrix } from '../test/security/route-matrix.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../test/test-app.js';
import { endpointSchema, route } from './endpoint.js';

/** Test-only endpoints: one per kind of acting user. */
const claimed = endpoint(
  { method: 'GET', path: '/test/claimed', access: 'user', claimedUser: { in: 'query', name: 'userid' } },
  { tags: ['test'], summary: 'x', query: z.object({ userid: z.coerce.number().optional() }), errors: [401, 403] },
);
const claimedInBody = endpoint(
  { method: 'POST', path: '/test/claimed', access: 'user', claimedUser: { in: 'body', name: 'user_id' } },
  { tags: ['test'], summary: 'x', body: z.object({ user_id: z.number().optional(), n: z.number() }) },
);
const optional = endpoint(
  { method: 'GET', path: '/test/optional', access: 'optional-user', claimedUser: { in: 'query', name: 'user' } },
  { tags: ['test'], summary: 'x', query: z.object({ user: z.coerce.number().optional() }) },
);
const admin = endpoint({ method: 'GET', path: '/test/admin', access: 'admin' }, { tags: ['test'], summary: 'x' });

describe('route(): endpoints registered from the contract', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, (app) => {
      app.register(
        async (api) => {
          route(api, claimed, async (_request, { user }) => ({ id: user.id }));
          route(api, claimedInBody, async (request, { user }) => ({ id: user.id, n: request.body.n }));
          route(api, optional, async (_request, { user }) => ({ id: user?.id ?? null }));
          route(api, admin, async (_request, { user }) => ({ id: user.id }));
        },
        { prefix: API_PREFIX },
      );
    });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('registers every route of the contract’s table, each once, and no other API route', () => {
    const ours = new Set(['/api/test/claimed', '/api/test/optional', '/api/test/admin']);
    const registered = t.app.routeTable
      .map((r) => ({ method: r.method, url: r.url }))
      // The OpenAPI pages come from @fastify/swagger, not from the contract.
      .filter((r) => r.url.startsWith(`${API_PREFIX}/`) && !r.url.startsWith(`${API_PREFIX}/docs`))
      .filter((r) => !ours.has(r.url))
      .map((r) => `${r.method} ${r.url}`);
    const contract = allRoutes().map((r) => `${r.method} ${API_PREFIX}${r.path}`);
    expect(new Set(registered).size, 'a route is registered twice').toBe(registered.length);
    expect(new Set(contract).size, 'the contract lists a route twice').toBe(contract.length);
    expect([...registered].sort()).toEqual([...contract].sort());
  });

  it('hands the handler the signed-in user when the claimed user parameter is absent or names them', async () => {
    const none = await injectAs(t.app, alice, { method: 'GET', url: '/api/test/claimed' });
    expect(none.json()).toEqual({ id: alice.id });
    const own = await injectAs(t.app, alice, { method: 'GET', url: `/api/test/claimed?userid=${alice.id}` });
    expect(own.json()).toEqual({ id: alice.id });
    const body = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/test/claimed',
      payload: { user_id: alice.id, n: 7 },
    });
    expect(body.json()).toEqual({ id: alice.id, n: 7 });
  });

  it('refuses a claimed user who is not the signed-in one with 403, in the query or the body', async () => {
    const query = await injectAs(t.app, alice, { method: 'GET', url: `/api/test/claimed?userid=${bob.id}` });
    expect(query.statusCode).toBe(403);
    expect(query.json()).toEqual({ success: false, code: 403, message: 'You can only access your own data.' });
    const body = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/test/claimed',
      payload: { user_id: bob.id, n: 1 },
    });
    expect(body.statusCode).toBe(403);
  });

  it('answers 401 signed out before validating, and 403 to a non-admin on admin routes', async () => {
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/test/claimed', payload: 'not json' });
    expect(signedOut.statusCode).toBe(401);
    expect((await injectAs(t.app, alice, { method: 'GET', url: '/api/test/admin' })).statusCode).toBe(403);
  });

  it('optional-user: anyone may call; a signed-in caller is known and their claimed user checked', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/test/optional?user=${bob.id}` })).json()).toEqual({
      id: null,
    });
    expect((await injectAs(t.app, alice, { method: 'GET', url: '/api/test/optional' })).json()).toEqual({
      id: alice.id,
    });
    const other = await injectAs(t.app, alice, { method: 'GET', url: `/api/test/optional?user=${bob.id}` });
    expect(other.statusCode).toBe(403);
  });

  it('lists the endpoint’s error statuses as the API error format, next to its answer', () => {
    const schema = endpointSchema(claimed);
    expect(schema).toMatchObject({ tags: ['test'], summary: 'x', querystring: claimed.query });
    expect(schema.response).toEqual({ 401: apiErrorSchema, 403: apiErrorSchema });
    expect(endpointSchema(admin)).not.toHaveProperty('response');
  });
});

describe('the contract and the security tests’ route matrix', () => {
  it('agree on who may call each route and which take the seed user parameter', () => {
    const matrixAccess = { public: 'public', 'optional-user': 'public', user: 'user', admin: 'admin' } as const;
    for (const r of allRoutes()) {
      const key = `${r.method} ${API_PREFIX}${r.path}`;
      const entry = routeMatrix[key];
      expect(entry, key).toBeDefined();
      expect({ access: entry?.access, claimedUserParam: entry?.claimedUserParam ?? false }, key).toEqual({
        access: matrixAccess[r.access],
        claimedUserParam: r.claimedUser !== undefined,
      });
    }
  });
});

describe('route() types', () => {
  it('type the handler’s input and answer from the endpoint', () => {
    // Compile-time only: these registrations are never run.
    const check = (api: TestApp['app']) => {
      const answers = endpoint(
        { method: 'GET', path: '/x', access: 'public' },
        { tags: [], summary: 'x', response: z.object({ a: z.number() }) },
      );
      // @ts-expect-error: the answer must match the response schema
      route(api, answers, async () => ({ a: 'text' }));
      route(api, claimed, async (request, { user }) => {
        // @ts-expect-error: the query has no such field
        request.query.nothing;
        const id: number = user.id;
        return id;
      });
      route(api, optional, async (_request, { user }) => {
        // @ts-expect-error: optional-user handlers may have no user
        user.id;
      });
    };
    expect(check).toBeTypeOf('function');
  });
});
