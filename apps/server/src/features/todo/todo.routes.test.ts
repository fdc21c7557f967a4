import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../test/test-databases.js';

describe.each(routeTestDatabaseKinds)('to-do API on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const as = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    payload?: object,
    url = '/api/todo/',
  ) => injectAs(t.app, user, { method, url, ...(payload ? { payload } : {}) });
  const list = async (user: TestUser) => (await as(user, 'GET', undefined, '/api/todo')).json();
  const create = async (user: TestUser, title: string, description = '') => {
    const res = await as(user, 'POST', { user: user.id, title, description });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const snapshot = () => t.database.handle.db.selectFrom('todos').selectAll().orderBy('id').execute();

  it('creates an item for the signed-in user, trimmed, and lists it as open', async () => {
    const item = await create(alice, '  Buy milk  ', '  two litres ');
    expect(item).toMatchObject({ title: 'Buy milk', description: 'two litres', completed: false, user: alice.id });
    expect(item.id).toBeGreaterThan(0);
    const body = await list(alice);
    expect(body.todos.map((x: { id: number }) => x.id)).toContain(item.id);
    expect(body.completed).toEqual([]);
  });

  it('lists newest first and splits open from completed', async () => {
    const user = await signUp(t.app);
    const first = await create(user, 'first');
    const second = await create(user, 'second');
    const third = await create(user, 'third');
    await as(user, 'PUT', { todo_id: second.id, user: user.id });
    const body = await list(user);
    expect(body.todos.map((x: { title: string }) => x.title)).toEqual(['third', 'first']);
    expect(body.completed.map((x: { id: number; completed: boolean }) => [x.id, x.completed])).toEqual([
      [second.id, true],
    ]);
    expect(third.id).toBeGreaterThan(first.id);
  });

  it('accepts the path with and without the trailing slash', async () => {
    const withSlash = await as(alice, 'GET', undefined, '/api/todo/');
    const without = await as(alice, 'GET', undefined, '/api/todo');
    expect(withSlash.statusCode).toBe(200);
    expect(without.json()).toEqual(withSlash.json());
    const created = await injectAs(t.app, alice, { method: 'POST', url: '/api/todo', payload: { title: 'no slash' } });
    expect(created.statusCode).toBe(200);
  });

  it('edits title, description and completed, and can un-complete', async () => {
    const item = await create(alice, 'Draft', 'old');
    const res = await as(alice, 'PATCH', {
      user: alice.id,
      todo_id: item.id,
      title: 'Final',
      description: 'new',
      completed: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, title: 'Final', description: 'new', completed: true });
    const back = await as(alice, 'PATCH', { todo_id: item.id, completed: false });
    expect(back.json()).toMatchObject({ title: 'Final', completed: false });
  });

  it('answers each item with its list, due date, priority, labels and repetition, as a task answers them', async () => {
    const list = await injectAs(t.app, alice, { method: 'POST', url: '/api/todo/lists', payload: { name: 'Home' } });
    const task = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/todo/tasks',
      payload: {
        title: 'Pay rent',
        list_id: list.json().id,
        due: { date: '2026-04-01', zone: 'Europe/Paris' },
        priority: 1,
        labels: ['Bills', 'Home'],
        recurrence: { rule: 'FREQ=MONTHLY' },
      },
    });
    expect(task.statusCode).toBe(200);
    const chips = {
      list_id: list.json().id,
      due: { date: '2026-04-01', time: null, zone: 'Europe/Paris' },
      priority: 1,
      labels: ['Bills', 'Home'],
      recurrence: { rule: 'FREQ=MONTHLY', basis: 'due' },
    };
    expect(task.json()).toMatchObject(chips);
    const seed = (await as(alice, 'GET', undefined, '/api/todo')).json();
    expect(seed.todos.find((x: { id: number }) => x.id === task.json().id)).toEqual({
      id: task.json().id,
      title: 'Pay rent',
      description: '',
      completed: false,
      user: alice.id,
      created_at: task.json().created_at,
      updated_at: task.json().updated_at,
      ...chips,
    });
    // The seed's own calls answer them too: its new items go to the Inbox, undated, without labels.
    const edited = await as(alice, 'PATCH', { todo_id: task.json().id, title: 'Pay the rent' });
    expect(edited.json()).toMatchObject({ title: 'Pay the rent', ...chips });
    expect(await create(alice, 'Plain')).toMatchObject({
      list_id: null,
      due: null,
      priority: 4,
      labels: [],
      recurrence: null,
    });
  });

  it('marks an item complete with PUT (idempotently)', async () => {
    const item = await create(alice, 'Complete me');
    for (let i = 0; i < 2; i++) {
      const res = await as(alice, 'PUT', { todo_id: item.id, user: alice.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: item.id, completed: true });
    }
  });

  it('deletes an item, then answers 404 for it', async () => {
    const item = await create(alice, 'Delete me');
    const res = await as(alice, 'DELETE', { todo_id: item.id, user: alice.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Todo item deleted', todo_id: item.id });
    expect((await as(alice, 'DELETE', { todo_id: item.id })).statusCode).toBe(404);
    expect((await list(alice)).todos.map((x: { id: number }) => x.id)).not.toContain(item.id);
  });

  describe('bad input gets a 4xx JSON error and changes nothing', () => {
    const cases: [string, 'POST' | 'PATCH' | 'PUT' | 'DELETE', (id: number) => object, number, string?][] = [
      ['missing title', 'POST', () => ({ description: 'x' }), 400, 'title'],
      ['blank title', 'POST', () => ({ title: '   ' }), 400, 'title'],
      ['10 kB title', 'POST', () => ({ title: 'x'.repeat(10_240) }), 400, 'title'],
      ['201-character title', 'POST', () => ({ title: 'x'.repeat(201) }), 400, 'title'],
      [
        '2001-character description',
        'POST',
        () => ({ title: 'ok', description: 'x'.repeat(2001) }),
        400,
        'description',
      ],
      ['title of the wrong type', 'POST', () => ({ title: 42 }), 400, 'title'],
      // PostgreSQL text cannot hold NUL: found by the fuzzer as a 500 there (src/test/security/fuzz.test.ts).
      ['NUL character in the title', 'POST', () => ({ title: 'a\u0000b' }), 400, 'title'],
      [
        'NUL character in the description on edit',
        'PATCH',
        (id) => ({ todo_id: id, description: 'x\u0000' }),
        400,
        'description',
      ],
      ['completed of the wrong type', 'PATCH', (id) => ({ todo_id: id, completed: 'yes' }), 400, 'completed'],
      ['todo_id of the wrong type', 'PATCH', () => ({ todo_id: 'abc', title: 'x' }), 400, 'todo_id'],
      ['negative todo_id', 'PUT', () => ({ todo_id: -1 }), 400, 'todo_id'],
      ['missing todo_id', 'DELETE', () => ({}), 400, 'todo_id'],
      ['blank title on edit', 'PATCH', (id) => ({ todo_id: id, title: '' }), 400, 'title'],
      ['unknown todo_id on edit', 'PATCH', () => ({ todo_id: 999_999, title: 'x' }), 404],
      ['unknown todo_id on complete', 'PUT', () => ({ todo_id: 999_999 }), 404],
      ['unknown todo_id on delete', 'DELETE', () => ({ todo_id: 999_999 }), 404],
    ];

    it.each(cases)('%s', async (_label, method, payload, status, field) => {
      const item = await create(alice, 'Stable item', 'unchanged');
      const before = await snapshot();
      const res = await as(alice, method, payload(item.id));
      expect(res.statusCode).toBe(status);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: status, message: expect.any(String) });
      if (field) expect(body.fields).toHaveProperty(field);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses malformed JSON with 400', async () => {
      const before = await snapshot();
      const res = await injectAs(t.app, alice, {
        method: 'POST',
        url: '/api/todo/',
        headers: { 'content-type': 'application/json' },
        payload: '{"title": ',
      });
      expect(res.statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('authentication', () => {
    it('answers 401 to every call without a session', async () => {
      for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url: '/api/todo/',
          ...(method === 'GET' ? {} : { payload: { todo_id: 1, title: 'x' } }),
        });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: 401 });
      }
    });

    it('refuses cookie-authenticated changes without the CSRF header (403) and changes nothing', async () => {
      const item = await create(alice, 'CSRF target');
      const before = await snapshot();
      for (const [method, payload] of [
        ['POST', { title: 'forged' }],
        ['PATCH', { todo_id: item.id, title: 'forged' }],
        ['PUT', { todo_id: item.id }],
        ['DELETE', { todo_id: item.id }],
      ] as const) {
        const res = await injectAs(t.app, alice, { method, url: '/api/todo/', payload, csrf: false });
        expect(res.statusCode).toBe(403);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('works with a bearer token and no CSRF header', async () => {
      const res = await injectAs(t.app, alice, {
        method: 'POST',
        url: '/api/todo/',
        payload: { title: 'via token' },
        via: 'token',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toBe(alice.id);
    });
  });

  describe("a second user cannot read or change the first user's items", () => {
    it('never sees them in the list, and naming the first user gets 403', async () => {
      const item = await create(alice, 'Private to Alice');
      const bobs = await list(bob);
      const ids = [...bobs.todos, ...bobs.completed].map((x: { id: number }) => x.id);
      expect(ids).not.toContain(item.id);
      const spoof = await as(bob, 'GET', undefined, `/api/todo?user=${alice.id}`);
      expect(spoof.statusCode).toBe(403);
    });

    it('gets 404 for edit, complete and delete of her item, and 403 when claiming to be her', async () => {
      const item = await create(alice, 'Hands off');
      const before = await snapshot();
      for (const [method, payload] of [
        ['PATCH', { todo_id: item.id, title: 'hijacked', completed: true }],
        ['PUT', { todo_id: item.id }],
        ['DELETE', { todo_id: item.id }],
      ] as const) {
        expect((await as(bob, method, payload)).statusCode).toBe(404);
        expect((await as(bob, method, { ...payload, user: alice.id })).statusCode).toBe(403);
      }
      expect((await as(bob, 'POST', { title: 'planted', user: alice.id })).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
    });
  });
});
