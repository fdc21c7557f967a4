import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../test/db-snapshot.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { isoNow } from '../time.js';
import { ABANDONED_CLAIM_MS, REPLAY_KEEP_MS } from './idempotency.js';
import { replaysRepository } from './replays.repository.js';

let keys = 0;
const newKey = () => `test-key-${process.pid}-${++keys}`;

/** docs/api.md#idempotent-changes, through the to-do task calls on both databases. */
describe.each(testDatabaseKinds)('Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const send = (user: TestUser, method: 'POST' | 'DELETE' | 'PATCH', url: string, key?: string, payload?: object) =>
    injectAs(t.app, user, {
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: key ? { 'idempotency-key': key } : {},
    });
  const titles = async (user: TestUser) =>
    (
      (await injectAs(t.app, user, { method: 'GET', url: '/api/todo/tasks?view=inbox' })).json().tasks as {
        title: string;
      }[]
    ).map((task) => task.title);
  const snapshot = () => snapshotDatabase(t.database.handle, { exclude: ['sessions'] });

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('creates once for a key sent twice, and answers the second with the first answer', async () => {
    const key = newKey();
    const first = await send(alice, 'POST', '/api/todo/tasks', key, { title: 'Once only' });
    const second = await send(alice, 'POST', '/api/todo/tasks', key, { title: 'Once only' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.json()).toEqual(first.json());
    expect((await titles(alice)).filter((title) => title === 'Once only')).toHaveLength(1);
  });

  it('answers a delete sent again with its first answer, where without a key it is a 404', async () => {
    const task = (await send(alice, 'POST', '/api/todo/tasks', undefined, { title: 'Gone' })).json();
    const key = newKey();
    const first = await send(alice, 'DELETE', `/api/todo/tasks/${task.id}`, key);
    const again = await send(alice, 'DELETE', `/api/todo/tasks/${task.id}`, key);
    expect(first.statusCode).toBeLessThan(300);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await send(alice, 'DELETE', `/api/todo/tasks/${task.id}`)).statusCode).toBe(404);
  });

  it('keeps a refusal too: the same key gets the same 4xx', async () => {
    const key = newKey();
    const first = await send(alice, 'DELETE', '/api/todo/tasks/999999', key);
    const again = await send(alice, 'DELETE', '/api/todo/tasks/999999', key);
    expect(first.statusCode).toBe(404);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a key used again for another request (422) and changes nothing', async () => {
    const key = newKey();
    await send(alice, 'POST', '/api/todo/tasks', key, { title: 'First use' });
    const before = await snapshot();
    const other = await send(alice, 'POST', '/api/todo/tasks', key, { title: 'Second use' });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/another request/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a malformed key (400) and changes nothing', async () => {
    const before = await snapshot();
    for (const key of ['short', 'x'.repeat(65), 'has spaces in it', 'ünïcödé-key']) {
      const res = await send(alice, 'POST', '/api/todo/tasks', key, { title: 'Bad key' });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toMatch(/Idempotency-Key/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps keys per user: another user sending the same key gets their own change, not the first answer', async () => {
    const key = newKey();
    const mine = await send(alice, 'POST', '/api/todo/tasks', key, { title: 'Shared key' });
    const theirs = await send(bob, 'POST', '/api/todo/tasks', key, { title: 'Shared key' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.json().user).toBe(bob.id);
    expect(await titles(bob)).toContain('Shared key');
  });

  it('runs one of two identical requests racing with one key; the other is replayed or told to wait', async () => {
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send(alice, 'POST', '/api/todo/tasks', key, { title: 'Raced' })),
    );
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    expect(answers.filter((res) => res.statusCode === 200 && !res.headers['idempotent-replayed'])).toHaveLength(1);
    expect((await titles(alice)).filter((title) => title === 'Raced')).toHaveLength(1);
  });

  it('ignores the header on a request of nobody signed in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/todo/tasks',
      payload: { title: 'x' },
      headers: { 'idempotency-key': newKey() },
    });
    expect(res.statusCode).toBe(401);
  });

  describe('the kept answers', () => {
    const at = (ms: number) => isoNow(Date.parse('2026-11-29T12:00:00.000Z') + ms);

    it('takes over a claim left without an answer once it is old, and only once', async () => {
      const replays = replaysRepository(t.database.handle);
      const claim = (now: string) =>
        replays.claim({
          userId: alice.id,
          key: 'abandoned-claim',
          fingerprint: 'f',
          now,
          abandonedBefore: isoNow(Date.parse(now) - ABANDONED_CLAIM_MS),
        });
      expect(await claim(at(0))).toEqual({ kind: 'claimed' });
      expect(await claim(at(1000))).toEqual({ kind: 'in-progress' });
      const late = at(ABANDONED_CLAIM_MS + 1);
      expect(await Promise.all([claim(late), claim(late)])).toEqual(
        expect.arrayContaining([{ kind: 'claimed' }, { kind: 'in-progress' }]),
      );
      await replays.answer(alice.id, 'abandoned-claim', 201, '{"ok":true}');
      expect(await claim(at(ABANDONED_CLAIM_MS + 2))).toEqual({ kind: 'replay', status: 201, body: '{"ok":true}' });
    });

    it('forgets answers older than a day, and a released key is free again', async () => {
      const replays = replaysRepository(t.database.handle);
      const input = { userId: bob.id, fingerprint: 'f', abandonedBefore: at(-ABANDONED_CLAIM_MS) };
      await replays.claim({ ...input, key: 'old-answer', now: at(-REPLAY_KEEP_MS - 1) });
      await replays.answer(bob.id, 'old-answer', 200, '{}');
      await replays.claim({ ...input, key: 'released', now: at(0) });
      await replays.release(bob.id, 'released');
      expect(await replays.deleteOlderThan(at(-REPLAY_KEEP_MS))).toBeGreaterThanOrEqual(1);
      expect(await replays.claim({ ...input, key: 'old-answer', now: at(0) })).toEqual({ kind: 'claimed' });
      expect(await replays.claim({ ...input, key: 'released', now: at(0) })).toEqual({ kind: 'claimed' });
    });
  });
});
