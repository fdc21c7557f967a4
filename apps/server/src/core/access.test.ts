import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, injectAs, logIn, signUp, TEST_ADMIN_PASSWORD, type TestApp } from '../test/test-app.js';
import { assertClaimedUser, requireAdmin, requireUser } from './access.js';

/** The guards every later feature builds on, exercised through test-only routes. */
describe('auth guards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, (app) => {
      app.get('/api/test/private', { preHandler: requireUser }, async (request) => ({ id: request.user?.id }));
      app.post('/api/test/admin-only', { preHandler: requireAdmin }, async () => ({ ok: true }));
      app.get(
        '/api/test/seed-user',
        { preHandler: requireUser, schema: { querystring: z.object({ user: z.coerce.number().int().optional() }) } },
        async (request) => ({ id: assertClaimedUser(request, (request.query as { user?: number }).user).id }),
      );
    });
  });
  afterAll(() => t.close());

  it('requireUser: 401 signed out, the user signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/test/private' })).statusCode).toBe(401);
    const user = await signUp(t.app);
    const res = await injectAs(t.app, user, { method: 'GET', url: '/api/test/private' });
    expect(res.json()).toEqual({ id: user.id });
  });

  it('requireAdmin: 401 signed out, 403 for a plain user, allowed for the admin', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/test/admin-only' })).statusCode).toBe(401);
    const user = await signUp(t.app);
    const refused = await injectAs(t.app, user, { method: 'POST', url: '/api/test/admin-only' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 403 });
    const admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    expect((await injectAs(t.app, admin, { method: 'POST', url: '/api/test/admin-only' })).statusCode).toBe(200);
  });

  it("assertClaimedUser: accepts no user or one's own id, refuses another user's id with 403", async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const own = await injectAs(t.app, alice, { method: 'GET', url: `/api/test/seed-user?user=${alice.id}` });
    expect(own.json()).toEqual({ id: alice.id });
    const none = await injectAs(t.app, alice, { method: 'GET', url: '/api/test/seed-user' });
    expect(none.json()).toEqual({ id: alice.id });
    const other = await injectAs(t.app, alice, { method: 'GET', url: `/api/test/seed-user?user=${bob.id}` });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ success: false, code: 403, message: 'You can only access your own data.' });
  });
});
