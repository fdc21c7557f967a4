import fs from 'node:fs';
import path from 'node:path';
import { adminStatusResponseSchema, NOTICE_PARAGRAPHS_MAX, sudokuDifficultySchema } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, readFixture, startFakeUpstream } from '../../integrations/testing/fake-upstream.js';
import {
  createTestApp,
  createTestAppWithUsers,
  injectAs,
  logIn,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { instanceFacts } from './index.js';
import { NOTICE_KEY, siteAdminRepository } from './site-admin.repository.js';
import { NOTICE_CACHE_MS, siteAdminService } from './site-admin.service.js';

const rootVersion = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

const FORECAST = readFixture(new URL('../../integrations/weather/fixtures/open-meteo-forecast.json', import.meta.url));
const NOTICE = { title: 'Maintenance tonight', paragraphs: ['The site is down from 22:00.', 'Write to {email}.'] };

describe.each(testDatabaseKinds)('site admin on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;

  beforeAll(async () => {
    ({ t, admin, user: alice } = await createTestAppWithUsers(kind));
  });
  afterAll(() => t.close());

  const storedNotice = async () =>
    (
      await t.database.handle.db
        .selectFrom('site_settings')
        .select('value')
        .where('key', '=', NOTICE_KEY)
        .executeTakeFirst()
    )?.value;
  const publicNotice = async () => {
    const res = await t.app.inject({ url: '/api/site/notice' });
    expect(res.statusCode).toBe(200);
    return res.json().notice;
  };

  describe('GET /api/admin/status', () => {
    it('reports the database, Redis, data mode, pool, version and uptime', async () => {
      const res = await injectAs(t.app, admin, { url: '/api/admin/status' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const status = adminStatusResponseSchema.parse(res.json());
      expect(status.database.kind).toBe(kind);
      // The test database is a real file (SQLite) or a real database (PostgreSQL).
      expect(status.database.size_bytes).toBeGreaterThan(0);
      expect(status.redis).toBe('off');
      expect(status.data_mode).toBe('demo');
      expect(status.providers).toEqual([]);
      expect(status.sudoku_pool).toEqual(
        sudokuDifficultySchema.options.map((difficulty) => ({ difficulty, size: 0, target: 0 })),
      );
      expect(status.version).toBe(rootVersion);
      expect(Date.parse(status.started_at)).toBeLessThanOrEqual(Date.now());
      expect(status.uptime_seconds).toBe(Math.floor((Date.now() - Date.parse(status.started_at)) / 1000));
    });

    // PostgreSQL's size is the whole test database, which other suites fill and empty meanwhile,
    // so this is defined for SQLite only (not skipped on PostgreSQL: the suite counts no skips).
    const sqliteOnly = kind === 'sqlite' ? it : undefined;
    sqliteOnly?.('grows with the data', async () => {
      const size = async () => (await injectAs(t.app, admin, { url: '/api/admin/status' })).json().database.size_bytes;
      const before = await size();
      const rows = Array.from({ length: 400 }, (_, i) => ({
        user_id: alice.id,
        title: `Row ${i} ${'x'.repeat(200)}`,
        description: 'y'.repeat(500),
        completed: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      }));
      await t.database.handle.db.insertInto('todos').values(rows).execute();
      expect(await size()).toBeGreaterThan(before);
    });

    it.runIf(process.env.TEST_REDIS_URL)('reports a configured Redis that answers as ok', async () => {
      const withRedis = await createTestApp(kind, {
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
        REDIS_KEY_PREFIX: `status-test-${process.pid}:`,
      });
      try {
        const redisAdmin = await logIn(withRedis.app, 'admin', TEST_ADMIN_PASSWORD);
        const res = await injectAs(withRedis.app, redisAdmin, { url: '/api/admin/status' });
        expect(res.json().redis).toBe('ok');
      } finally {
        await withRedis.close();
      }
    });

    it('is refused to a signed-in user who is not the admin (403) and to nobody (401)', async () => {
      const other = await injectAs(t.app, alice, { url: '/api/admin/status' });
      expect(other.statusCode).toBe(403);
      expect(other.body).not.toContain('size_bytes');
      const nobody = await t.app.inject({ url: '/api/admin/status' });
      expect(nobody.statusCode).toBe(401);
      expect(nobody.body).not.toContain('size_bytes');
    });
  });

  describe('providers in live mode', () => {
    let upstream: FakeUpstream;
    let live: TestApp;
    beforeAll(async () => {
      upstream = await startFakeUpstream();
      live = await createTestApp(kind, {
        DATA_MODE: 'live',
        OPEN_METEO_BASE_URL: upstream.baseUrl,
        PHOTON_BASE_URL: upstream.baseUrl,
        NWS_BASE_URL: upstream.baseUrl,
        SUDOKU_POOL_SIZE: '1',
      });
    });
    afterAll(async () => {
      await live.close();
      await upstream.close();
    });

    it('lists every configured provider, and the calls, failures and last error of each since start', async () => {
      const liveAdmin = await logIn(live.app, 'admin', TEST_ADMIN_PASSWORD);
      const status = async () => {
        const res = await injectAs(live.app, liveAdmin, { url: '/api/admin/status' });
        expect(res.statusCode).toBe(200);
        return adminStatusResponseSchema.parse(res.json());
      };
      const first = await status();
      expect(first.data_mode).toBe('live');
      expect(first.providers.map((p) => [p.provider, p.calls])).toEqual([
        ['nws', 0],
        ['open-meteo', 0],
        ['photon', 0],
        ['yahoo', 0],
      ]);

      upstream.on('/v1/forecast', { status: 503 });
      const failed = await live.app.inject({ url: '/api/weather?lat=48.85&lon=2.35&formatted=Paris' });
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      upstream.on('/v1/forecast', { body: FORECAST });
      const ok = await live.app.inject({ url: '/api/weather?lat=48.85&lon=2.35&formatted=Paris' });
      expect(ok.statusCode, ok.body).toBe(200);

      const openMeteo = (await status()).providers.find((p) => p.provider === 'open-meteo');
      expect(openMeteo).toMatchObject({ calls: 2, failures: 1, error_rate: 0.5 });
      expect(openMeteo?.last_error).toMatch(/HTTP 503/);
      expect(Date.parse(openMeteo?.last_success_at ?? '')).toBeGreaterThanOrEqual(
        Date.parse(openMeteo?.last_failure_at ?? ''),
      );
    });

    it('shows the Sudoku pool filling towards SUDOKU_POOL_SIZE', async () => {
      const liveAdmin = await logIn(live.app, 'admin', TEST_ADMIN_PASSWORD);
      const pool = async () =>
        adminStatusResponseSchema.parse((await injectAs(live.app, liveAdmin, { url: '/api/admin/status' })).json())
          .sudoku_pool;
      expect((await pool()).every((level) => level.target === 1)).toBe(true);
      // The pool fills in the background after start: the status follows it.
      await expect
        .poll(async () => (await pool()).map((level) => level.size), { timeout: 20_000, interval: 100 })
        .toEqual([1, 1, 1]);
    });
  });

  describe('site notice', () => {
    it('is null until the admin sets one, then shows to everyone, and goes back to null on reset', async () => {
      expect(await publicNotice()).toBeNull();
      const set = await injectAs(t.app, admin, { method: 'PUT', url: '/api/admin/notice', payload: NOTICE });
      expect(set.statusCode, set.body).toBe(200);
      const saved = set.json().notice;
      expect(saved).toMatchObject(NOTICE);
      expect(Date.parse(saved.updated_at)).not.toBeNaN();
      expect(await publicNotice()).toEqual(saved);
      expect(JSON.parse((await storedNotice()) ?? '')).toEqual(saved);
      // Signed in or not, everyone reads the same notice.
      expect((await injectAs(t.app, alice, { url: '/api/site/notice' })).json().notice).toEqual(saved);

      const reset = await injectAs(t.app, admin, { method: 'DELETE', url: '/api/admin/notice' });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ notice: null });
      expect(await publicNotice()).toBeNull();
      expect(await storedNotice()).toBeUndefined();
      // Resetting again is harmless.
      expect((await injectAs(t.app, admin, { method: 'DELETE', url: '/api/admin/notice' })).json()).toEqual({
        notice: null,
      });
    });

    it('trims the text and replaces the whole notice', async () => {
      await injectAs(t.app, admin, { method: 'PUT', url: '/api/admin/notice', payload: NOTICE });
      const res = await injectAs(t.app, admin, {
        method: 'PUT',
        url: '/api/admin/notice',
        payload: { title: '  Hello  ', paragraphs: [' One paragraph only. '] },
      });
      expect(res.statusCode).toBe(200);
      expect(await publicNotice()).toMatchObject({ title: 'Hello', paragraphs: ['One paragraph only.'] });
    });

    it('answers 304 to a browser that has the current notice, and a new ETag after a change', async () => {
      const first = await t.app.inject({ url: '/api/site/notice' });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await t.app.inject({ url: '/api/site/notice', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await injectAs(t.app, admin, {
        method: 'PUT',
        url: '/api/admin/notice',
        payload: { title: 'Changed', paragraphs: ['New text.'] },
      });
      const changed = await t.app.inject({ url: '/api/site/notice', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().notice.title).toBe('Changed');
      expect(changed.headers.etag).not.toBe(etag);
    });

    it.each([
      ['no title', { paragraphs: ['x'] }, /Title/],
      ['a blank title', { title: '   ', paragraphs: ['x'] }, /Title is required/],
      ['a title too long', { title: 't'.repeat(121), paragraphs: ['x'] }, /at most 120/],
      ['no paragraphs', { title: 'T', paragraphs: [] }, /at least one paragraph/],
      ['paragraphs not a list', { title: 'T', paragraphs: 'text' }, /list/],
      ['too many paragraphs', { title: 'T', paragraphs: Array(NOTICE_PARAGRAPHS_MAX + 1).fill('p') }, /At most/],
      ['a paragraph too long', { title: 'T', paragraphs: ['p'.repeat(1001)] }, /at most 1000/],
      ['an empty paragraph', { title: 'T', paragraphs: ['ok', ' '] }, /Paragraph is required/],
      ['a control character', { title: 'T\u0007', paragraphs: ['x'] }, /control characters/],
      ['a text-direction override', { title: 'T', paragraphs: ['\u202Eevil'] }, /text-direction/],
    ])('refuses %s with a 400 and keeps the notice', async (_name, payload, message) => {
      await injectAs(t.app, admin, { method: 'PUT', url: '/api/admin/notice', payload: NOTICE });
      const before = await storedNotice();
      const res = await injectAs(t.app, admin, { method: 'PUT', url: '/api/admin/notice', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(await storedNotice()).toBe(before);
      expect(await publicNotice()).toMatchObject(NOTICE);
    });

    it('refuses a body that is not JSON with a 400', async () => {
      const before = await storedNotice();
      const res = await injectAs(t.app, admin, {
        method: 'PUT',
        url: '/api/admin/notice',
        payload: '{"title":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(await storedNotice()).toBe(before);
    });

    it('lets only the admin change it: 403 for another user, 401 signed out, 403 without the CSRF header', async () => {
      await injectAs(t.app, admin, { method: 'PUT', url: '/api/admin/notice', payload: NOTICE });
      const before = await storedNotice();
      const attempts = [
        injectAs(t.app, alice, {
          method: 'PUT',
          url: '/api/admin/notice',
          payload: { title: 'Hacked', paragraphs: ['x'] },
        }),
        injectAs(t.app, alice, { method: 'DELETE', url: '/api/admin/notice' }),
        injectAs(t.app, alice, { via: 'token', method: 'DELETE', url: '/api/admin/notice' }),
        t.app.inject({ method: 'PUT', url: '/api/admin/notice', payload: { title: 'Hacked', paragraphs: ['x'] } }),
        t.app.inject({ method: 'DELETE', url: '/api/admin/notice' }),
        injectAs(t.app, admin, {
          csrf: false,
          method: 'PUT',
          url: '/api/admin/notice',
          payload: { title: 'Forged', paragraphs: ['x'] },
        }),
        injectAs(t.app, admin, { csrf: false, method: 'DELETE', url: '/api/admin/notice' }),
      ];
      const statuses = (await Promise.all(attempts)).map((r) => r.statusCode);
      expect(statuses).toEqual([403, 403, 403, 401, 401, 403, 403]);
      expect(await storedNotice()).toBe(before);
      expect(await publicNotice()).toMatchObject(NOTICE);
    });

    it('lets the admin change it with an API token (no cookie, so no CSRF header)', async () => {
      const res = await injectAs(t.app, admin, {
        via: 'token',
        method: 'PUT',
        url: '/api/admin/notice',
        payload: { title: 'Via token', paragraphs: ['x'] },
      });
      expect(res.statusCode).toBe(200);
      expect((await publicNotice()).title).toBe('Via token');
    });

    it('reads a stored value that is no longer a notice as none', async () => {
      const repository = siteAdminRepository(t.database.handle);
      for (const value of ['not json', '{"title":1}', 'null']) {
        await t.database.handle.db.deleteFrom('site_settings').where('key', '=', NOTICE_KEY).execute();
        await t.database.handle.db.insertInto('site_settings').values({ key: NOTICE_KEY, value }).execute();
        expect(await repository.notice(), value).toBeNull();
      }
      await repository.removeNotice();
    });

    it('reaches another instance on the same database within NOTICE_CACHE_MS', async () => {
      let now = Date.parse('2026-01-01T12:00:00Z');
      const clock = { now: () => now, version: 'test' };
      const repository = siteAdminRepository(t.database.handle);
      const here = siteAdminService(repository, instanceFacts(t.app.deps), clock);
      const there = siteAdminService(repository, instanceFacts(t.app.deps), clock);
      await here.resetNotice();
      expect((await there.notice()).body.notice).toBeNull();
      const saved = await here.updateNotice({ title: 'Fresh', paragraphs: ['x'] });
      expect((await here.notice()).body).toEqual(saved);
      now += NOTICE_CACHE_MS - 1;
      expect((await there.notice()).body.notice).toBeNull();
      now += 1;
      expect((await there.notice()).body).toEqual(saved);
      await here.resetNotice();
    });
  });
});
