import { TODOS_MAX } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { callAs, okAs } from '../todo.test-support.js';

interface Task {
  id: number;
  title: string;
  list_id: number | null;
  position: string;
  labels: string[];
  completed: boolean;
  due: { date: string; time: string | null; zone: string } | null;
}

/** docs/api.md#to-do-lists-sharing-and-tasks: tasks through the API. */
describe.each(testDatabaseKinds)('to-do tasks on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t)(...args);
  const ok = (...args: Parameters<ReturnType<typeof okAs>>) => okAs(t)(...args);
  const snapshot = () => snapshotDatabase(t.database.handle, { exclude: ['sessions'] });
  const listOrder = async (user: TestUser, listId: number | null) => {
    const url = listId === null ? '/api/todo/tasks?view=inbox' : `/api/todo/tasks?view=list&list_id=${listId}`;
    return ((await ok(user, 'GET', url)).tasks as Task[]).map((x) => x.title);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('creates a task with every field, and answers it in full', async () => {
    const list = await ok(alice, 'POST', '/api/todo/lists', { name: 'Errands', colour: 'teal' });
    const task = await ok(alice, 'POST', '/api/todo/tasks', {
      title: ' Buy milk ',
      description: '**two** litres',
      list_id: list.id,
      due: { date: '2026-03-14', time: '09:30', zone: 'Europe/Kiev' },
      priority: 1,
      labels: ['Shop', 'shop', 'Home'],
      recurrence: { rule: 'FREQ=WEEKLY', basis: 'due' },
    });
    expect(task).toMatchObject({
      title: 'Buy milk',
      description: '**two** litres',
      completed: false,
      user: alice.id,
      list_id: list.id,
      due: { date: '2026-03-14', time: '09:30', zone: 'Europe/Kyiv' },
      priority: 1,
      labels: ['Home', 'Shop'],
      checklist: [],
      recurrence: { rule: 'FREQ=WEEKLY', basis: 'due' },
      completed_at: null,
      created_by: alice.id,
    });
    const row = await t.database.handle.db
      .selectFrom('todos')
      .select('due_at')
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(row.due_at).toBe('2026-03-14T07:30:00.000Z');
    const { labels } = await ok(alice, 'GET', '/api/todo/labels');
    expect(labels.map((l: { name: string }) => l.name)).toEqual(expect.arrayContaining(['Shop', 'Home']));
  });

  it.each([
    [
      'a due date before 1970',
      { due: { date: '1969-12-31', zone: 'UTC' } },
      'Date must be between 1970-01-01 and 2100-12-31',
    ],
    [
      'a due date after 2100',
      { due: { date: '2101-01-01', zone: 'UTC' } },
      'Date must be between 1970-01-01 and 2100-12-31',
    ],
    [
      'an unknown zone',
      { due: { date: '2026-01-01', zone: 'Nowhere/Land' } },
      'Time zone must be an IANA time zone such as Europe/Paris',
    ],
    ['a priority of 5', { priority: 5 }, 'Priority must be 1, 2, 3 or 4'],
    [
      'a rule the checker refuses',
      { due: { date: '2026-01-01', zone: 'UTC' }, recurrence: { rule: 'FREQ=SOMETIMES' } },
      'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY',
    ],
    [
      'a repeating task without a due date',
      { recurrence: { rule: 'FREQ=DAILY' } },
      'A repeating task needs a due date',
    ],
    ['an empty title', { title: '  ' }, 'Title is required'],
  ])('refuses %s (400, nothing stored)', async (_name, fields, message) => {
    const before = await snapshot();
    const res = await call(alice, 'POST', '/api/todo/tasks', { title: 'Task', ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 with the field’s message, and changes nothing, for bad input on every task call', async () => {
    const task = await ok(alice, 'POST', '/api/todo/tasks', { title: 'Target' });
    const item = await ok(alice, 'POST', `/api/todo/tasks/${task.id}/checklist`, { title: 'Step' });
    const cases: [string, 'GET' | 'POST' | 'PATCH', string, object | undefined, string][] = [
      ['an unknown view', 'GET', '/api/todo/tasks?view=someday', undefined, 'View must be one of'],
      ['a page too long', 'GET', '/api/todo/tasks?view=inbox&limit=500', undefined, 'Limit must be at most 200'],
      ['an unknown zone', 'GET', '/api/todo/tasks?view=today&tz=Mars/Base', undefined, 'Time zone must be an IANA'],
      ['a bad task id', 'PATCH', '/api/todo/tasks/abc', { title: 'x' }, '"fields":{"id"'],
      ['a priority of 0', 'PATCH', `/api/todo/tasks/${task.id}`, { priority: 0 }, 'Priority must be 1, 2, 3 or 4'],
      [
        'completed as text',
        'POST',
        `/api/todo/tasks/${task.id}/complete`,
        { completed: 'yes' },
        'Completed must be true or false',
      ],
      ['a move without list_id', 'POST', `/api/todo/tasks/${task.id}/move`, {}, 'list_id'],
      [
        'more than 200 ids',
        'POST',
        '/api/todo/tasks/bulk',
        { ids: Array.from({ length: 201 }, (_, i) => i + 1), action: 'delete' },
        'At most 200 tasks at once',
      ],
      ['a label without a name', 'POST', '/api/todo/tasks/bulk', { ids: [task.id], action: 'label' }, 'Label'],
      ['an empty checklist title', 'POST', `/api/todo/tasks/${task.id}/checklist`, { title: ' ' }, 'Title is required'],
      [
        'done as text',
        'PATCH',
        `/api/todo/tasks/${task.id}/checklist/${item.id}`,
        { done: 'no' },
        'Done must be true or false',
      ],
    ];
    for (const [name, method, url, body, message] of cases) {
      const before = await snapshot();
      const res = await call(alice, method, url, body);
      expect(res.statusCode, name).toBe(400);
      expect(res.body, name).toContain(message);
      expect(await snapshot(), name).toEqual(before);
    }
  });

  it('refuses a list that is not there or not mine (404), and one I only view (403)', async () => {
    const bob = await signUp(t.app);
    const bobs = await ok(bob, 'POST', '/api/todo/lists', { name: 'Bob’s' });
    expect((await call(alice, 'POST', '/api/todo/tasks', { title: 'x', list_id: bobs.id })).statusCode).toBe(404);
    expect((await call(alice, 'POST', '/api/todo/tasks', { title: 'x', list_id: 999_999 })).json()).toMatchObject({
      code: 404,
      message: 'List not found',
    });
    await ok(bob, 'PUT', `/api/todo/lists/${bobs.id}/members`, { username: alice.username, role: 'viewer' });
    expect((await call(alice, 'POST', '/api/todo/tasks', { title: 'x', list_id: bobs.id })).statusCode).toBe(403);
  });

  it('edits any field; null clears the due date and with it the repetition', async () => {
    const task = await ok(alice, 'POST', '/api/todo/tasks', {
      title: 'Water plants',
      due: { date: '2026-05-01', zone: 'UTC' },
      recurrence: { rule: 'FREQ=DAILY' },
    });
    const edited = await ok(alice, 'PATCH', `/api/todo/tasks/${task.id}`, {
      title: 'Water the plants',
      description: 'all of them',
      priority: 2,
      labels: ['garden'],
    });
    expect(edited).toMatchObject({
      title: 'Water the plants',
      description: 'all of them',
      priority: 2,
      labels: ['garden'],
      recurrence: { rule: 'FREQ=DAILY', basis: 'due' },
    });
    const cleared = await ok(alice, 'PATCH', `/api/todo/tasks/${task.id}`, { due: null });
    expect(cleared).toMatchObject({ due: null, recurrence: null });
    const res = await call(alice, 'PATCH', `/api/todo/tasks/${task.id}`, { recurrence: { rule: 'FREQ=DAILY' } });
    expect(res.statusCode).toBe(400);
  });

  it('completes a repeating task by logging it and moving the due date; a plain one completes', async () => {
    const repeating = await ok(alice, 'POST', '/api/todo/tasks', {
      title: 'Weekly review',
      due: { date: '2026-03-13', time: '17:00', zone: 'UTC' },
      recurrence: { rule: 'FREQ=WEEKLY' },
    });
    const after = await ok(alice, 'POST', `/api/todo/tasks/${repeating.id}/complete`, { completed: true });
    expect(after).toMatchObject({ completed: false, due: { date: '2026-03-20', time: '17:00', zone: 'UTC' } });
    const log = await t.database.handle.db
      .selectFrom('todo_completions')
      .select(['due_date', 'user_id'])
      .where('todo_id', '=', repeating.id)
      .execute();
    expect(log).toEqual([{ due_date: '2026-03-13', user_id: alice.id }]);

    const plain = await ok(alice, 'POST', '/api/todo/tasks', { title: 'Once' });
    const done = await ok(alice, 'POST', `/api/todo/tasks/${plain.id}/complete`, { completed: true });
    expect(done.completed).toBe(true);
    expect(done.completed_at).toEqual(expect.any(String));
    const reopened = await ok(alice, 'POST', `/api/todo/tasks/${plain.id}/complete`, { completed: false });
    expect(reopened).toMatchObject({ completed: false, completed_at: null });
  });

  it('moves a task between neighbours, to another list and back to the Inbox', async () => {
    const user = await signUp(t.app);
    const list = await ok(user, 'POST', '/api/todo/lists', { name: 'Order' });
    const make = async (title: string) =>
      (await ok(user, 'POST', '/api/todo/tasks', { title, list_id: list.id })) as Task;
    const a = await make('a');
    const b = await make('b');
    const c = await make('c');
    expect(await listOrder(user, list.id)).toEqual(['a', 'b', 'c']);
    await ok(user, 'POST', `/api/todo/tasks/${c.id}/move`, { list_id: list.id, after_id: a.id });
    expect(await listOrder(user, list.id)).toEqual(['a', 'c', 'b']);
    await ok(user, 'POST', `/api/todo/tasks/${a.id}/move`, { list_id: list.id, before_id: b.id });
    expect(await listOrder(user, list.id)).toEqual(['c', 'a', 'b']);
    const moved = await ok(user, 'POST', `/api/todo/tasks/${b.id}/move`, { list_id: null });
    expect(moved.list_id).toBeNull();
    expect(await listOrder(user, null)).toEqual(['b']);
    const res = await call(user, 'POST', `/api/todo/tasks/${a.id}/move`, { list_id: list.id, after_id: b.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The task to place it next to is not in that list');
  });

  it('two concurrent moves into the same place never get equal keys', async () => {
    const user = await signUp(t.app);
    const list = await ok(user, 'POST', '/api/todo/lists', { name: 'Race' });
    const tasks: Task[] = [];
    for (const title of ['first', 'last', 'm1', 'm2', 'm3', 'm4']) {
      tasks.push(await ok(user, 'POST', '/api/todo/tasks', { title, list_id: list.id }));
    }
    const [first, last, ...moving] = tasks as [Task, Task, ...Task[]];
    await ok(user, 'POST', `/api/todo/tasks/${last.id}/move`, { list_id: list.id, after_id: first.id });
    const results = await Promise.all(
      moving.map((task) =>
        call(user, 'POST', `/api/todo/tasks/${task.id}/move`, {
          list_id: list.id,
          after_id: first.id,
          before_id: last.id,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.database.handle.db
      .selectFrom('todos')
      .select('position')
      .where('list_id', '=', list.id)
      .execute();
    expect(new Set(rows.map((r) => r.position)).size).toBe(rows.length);
    const order = await listOrder(user, list.id);
    expect(order[0]).toBe('first');
    expect(order[order.length - 1]).toBe('last');
  });

  it('bulk actions are all or nothing: one task I cannot change is a 404 and nothing changes', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = [
      await ok(user, 'POST', '/api/todo/tasks', { title: 'one' }),
      await ok(user, 'POST', '/api/todo/tasks', { title: 'two' }),
    ];
    const theirs = await ok(other, 'POST', '/api/todo/tasks', { title: 'theirs' });
    for (const action of [
      { action: 'complete' },
      { action: 'delete' },
      { action: 'label', label: 'x' },
      { action: 'move', list_id: null },
      { action: 'reschedule', due: { date: '2026-01-01', zone: 'UTC' } },
    ]) {
      const before = await snapshot();
      const res = await call(user, 'POST', '/api/todo/tasks/bulk', {
        ids: [...mine.map((x) => x.id), theirs.id],
        ...action,
      });
      expect(res.statusCode, action.action).toBe(404);
      expect(await snapshot()).toEqual(before);
    }
    const ids = mine.map((x) => x.id);
    const labelled = await ok(user, 'POST', '/api/todo/tasks/bulk', { ids, action: 'label', label: 'Batch' });
    expect(labelled.tasks.map((x: Task) => x.labels)).toEqual([['Batch'], ['Batch']]);
    const rescheduled = await ok(user, 'POST', '/api/todo/tasks/bulk', {
      ids,
      action: 'reschedule',
      due: { date: '2026-06-01', zone: 'UTC' },
    });
    expect(rescheduled.tasks.map((x: Task) => x.due?.date)).toEqual(['2026-06-01', '2026-06-01']);
    const list = await ok(user, 'POST', '/api/todo/lists', { name: 'Bulk' });
    await ok(user, 'POST', '/api/todo/tasks/bulk', { ids, action: 'move', list_id: list.id });
    expect(await listOrder(user, list.id)).toEqual(['one', 'two']);
    const completed = await ok(user, 'POST', '/api/todo/tasks/bulk', { ids, action: 'complete' });
    expect(completed.tasks.every((x: Task) => x.completed)).toBe(true);
    expect(await ok(user, 'POST', '/api/todo/tasks/bulk', { ids, action: 'delete' })).toEqual({ count: 2, tasks: [] });
    expect((await ok(user, 'GET', '/api/todo')).completed).toEqual([]);
  });

  it('checklists: add, tick, reorder and delete; at most 50 items', async () => {
    const task = await ok(alice, 'POST', '/api/todo/tasks', { title: 'Pack' });
    const items = [];
    for (const title of ['socks', 'shirts', 'toothbrush']) {
      items.push(await ok(alice, 'POST', `/api/todo/tasks/${task.id}/checklist`, { title }));
    }
    const [socks, shirts, brush] = items;
    expect(
      await ok(alice, 'PATCH', `/api/todo/tasks/${task.id}/checklist/${brush.id}`, {
        done: true,
        after_id: null,
        before_id: socks.id,
      }),
    ).toEqual({
      id: brush.id,
      title: 'toothbrush',
      done: true,
    });
    await ok(alice, 'DELETE', `/api/todo/tasks/${task.id}/checklist/${shirts.id}`);
    const { tasks } = await ok(alice, 'GET', '/api/todo/tasks?view=search&q=pack');
    expect(tasks[0].checklist).toEqual([
      { id: brush.id, title: 'toothbrush', done: true },
      { id: socks.id, title: 'socks', done: false },
    ]);
    expect((await call(alice, 'DELETE', `/api/todo/tasks/${task.id}/checklist/${shirts.id}`)).statusCode).toBe(404);

    const full = await ok(alice, 'POST', '/api/todo/tasks', { title: 'Long list' });
    await t.database.handle.db
      .insertInto('todo_checklist_items')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          todo_id: full.id,
          user_id: alice.id,
          title: `${i}`,
          done: 0,
          position: `a${i}`,
        })),
      )
      .execute();
    const res = await call(alice, 'POST', `/api/todo/tasks/${full.id}/checklist`, { title: 'one more' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A task can have at most 50 checklist items');
  });

  it(`a burst of creates at the ${TODOS_MAX.toLocaleString('en-US')} cap stores exactly up to it, with the seed's message`, async () => {
    const user = await signUp(t.app);
    const now = new Date().toISOString();
    const rows = Array.from({ length: TODOS_MAX - 2 }, (_, i) => ({
      user_id: user.id,
      title: `Filler ${i}`,
      description: '',
      completed: 0,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.database.handle.db
        .insertInto('todos')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(user, 'POST', '/api/todo/tasks', { title: `Burst ${i}` })),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const res of burst.filter((r) => r.statusCode !== 200)) {
      expect(res.json()).toEqual({
        success: false,
        code: 400,
        message: `You can have at most ${TODOS_MAX.toLocaleString('en-US')} to-dos. Delete some to add more.`,
      });
    }
  });

  it('keeps the seed’s calls: POST /api/todo goes to the top of the Inbox; GET /api/todo lists every list I own', async () => {
    const user = await signUp(t.app);
    await ok(user, 'POST', '/api/todo/tasks', { title: 'bottom' });
    await ok(user, 'POST', '/api/todo', { title: 'seed top' });
    expect(await listOrder(user, null)).toEqual(['seed top', 'bottom']);
    const list = await ok(user, 'POST', '/api/todo/lists', { name: 'Work' });
    await ok(user, 'POST', '/api/todo/tasks', { title: 'in a list', list_id: list.id, priority: 1 });
    const seed = await ok(user, 'GET', '/api/todo');
    expect(seed.todos.map((x: { title: string }) => x.title)).toEqual(['in a list', 'seed top', 'bottom']);
    // The seed's fields, and beside them only what the default view's chips need (none renamed).
    expect(Object.keys(seed.todos[0]).sort()).toEqual(
      [
        ...['completed', 'created_at', 'description', 'id', 'title', 'updated_at', 'user'],
        ...['list_id', 'due', 'priority', 'labels', 'recurrence'],
      ].sort(),
    );
  });
  it('clears completed tasks: all of mine, or one list’s; an editor may clear a shared list, a viewer may not', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const errands = await ok(user, 'POST', '/api/todo/lists', { name: 'Errands' });
    const make = async (title: string, listId: number | null, done: boolean) => {
      const task = await ok(user, 'POST', '/api/todo/tasks', { title, list_id: listId });
      if (done) await ok(user, 'POST', `/api/todo/tasks/${task.id}/complete`, { completed: true });
      return task;
    };
    await make('inbox done', null, true);
    await make('inbox open', null, false);
    await make('errand done', errands.id, true);
    await make('errand open', errands.id, false);
    const titles = async (view: string) => ((await ok(user, 'GET', view)).tasks as Task[]).map((x) => x.title);

    expect(await ok(user, 'POST', '/api/todo/tasks/clear-completed', { list_id: null })).toEqual({ count: 1 });
    expect(await titles('/api/todo/tasks?view=completed')).toEqual(['errand done']);

    await ok(user, 'PUT', `/api/todo/lists/${errands.id}/members`, { username: other.username, role: 'viewer' });
    const before = await snapshot();
    const refused = await call(other, 'POST', '/api/todo/tasks/clear-completed', { list_id: errands.id });
    expect(refused.statusCode).toBe(403);
    // Without a list: the caller's own tasks only, never a list shared with them.
    expect(await ok(other, 'POST', '/api/todo/tasks/clear-completed', {})).toEqual({ count: 0 });
    expect(await snapshot()).toEqual(before);

    await ok(user, 'PUT', `/api/todo/lists/${errands.id}/members`, { username: other.username, role: 'editor' });
    expect(await ok(other, 'POST', '/api/todo/tasks/clear-completed', { list_id: errands.id })).toEqual({ count: 1 });
    expect(await titles('/api/todo/tasks?view=completed')).toEqual([]);
    expect((await titles(`/api/todo/tasks?view=list&list_id=${errands.id}`)).sort()).toEqual(['errand open']);
    expect(await titles('/api/todo/tasks?view=inbox')).toEqual(['inbox open']);
  });
});
