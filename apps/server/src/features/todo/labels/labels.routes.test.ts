import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../../test/test-databases.js';
import { callAs, okAs } from '../todo.test-support.js';

/** docs/api.md#to-do-lists-sharing-and-tasks: labels, created on first use. */
describe.each(routeTestDatabaseKinds)('to-do labels on %s', (kind) => {
  let t: TestApp;
  let user: TestUser;
  const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t)(...args);
  const ok = (...args: Parameters<ReturnType<typeof okAs>>) => okAs(t)(...args);
  const labelsOf = async (id: number) =>
    (await ok(user, 'GET', '/api/todo/tasks?view=search&q=task')).tasks.find((x: { id: number }) => x.id === id).labels;

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('lists my labels with their open counts; renames (merging) and recolours; deletes from my tasks', async () => {
    const a = await ok(user, 'POST', '/api/todo/tasks', { title: 'task a', labels: ['Work', 'urgent'] });
    const b = await ok(user, 'POST', '/api/todo/tasks', { title: 'task b', labels: ['work', 'Later'] });
    expect((await ok(user, 'GET', '/api/todo/labels')).labels).toEqual([
      { name: 'Work', colour: 'gray', open_count: 2 },
      { name: 'urgent', colour: 'gray', open_count: 1 },
      { name: 'Later', colour: 'gray', open_count: 1 },
    ]);

    expect(await ok(user, 'PATCH', '/api/todo/labels/work', { colour: 'red', name: 'Job' })).toEqual({
      name: 'Job',
      colour: 'red',
      open_count: 2,
    });
    expect(await labelsOf(a.id)).toEqual(['Job', 'urgent']);
    // Renaming onto an existing label merges the two.
    await ok(user, 'PATCH', '/api/todo/labels/Later', { name: 'job' });
    expect(await labelsOf(b.id)).toEqual(['Job']);
    expect((await ok(user, 'GET', '/api/todo/tasks?view=search&q=later')).tasks).toEqual([]);

    await ok(user, 'DELETE', '/api/todo/labels/URGENT');
    expect(await labelsOf(a.id)).toEqual(['Job']);
    expect((await ok(user, 'GET', '/api/todo/labels')).labels.map((l: { name: string }) => l.name)).toEqual(['Job']);
  });

  it('an unknown label is a 404 and changes nothing; a bad colour a 400', async () => {
    const before = await snapshotDatabase(t.database.handle, { exclude: ['sessions'] });
    expect((await call(user, 'PATCH', '/api/todo/labels/nope', { colour: 'red' })).json()).toMatchObject({
      code: 404,
      message: 'No label with that name',
    });
    expect((await call(user, 'DELETE', '/api/todo/labels/nope')).statusCode).toBe(404);
    expect((await call(user, 'PATCH', '/api/todo/labels/Job', { colour: 'mauve' })).statusCode).toBe(400);
    expect(await snapshotDatabase(t.database.handle, { exclude: ['sessions'] })).toEqual(before);
  });

  it('another user’s labels are theirs: mine do not show, and theirs are not mine to change', async () => {
    const other = await signUp(t.app);
    await ok(other, 'POST', '/api/todo/tasks', { title: 'theirs', labels: ['Secret'] });
    expect((await ok(user, 'GET', '/api/todo/labels')).labels.map((l: { name: string }) => l.name)).not.toContain(
      'Secret',
    );
    expect((await call(user, 'DELETE', '/api/todo/labels/Secret')).statusCode).toBe(404);
    expect((await ok(other, 'GET', '/api/todo/labels')).labels).toEqual([
      { name: 'Secret', colour: 'gray', open_count: 1 },
    ]);
  });

  it('at most 200 labels per user: a task naming a new one past that is a 400 and is not stored', async () => {
    const full = await signUp(t.app);
    const now = new Date().toISOString();
    await t.database.handle.db
      .insertInto('todo_labels')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          user_id: full.id,
          name: `l${i}`,
          name_key: `l${i}`,
          colour: 'gray',
          position: `a${String(i).padStart(3, '0')}`,
          created_at: now,
        })),
      )
      .execute();
    const before = await snapshotDatabase(t.database.handle, { exclude: ['sessions'] });
    const res = await call(full, 'POST', '/api/todo/tasks', { title: 'x', labels: ['l1', 'new'] });
    expect(res.json()).toMatchObject({
      code: 400,
      message: 'You can have at most 200 labels. Delete one to add another.',
    });
    expect(await snapshotDatabase(t.database.handle, { exclude: ['sessions'] })).toEqual(before);
    expect((await call(full, 'POST', '/api/todo/tasks', { title: 'x', labels: ['L1'] })).statusCode).toBe(200);
  });
});
