import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';
import { KNOWN_DEVICE_COOKIE, knownDeviceToken } from './sessions/known-device.js';

/** Runs in-process, and against Redis (shared counters for several instances) when TEST_REDIS_URL is set. */
const stores = process.env.TEST_REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

const PER_ADDRESS = 3;
const PER_USERNAME = 20;
const PER_IP = 60;

describe.each(stores)('login rate limits with %s counters', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      LOGIN_MAX_FAILURES_PER_USERNAME: String(PER_ADDRESS),
      LOGIN_MAX_ATTEMPTS_PER_USERNAME: String(PER_USERNAME),
      LOGIN_MAX_ATTEMPTS_PER_IP: String(PER_IP),
      ...(store === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL ?? '' } : {}),
      // A unique prefix keeps this run's Redis keys apart from any other run's.
      REDIS_KEY_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
    });
  });
  afterAll(() => t.close());

  const login = (
    username: string,
    password: string,
    ip: string,
    extra: { cookies?: Record<string, string>; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: ip, ...extra });
  const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
  const statusCounts = (answers: LightMyRequestResponse[]) => {
    const counts: Record<number, number> = {};
    for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
    return counts;
  };
  const deviceCookie = (res: LightMyRequestResponse) => {
    const cookie = res.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
    if (!cookie) throw new Error('no known-device cookie');
    return { [KNOWN_DEVICE_COOKIE]: cookie.value };
  };

  describe('per username and client address', () => {
    it('locks one address out of an account after repeated wrong passwords, even for the right password', async () => {
      const user = await signUp(t.app);
      const ip = randomIp();
      for (let i = 0; i < PER_ADDRESS; i++)
        expect((await login(user.username, 'wrong-password', ip)).statusCode).toBe(401);
      const locked = await login(user.username, TEST_PASSWORD, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({
        success: false,
        code: 429,
        message: 'Too many login attempts. Please wait 15 minutes and try again.',
      });
    });

    it("does not let a stranger's failures lock the owner out on another address", async () => {
      const user = await signUp(t.app);
      const stranger = randomIp();
      const answers: number[] = [];
      for (let i = 0; i < 10; i++) answers.push((await login(user.username, 'wrong-password', stranger)).statusCode);
      expect(answers).toEqual([...Array(PER_ADDRESS).fill(401), ...Array(10 - PER_ADDRESS).fill(429)]);
      expect((await login(user.username, TEST_PASSWORD, randomIp())).statusCode).toBe(200);
    });

    it('checks at most the limit of 50 parallel wrong passwords from one address', async () => {
      const user = await signUp(t.app);
      const ip = randomIp();
      const answers = await Promise.all(Array.from({ length: 50 }, () => login(user.username, 'wrong-password', ip)));
      expect(statusCounts(answers)).toEqual({ 401: PER_ADDRESS, 429: 50 - PER_ADDRESS });
    });

    it('clears the count after a successful login from that address', async () => {
      const user = await signUp(t.app);
      const ip = randomIp();
      for (let i = 0; i < PER_ADDRESS - 1; i++) await login(user.username, 'wrong-password', ip);
      expect((await login(user.username, TEST_PASSWORD, ip)).statusCode).toBe(200);
      for (let i = 0; i < PER_ADDRESS; i++)
        expect((await login(user.username, 'wrong-password', ip)).statusCode).toBe(401);
      expect((await login(user.username, 'wrong-password', ip)).statusCode).toBe(429);
    });
  });

  describe('per username from every address', () => {
    it('checks at most the ceiling of 200 parallel wrong passwords from 200 addresses', async () => {
      const user = await signUp(t.app);
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => login(user.username, 'wrong-password', randomIp())),
      );
      expect(statusCounts(answers)).toEqual({ 401: PER_USERNAME, 429: 200 - PER_USERNAME });
      const refused = answers.find((a) => a.statusCode === 429);
      expect(refused?.headers).toMatchObject({ 'ratelimit-limit': String(PER_USERNAME), 'ratelimit-remaining': '0' });
      // A new browser must wait too: the attack spent the account's budget.
      expect((await login(user.username, TEST_PASSWORD, randomIp())).statusCode).toBe(429);
    });

    it("counts attempts since the last successful login, so the owner's own logins never reach it", async () => {
      const user = await signUp(t.app);
      for (let i = 0; i < PER_USERNAME + 5; i++) {
        expect((await login(user.username, TEST_PASSWORD, randomIp())).statusCode).toBe(200);
      }
      for (let i = 0; i < PER_USERNAME; i++) {
        expect((await login(user.username, 'wrong-password', randomIp())).statusCode).toBe(401);
      }
      expect((await login(user.username, 'wrong-password', randomIp())).statusCode).toBe(429);
    });

    it('lets the owner in past the ceiling from a known device or with a live session', async () => {
      const user = await signUp(t.app);
      const earlier = await login(user.username, TEST_PASSWORD, randomIp());
      expect(earlier.statusCode).toBe(200);
      const device = deviceCookie(earlier);
      await Promise.all(Array.from({ length: PER_USERNAME + 5 }, () => login(user.username, 'nope-nope', randomIp())));
      expect((await login(user.username, TEST_PASSWORD, randomIp())).statusCode).toBe(429);

      const fromDevice = await login(user.username, TEST_PASSWORD, randomIp(), { cookies: device });
      expect(fromDevice.statusCode).toBe(200);
      const withSession = await login(user.username, TEST_PASSWORD, randomIp(), {
        headers: { authorization: `Token ${earlier.json().token}` },
      });
      expect(withSession.statusCode).toBe(200);
    });

    it("does not let a known device past its own address's limit", async () => {
      const user = await signUp(t.app);
      const device = deviceCookie(await login(user.username, TEST_PASSWORD, randomIp()));
      const ip = randomIp();
      for (let i = 0; i < PER_ADDRESS; i++) await login(user.username, 'wrong-password', ip, { cookies: device });
      expect((await login(user.username, TEST_PASSWORD, ip, { cookies: device })).statusCode).toBe(429);
    });

    it("refuses another account's, a tampered or an expired device cookie", async () => {
      const owner = await signUp(t.app);
      const other = await signUp(t.app);
      const othersDevice = deviceCookie(await login(other.username, TEST_PASSWORD, randomIp()))[KNOWN_DEVICE_COOKIE];
      const ownDevice = deviceCookie(await login(owner.username, TEST_PASSWORD, randomIp()))[KNOWN_DEVICE_COOKIE];
      await Promise.all(Array.from({ length: PER_USERNAME }, () => login(owner.username, 'nope-nope', randomIp())));
      const [id, expires, mac] = (ownDevice ?? '').split('.');
      const row = await t.database.handle.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow();
      const expired = knownDeviceToken({ id: owner.id, passwordHash: row.password_hash }, Date.now() - 1000).value;
      for (const forged of [
        othersDevice ?? '',
        `${id}.${Number(expires) + 1000}.${mac}`,
        `${id}.${expires}.${mac?.slice(0, -2)}AA`,
        expired,
        'garbage',
      ]) {
        const res = await login(owner.username, TEST_PASSWORD, randomIp(), {
          cookies: { [KNOWN_DEVICE_COOKIE]: forged },
        });
        expect(res.statusCode, forged).toBe(429);
      }
      // And the live session of another account is no pass for this one.
      const res = await login(owner.username, TEST_PASSWORD, randomIp(), {
        headers: { authorization: `Token ${other.token}` },
      });
      expect(res.statusCode).toBe(429);
    });

    it('sets the device cookie on login and sign-up: httpOnly, for the login path, long-lived', async () => {
      const username = `dev${randomBytes(4).toString('hex')}`;
      const signup = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { username, email: `${username}@example.com`, password: TEST_PASSWORD },
      });
      const res = await login(username, TEST_PASSWORD, randomIp());
      for (const answer of [signup, res]) {
        const cookie = answer.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
        expect(cookie).toMatchObject({ httpOnly: true, path: '/api/login', sameSite: 'Lax' });
        expect((cookie?.expires?.getTime() ?? 0) - Date.now()).toBeGreaterThan(300 * 24 * 60 * 60 * 1000);
      }
    });
  });

  describe('per client address', () => {
    it('limits attempts per address across usernames', async () => {
      const ip = randomIp();
      for (let i = 0; i < PER_IP; i++) expect((await login(`ghost${i}`, 'whatever1', ip)).statusCode).toBe(404);
      const refused = await login('ghost-last', 'whatever1', ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers).toMatchObject({ 'ratelimit-limit': String(PER_IP), 'ratelimit-remaining': '0' });
      // Another address is unaffected.
      expect((await login('ghost-last', 'whatever1', randomIp())).statusCode).toBe(404);
    });
  });

  it('tells a locked-out client when to retry: Retry-After and the RateLimit headers', async () => {
    const user = await signUp(t.app);
    const ip = randomIp();
    for (let i = 0; i < PER_ADDRESS; i++) await login(user.username, 'wrong-password', ip);
    const locked = await login(user.username, TEST_PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers).toMatchObject({ 'ratelimit-limit': String(PER_ADDRESS), 'ratelimit-remaining': '0' });
    const retryAfter = Number(locked.headers['retry-after']);
    // The 15-minute window started with the first failure, moments ago.
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.headers['ratelimit-reset']).toBe(String(retryAfter));
  });
});
