import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { callAs, okAs } from '../todo.test-support.js';

// An edit made before every write these tests make, and one made after them.
const LONG_AGO = '2000-01-01T00:00:00.000Z';
const LATER = '2999-01-01T00:00:00.000Z';

/** docs/product.md#offline: an edit sent late (base + edited_at) keeps the newer change per field. */
describe.each(testDatabaseKinds)('to-do edits made offline on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t)(...args);
  const ok = (...args: Parameters<ReturnType<typeof okAs>>) => okAs(t)(...args);

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const due = { date: '2026-05-01', time: null, zone: 'UTC' };
  const newTask = () =>
    ok(alice, 'POST', '/api/todo/tasks', { title: 'Call the plumber', description: 'before noon', priority: 4, due });

  it('keeps a field changed elsewhere after the edit was made, applies the others, and names the kept ones', async () => {
    const task = await newTask();
    // Elsewhere, later: the title changed.
    await ok(alice, 'PATCH', `/api/todo/tasks/${task.id}`, { title: 'Call the electrician' });
    const answer = await ok(alice, 'PATCH', `/api/todo/tasks/${task.id}`, {
      title: 'Call the plumber today',
      description: 'after lunch',
      priority: 1,
      base: { title: 'Call the plumber', description: 'before noon', priority: 4 },
      edited_at: LONG_AGO,
    });
    expect(answer).toMatchObject({ title: 'Call the electrician', description: 'after lunch', priority: 1 });
    expect(answer.conflicts).toEqual(['title']);
  });

  it('compares a due date by its date, time and zone', async () => {
    const task = await newTask();
    await ok(alice, 'PATCH', `/api/todo/tasks/${task.id}`, { due: { ...due, time: '09:00' } });
    const answer = await ok(alice, 'PATCH', `/api/todo/tasks/${task.id}`, {
      due: { date: '2026-06-01', zone: 'UTC' },
      base: { due },
      edited_at: LONG_AGO,
    });
    expect(answer.due).toEqual({ ...due, time: '09:00' });
    expect(answer.conflicts).toEqual(['due']);
  });

  it('applies the edit when nothing changed after it was made, or the field is as the client saw it', async () => {
    const task = await newTask();
    // The task was written (created) before LATER: the offline edit is the later change.
    const later = await ok(alice, 'PATCH', `/api/todo/tasks/${task.id}`, {
      title: 'Mine',
      base: { title: 'Someone else’s' },
      edited_at: LATER,
    });
    expect(later).toMatchObject({ title: 'Mine', conflicts: [] });
    // Written after the edit, but the title is still the one the client saw.
    const same = await ok(alice, 'PATCH', `/api/todo/tasks/${task.id}`, {
      title: 'Mine again',
      base: { title: 'Mine' },
      edited_at: LONG_AGO,
    });
    expect(same).toMatchObject({ title: 'Mine again', conflicts: [] });
    // Without base the answer is the task as before, with no conflicts field.
    const plain = await ok(alice, 'PATCH', `/api/todo/tasks/${task.id}`, { priority: 2 });
    expect(plain).not.toHaveProperty('conflicts');
  });

  it('refuses a stranger as before (404), changing nothing', async () => {
    const task = await newTask();
    const before = await snapshotDatabase(t.database.handle, { exclude: ['sessions'] });
    const res = await call(bob, 'PATCH', `/api/todo/tasks/${task.id}`, {
      title: 'Bob was here',
      base: { title: 'Call the plumber' },
      edited_at: LATER,
    });
    expect(res.statusCode).toBe(404);
    expect(await snapshotDatabase(t.database.handle, { exclude: ['sessions'] })).toEqual(before);
  });

  it('refuses an edited_at that is not a date and time', async () => {
    const task = await newTask();
    const res = await call(alice, 'PATCH', `/api/todo/tasks/${task.id}`, { title: 'X', base: {}, edited_at: 'soon' });
    expect(res.statusCode).toBe(400);
  });
});
