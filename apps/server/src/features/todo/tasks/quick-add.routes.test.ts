import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../../test/test-databases.js';
import { callAs, okAs } from '../todo.test-support.js';

/** docs/api.md#quick-add: POST /api/todo/tasks with `quick`, and repeating tasks on the contract's rules. */
describe.each(routeTestDatabaseKinds)('to-do quick add and repeating rules on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let home: number;
  const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t)(...args);
  const ok = (...args: Parameters<ReturnType<typeof okAs>>) => okAs(t)(...args);
  const snapshot = () => snapshotDatabase(t.database.handle, { exclude: ['sessions'] });

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    home = (await ok(alice, 'POST', '/api/todo/lists', { name: 'Home', colour: 'teal' })).id;
  });
  afterAll(() => t.close());

  it('reads a whole line: title, repeat, time, list by name in any case, label and priority', async () => {
    const task = await ok(alice, 'POST', '/api/todo/tasks', {
      quick: 'Pay rent every month on the 1st 9am #home @bills p1',
      tz: 'America/New_York',
      description: 'Transfer from savings',
    });
    expect(task).toMatchObject({
      title: 'Pay rent',
      description: 'Transfer from savings',
      list_id: home,
      labels: ['bills'],
      priority: 1,
      recurrence: { rule: 'FREQ=MONTHLY;BYMONTHDAY=1', basis: 'due' },
      due: { time: '09:00', zone: 'America/New_York' },
    });
    expect(task.due.date).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('keeps the fields sent beside the line where it names nothing, and #Inbox is the Inbox', async () => {
    const task = await ok(alice, 'POST', '/api/todo/tasks', {
      quick: 'Call the plumber #Inbox',
      list_id: home,
      labels: ['house'],
      priority: 2,
    });
    expect(task).toMatchObject({ title: 'Call the plumber', list_id: null, labels: ['house'], priority: 2, due: null });
  });

  it.each([
    [{ quick: 'Buy milk #Nowhere' }, 'quick', 'No list named “Nowhere”'],
    [{ quick: 'p1' }, 'title', 'Title is required'],
    [{ description: 'no title' }, 'title', 'Title is required'],
    [{ quick: 'x'.repeat(501) }, 'quick', 'Quick add text must be at most 500 characters'],
    [{ quick: `${'long '.repeat(50)}tomorrow` }, 'title', 'Title must be at most 200 characters'],
    [
      { quick: 'Dentist tomorrow', tz: 'Mars/Olympus' },
      'tz',
      'Time zone must be an IANA time zone such as Europe/Paris',
    ],
  ])('refuses %o with a 400 on %s, changing nothing', async (body, field, message) => {
    const before = await snapshot();
    const res = await call(alice, 'POST', '/api/todo/tasks', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ fields: { [field]: message } });
    expect(await snapshot()).toEqual(before);
  });

  it('finds only lists the caller may see: another user’s list of that name is unknown, a viewer may not add', async () => {
    const shared = (await ok(bob, 'POST', '/api/todo/lists', { name: 'Garden' })).id;
    const refused = await call(alice, 'POST', '/api/todo/tasks', { quick: 'Mow #Garden' });
    expect(refused.json()).toMatchObject({ fields: { quick: 'No list named “Garden”' } });
    await ok(bob, 'PUT', `/api/todo/lists/${shared}/members`, { username: alice.username, role: 'viewer' });
    expect((await call(alice, 'POST', '/api/todo/tasks', { quick: 'Mow #Garden' })).statusCode).toBe(403);
    await ok(bob, 'PUT', `/api/todo/lists/${shared}/members`, { username: alice.username, role: 'editor' });
    const task = await ok(alice, 'POST', '/api/todo/tasks', { quick: 'Mow #Garden' });
    expect(task).toMatchObject({ list_id: shared, user: bob.id, created_by: alice.id });
  });

  it('moves a "last Friday" task to the next last Friday at the same local time across the DST change', async () => {
    const task = await ok(alice, 'POST', '/api/todo/tasks', {
      title: 'Timesheet',
      due: { date: '2026-02-27', time: '09:00', zone: 'America/New_York' },
      recurrence: { rule: 'FREQ=MONTHLY;BYDAY=-1FR' },
    });
    const next = await ok(alice, 'POST', `/api/todo/tasks/${task.id}/complete`, { completed: true });
    expect(next).toMatchObject({
      completed: false,
      due: { date: '2026-03-27', time: '09:00', zone: 'America/New_York' },
    });
    const after = await ok(alice, 'POST', `/api/todo/tasks/${task.id}/complete`, { completed: true });
    expect(after.due).toEqual({ date: '2026-04-24', time: '09:00', zone: 'America/New_York' });
  });

  it('refuses a rule the contract’s checker refuses, in its words', async () => {
    const res = await call(alice, 'POST', '/api/todo/tasks', {
      title: 'Every hour',
      due: { date: '2026-03-01', zone: 'UTC' },
      recurrence: { rule: 'FREQ=HOURLY' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.recurrence).toBe(
      'Tasks repeat at most daily: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY',
    );
  });
});
