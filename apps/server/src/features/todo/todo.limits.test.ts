import { TODOS_MAX } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

const CAP_MESSAGE = `You can have at most ${TODOS_MAX.toLocaleString('en-US')} to-dos. Delete some to add more.`;

/** docs/api.md#limits (the to-do cap) and docs/api.md#text (the text rule) on the real API. */
describe.each(testDatabaseKinds)('to-do limits on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const as = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', payload?: object) =>
    injectAs(t.app, user, { method, url: '/api/todo/', ...(payload ? { payload } : {}) });
  const countOf = async (user: TestUser) => {
    const { n } = await t.database.handle.db
      .selectFrom('todos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return Number(n);
  };
  /** Fills a user's list straight in the database (the API would need TODOS_MAX requests). */
  const fill = async (user: TestUser, count: number) => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: count }, (_, i) => ({
      user_id: user.id,
      title: `Filler ${i}`,
      description: '',
      completed: i % 2,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await t.database.handle.db
        .insertInto('todos')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  };

  describe(`at most ${TODOS_MAX} to-dos per user`, () => {
    it('a burst of concurrent creates at the cap stores exactly up to it; the rest get 400 with the cap message', async () => {
      const user = await signUp(t.app);
      await fill(user, TODOS_MAX - 3);
      const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => as(user, 'POST', { title: `Burst ${i}` })));
      expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(3);
      const refused = burst.filter((r) => r.statusCode === 400);
      expect(refused).toHaveLength(9);
      for (const res of refused) expect(res.json()).toEqual({ success: false, code: 400, message: CAP_MESSAGE });
      expect(await countOf(user)).toBe(TODOS_MAX);
    });

    it('counts completed items too, and frees a place when one is deleted', async () => {
      const user = await signUp(t.app);
      await fill(user, TODOS_MAX);
      expect((await as(user, 'POST', { title: 'One too many' })).statusCode).toBe(400);
      const { completed } = (await as(user, 'GET')).json();
      expect((await as(user, 'DELETE', { todo_id: completed[0].id })).statusCode).toBe(200);
      expect((await as(user, 'POST', { title: 'Fits again' })).statusCode).toBe(200);
      expect((await as(user, 'POST', { title: 'Full again' })).statusCode).toBe(400);
      expect(await countOf(user)).toBe(TODOS_MAX);
    });

    it('is per user: a full list does not stop anyone else', async () => {
      const full = await signUp(t.app);
      await fill(full, TODOS_MAX);
      expect((await as(full, 'POST', { title: 'No' })).statusCode).toBe(400);
      expect((await as(alice, 'POST', { title: 'Yes' })).statusCode).toBe(200);
    });
  });

  describe('the text rule, per field, on create and edit (400, nothing stored)', () => {
    const CONTROL = 'may not contain control characters';
    const BIDI = 'may not contain text-direction override characters';
    it.each([
      ['a right-to-left override in the title', { title: 'invoice\u202Efdp.exe' }, 'title', `Title ${BIDI}`],
      ['a left-to-right isolate in the title', { title: 'a\u2066b' }, 'title', `Title ${BIDI}`],
      ['an escape sequence in the title', { title: 'red \u001B[31m' }, 'title', `Title ${CONTROL}`],
      ['a line break inside the title', { title: 'two\nlines' }, 'title', `Title ${CONTROL}`],
      ['a C1 control in the title', { title: 'a\u0085b' }, 'title', `Title ${CONTROL}`],
      [
        'an override in the description',
        { title: 'ok', description: 'x\u202Dy' },
        'description',
        `Description ${BIDI}`,
      ],
      [
        'a bell in the description',
        { title: 'ok', description: 'ding\u0007' },
        'description',
        `Description ${CONTROL}`,
      ],
    ])('%s', async (_label, fields, field, message) => {
      const item = (await as(alice, 'POST', { title: 'Kept as is' })).json();
      const before = await countOf(alice);
      const created = await as(alice, 'POST', fields);
      expect(created.statusCode).toBe(400);
      expect(created.json().fields).toEqual({ [field]: message });
      const edited = await as(alice, 'PATCH', { todo_id: item.id, ...fields });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().fields).toEqual({ [field]: message });
      expect(await countOf(alice)).toBe(before);
      const { todos } = (await as(alice, 'GET')).json();
      expect(todos.find((x: { id: number }) => x.id === item.id)).toMatchObject({
        title: 'Kept as is',
        description: '',
      });
    });

    it('keeps line breaks and tabs in the description, and right-to-left text and emoji anywhere', async () => {
      const res = await as(alice, 'POST', { title: 'שלום 👩\u200D💻', description: 'one\ntwo\r\n\tthree' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'שלום 👩\u200D💻', description: 'one\ntwo\r\n\tthree' });
    });
  });
});
