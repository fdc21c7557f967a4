import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../../test/test-databases.js';
import { callAs, okAs } from '../todo.test-support.js';
import { freshKeys } from '../todo-keys.js';

/** docs/api.md#to-do-lists-sharing-and-tasks: lists and sharing through the API. */
describe.each(routeTestDatabaseKinds)('to-do lists on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t)(...args);
  const ok = (...args: Parameters<ReturnType<typeof okAs>>) => okAs(t)(...args);
  const snapshot = () => snapshotDatabase(t.database.handle, { exclude: ['sessions'] });

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('creates lists at the end, with open counts, and an Inbox that is always there', async () => {
    const user = await signUp(t.app);
    expect(await ok(user, 'GET', '/api/todo/lists')).toEqual({ inbox: { open_count: 0 }, lists: [] });
    const work = await ok(user, 'POST', '/api/todo/lists', { name: ' Work ', colour: 'blue' });
    const home = await ok(user, 'POST', '/api/todo/lists', { name: 'Home' });
    expect(work).toMatchObject({ name: 'Work', colour: 'blue', archived: false, role: 'owner', open_count: 0 });
    expect(home.colour).toBe('gray');
    await ok(user, 'POST', '/api/todo/tasks', { title: 'inbox task' });
    await ok(user, 'POST', '/api/todo/tasks', { title: 'work task', list_id: work.id });
    const done = await ok(user, 'POST', '/api/todo/tasks', { title: 'done', list_id: work.id });
    await ok(user, 'POST', `/api/todo/tasks/${done.id}/complete`, { completed: true });
    const overview = await ok(user, 'GET', '/api/todo/lists');
    expect(overview.inbox).toEqual({ open_count: 1 });
    expect(overview.lists.map((l: { name: string; open_count: number }) => [l.name, l.open_count])).toEqual([
      ['Work', 1],
      ['Home', 0],
    ]);
    expect(overview.lists[0].owner).toEqual({ id: user.id, username: user.username });
  });

  it('renames, recolours, archives and reorders (owner only)', async () => {
    const user = await signUp(t.app);
    const a = await ok(user, 'POST', '/api/todo/lists', { name: 'A' });
    const b = await ok(user, 'POST', '/api/todo/lists', { name: 'B' });
    const c = await ok(user, 'POST', '/api/todo/lists', { name: 'C' });
    const changed = await ok(user, 'PATCH', `/api/todo/lists/${c.id}`, {
      name: 'See',
      colour: 'red',
      archived: true,
      before_id: a.id,
    });
    expect(changed).toMatchObject({ name: 'See', colour: 'red', archived: true });
    const names = async () => (await ok(user, 'GET', '/api/todo/lists')).lists.map((l: { name: string }) => l.name);
    expect(await names()).toEqual(['See', 'A', 'B']);
    await ok(user, 'PATCH', `/api/todo/lists/${c.id}`, { after_id: b.id, archived: false });
    expect(await names()).toEqual(['A', 'B', 'See']);
    expect((await call(user, 'PATCH', `/api/todo/lists/${c.id}`, { after_id: 999_999 })).statusCode).toBe(404);
  });

  it.each([
    ['an empty name', { name: ' ' }, 'Name is required'],
    ['a long name', { name: 'x'.repeat(61) }, 'Name must be at most 60 characters'],
    ['an unknown colour', { name: 'ok', colour: 'mauve' }, 'Colour must be one of'],
  ])('refuses %s (400, nothing stored)', async (_name, body, message) => {
    const before = await snapshot();
    const res = await call(alice, 'POST', '/api/todo/lists', body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it('at most 100 lists per user (400, nothing stored)', async () => {
    const user = await signUp(t.app);
    const now = new Date().toISOString();
    const keys = freshKeys(100);
    await t.database.handle.db
      .insertInto('todo_lists')
      .values(
        keys.map((position, i) => ({
          user_id: user.id,
          name: `L${i}`,
          colour: 'gray',
          position,
          archived_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const before = await snapshot();
    const res = await call(user, 'POST', '/api/todo/lists', { name: 'one too many' });
    expect(res.json()).toEqual({
      success: false,
      code: 400,
      message: 'You can have at most 100 lists. Delete one to add another.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('shares by username: unknown → 404, myself → 400, a second PUT changes the role', async () => {
    const list = await ok(alice, 'POST', '/api/todo/lists', { name: 'Shared' });
    const url = `/api/todo/lists/${list.id}/members`;
    expect((await call(alice, 'PUT', url, { username: 'nobody-here', role: 'viewer' })).json()).toMatchObject({
      code: 404,
      message: 'No user with that username',
    });
    expect((await call(alice, 'PUT', url, { username: alice.username, role: 'viewer' })).statusCode).toBe(400);
    expect((await call(alice, 'PUT', url, { username: bob.username, role: 'owner' })).statusCode).toBe(400);
    const shared = await ok(alice, 'PUT', url, { username: bob.username, role: 'viewer' });
    expect(shared).toMatchObject({
      owner: { id: alice.id, username: alice.username },
      members: [{ id: bob.id, username: bob.username, role: 'viewer' }],
    });
    const promoted = await ok(alice, 'PUT', url, { username: bob.username, role: 'editor' });
    expect(promoted.members).toMatchObject([{ id: bob.id, role: 'editor' }]);
    // An editor's task belongs to the list's owner and says who added it.
    const task = await ok(bob, 'POST', '/api/todo/tasks', { title: 'from bob', list_id: list.id });
    expect(task).toMatchObject({ user: alice.id, created_by: bob.id });
  });

  it('at most 20 members per list', async () => {
    const list = await ok(alice, 'POST', '/api/todo/lists', { name: 'Crowded' });
    const now = new Date().toISOString();
    // Written directly: sign-ups are rate limited per address.
    const members = await t.database.handle.db
      .insertInto('users')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          username: `${alice.username}_m${i}`,
          email: `${alice.username}_m${i}@example.com`,
          password_hash: 'x',
          is_admin: 0,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    await t.database.handle.db
      .insertInto('todo_list_members')
      .values(members.map((m) => ({ list_id: list.id, user_id: m.id, role: 'viewer' as const, created_at: now })))
      .execute();
    const res = await call(alice, 'PUT', `/api/todo/lists/${list.id}/members`, {
      username: bob.username,
      role: 'viewer',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A list can be shared with at most 20 people. Remove someone first.');
  });

  it('deleting a user takes their lists, memberships and tasks with them', async () => {
    const owner = await signUp(t.app);
    const list = await ok(owner, 'POST', '/api/todo/lists', { name: 'Going' });
    await ok(owner, 'PUT', `/api/todo/lists/${list.id}/members`, { username: bob.username, role: 'editor' });
    const bobs = await ok(bob, 'POST', '/api/todo/tasks', { title: 'bob adds', list_id: list.id });
    await t.database.handle.db.deleteFrom('users').where('id', '=', owner.id).execute();
    expect((await call(bob, 'GET', `/api/todo/tasks?view=list&list_id=${list.id}`)).statusCode).toBe(404);
    const gone = await t.database.handle.db.selectFrom('todos').select('id').where('id', '=', bobs.id).execute();
    expect(gone).toEqual([]);
  });
});
