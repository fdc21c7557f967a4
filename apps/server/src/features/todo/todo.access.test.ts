import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseWatcher, databaseWatcher } from '../../test/security/fuzz-snapshot.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { callAs, type Method, okAs } from './todo.test-support.js';

type Role = 'owner' | 'editor' | 'viewer' | 'stranger' | 'removed';
const ROLES: Role[] = ['stranger', 'removed', 'viewer', 'editor', 'owner'];

interface Call {
  name: string;
  method: Method;
  /** Builds the request against the shared list (and fresh resources when the call uses one up). */
  request: () => Promise<{ url: string; payload?: object }>;
  /** The status per role; refused writes must leave every table as it was. */
  expect: Record<Role, number>;
  write: boolean;
}

const READ = { owner: 200, editor: 200, viewer: 200, stranger: 404, removed: 404 };
const TASK_WRITE = { owner: 200, editor: 200, viewer: 403, stranger: 404, removed: 404 };
const OWNER_ONLY = { owner: 200, editor: 403, viewer: 403, stranger: 404, removed: 404 };

/**
 * docs/api.md#to-do-lists-sharing-and-tasks: who may do what with a shared list and its tasks —
 * the owner everything, an editor the tasks, a viewer reads, and a stranger or a removed member
 * gets 404 for every call (ids reveal nothing). A refused call changes nothing.
 */
describe.each(testDatabaseKinds)('to-do access matrix on %s', (kind) => {
  let t: TestApp;
  const users = {} as Record<Role, TestUser>;
  let extra: TestUser;
  let listId: number;
  let taskId: number;
  let itemId: number;
  const call = () => callAs(t);
  const ok = () => okAs(t);
  /** What a refused call changed (fuzz-snapshot.ts: rows read only when something was written). */
  let watcher: DatabaseWatcher;
  /** Sends a call that may be refused; a refused one must change no table. */
  const unchangedUnlessOk = async (send: () => Promise<LightMyRequestResponse>, label: string) => {
    const { result: res, changes } = await watcher.watch(send);
    if (res.statusCode !== 200) expect(await changes(), `${label} changed the database`).toEqual([]);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const role of ROLES) users[role] = await signUp(t.app);
    extra = await signUp(t.app);
    const owner = users.owner;
    listId = (await ok()(owner, 'POST', '/api/todo/lists', { name: 'Shared' })).id;
    for (const [role, as] of [
      ['editor', 'editor'],
      ['viewer', 'viewer'],
      ['removed', 'editor'],
    ] as const) {
      await ok()(owner, 'PUT', `/api/todo/lists/${listId}/members`, { username: users[role].username, role: as });
    }
    await ok()(owner, 'DELETE', `/api/todo/lists/${listId}/members/${users.removed.id}`);
    await ok()(owner, 'PUT', `/api/todo/lists/${listId}/members`, { username: extra.username, role: 'viewer' });
    taskId = (await ok()(owner, 'POST', '/api/todo/tasks', { title: 'Shared task', list_id: listId, labels: ['x'] }))
      .id;
    itemId = (await ok()(owner, 'POST', `/api/todo/tasks/${taskId}/checklist`, { title: 'Step' })).id;
    watcher = await databaseWatcher(t.database.handle);
  });
  afterAll(() => t.close());

  const freshTask = async () =>
    (await ok()(users.owner, 'POST', '/api/todo/tasks', { title: 'Doomed', list_id: listId })).id as number;
  const freshItem = async () =>
    (await ok()(users.owner, 'POST', `/api/todo/tasks/${taskId}/checklist`, { title: 'Doomed step' })).id as number;

  const calls: Call[] = [
    {
      name: 'read the members',
      method: 'GET',
      request: async () => ({ url: `/api/todo/lists/${listId}/members` }),
      expect: READ,
      write: false,
    },
    {
      name: 'read the list view',
      method: 'GET',
      request: async () => ({ url: `/api/todo/tasks?view=list&list_id=${listId}` }),
      expect: READ,
      write: false,
    },
    {
      name: 'read the completed view of the list',
      method: 'GET',
      request: async () => ({ url: `/api/todo/tasks?view=completed&list_id=${listId}` }),
      expect: READ,
      write: false,
    },
    {
      name: 'rename the list',
      method: 'PATCH',
      request: async () => ({ url: `/api/todo/lists/${listId}`, payload: { name: 'Renamed' } }),
      expect: OWNER_ONLY,
      write: true,
    },
    {
      name: 'share the list',
      method: 'PUT',
      request: async () => ({
        url: `/api/todo/lists/${listId}/members`,
        payload: { username: extra.username, role: 'editor' },
      }),
      expect: OWNER_ONLY,
      write: true,
    },
    {
      name: 'add a task to the list',
      method: 'POST',
      request: async () => ({ url: '/api/todo/tasks', payload: { title: 'New', list_id: listId } }),
      expect: TASK_WRITE,
      write: true,
    },
    {
      name: 'edit a task',
      method: 'PATCH',
      request: async () => ({ url: `/api/todo/tasks/${taskId}`, payload: { title: 'Edited', priority: 1 } }),
      expect: TASK_WRITE,
      write: true,
    },
    {
      name: 'complete a task',
      method: 'POST',
      request: async () => ({ url: `/api/todo/tasks/${await freshTask()}/complete`, payload: { completed: true } }),
      expect: TASK_WRITE,
      write: true,
    },
    {
      name: 'move a task within the list',
      method: 'POST',
      request: async () => ({ url: `/api/todo/tasks/${taskId}/move`, payload: { list_id: listId } }),
      expect: TASK_WRITE,
      write: true,
    },
    {
      name: 'bulk-change tasks (404 for any task one may not change)',
      method: 'POST',
      request: async () => ({
        url: '/api/todo/tasks/bulk',
        payload: { ids: [taskId], action: 'label', label: 'bulk' },
      }),
      expect: { ...TASK_WRITE, viewer: 404 },
      write: true,
    },
    {
      name: 'add a checklist item',
      method: 'POST',
      request: async () => ({ url: `/api/todo/tasks/${taskId}/checklist`, payload: { title: 'More' } }),
      expect: TASK_WRITE,
      write: true,
    },
    {
      name: 'tick a checklist item',
      method: 'PATCH',
      request: async () => ({ url: `/api/todo/tasks/${taskId}/checklist/${itemId}`, payload: { done: true } }),
      expect: TASK_WRITE,
      write: true,
    },
    {
      name: 'delete a checklist item',
      method: 'DELETE',
      request: async () => ({ url: `/api/todo/tasks/${taskId}/checklist/${await freshItem()}` }),
      expect: TASK_WRITE,
      write: true,
    },
    {
      name: 'delete a task',
      method: 'DELETE',
      request: async () => ({ url: `/api/todo/tasks/${await freshTask()}` }),
      expect: TASK_WRITE,
      write: true,
    },
  ];

  it.each(calls)('$name', async (c) => {
    for (const role of ROLES) {
      const { url, payload } = await c.request();
      const send = () => call()(users[role], c.method, url, payload);
      // Reads change nothing whatever they answer: only refused writes are checked.
      const res = c.write ? await unchangedUnlessOk(send, role) : await send();
      expect(res.statusCode, `${role}: ${c.method} ${url}: ${res.body}`).toBe(c.expect[role]);
    }
  });

  it('removing another member: the owner only; strangers and removed members get 404', async () => {
    for (const role of ['stranger', 'removed', 'viewer', 'editor'] as const) {
      const res = await unchangedUnlessOk(
        () => call()(users[role], 'DELETE', `/api/todo/lists/${listId}/members/${extra.id}`),
        role,
      );
      expect(res.statusCode, role).toBe(OWNER_ONLY[role]);
    }
    await ok()(users.owner, 'DELETE', `/api/todo/lists/${listId}/members/${extra.id}`);
    const { members } = await ok()(users.owner, 'GET', `/api/todo/lists/${listId}/members`);
    expect(members.map((m: { id: number }) => m.id)).not.toContain(extra.id);
  });

  it('a member may leave; then the list is a 404 to them', async () => {
    const leaver = await signUp(t.app);
    await ok()(users.owner, 'PUT', `/api/todo/lists/${listId}/members`, { username: leaver.username, role: 'viewer' });
    expect((await call()(leaver, 'GET', `/api/todo/tasks?view=list&list_id=${listId}`)).statusCode).toBe(200);
    await ok()(leaver, 'DELETE', `/api/todo/lists/${listId}/members/${leaver.id}`);
    expect((await call()(leaver, 'GET', `/api/todo/tasks?view=list&list_id=${listId}`)).statusCode).toBe(404);
    expect((await call()(leaver, 'GET', `/api/todo/lists/${listId}/members`)).statusCode).toBe(404);
  });

  it('lists and their tasks show up for members with their role, and not for strangers', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const { lists } = await ok()(users[role], 'GET', '/api/todo/lists');
      expect(lists.find((l: { id: number }) => l.id === listId)).toMatchObject({
        role,
        owner: { id: users.owner.id, username: users.owner.username },
      });
    }
    for (const role of ['stranger', 'removed'] as const) {
      expect((await ok()(users[role], 'GET', '/api/todo/lists')).lists).toEqual([]);
      const search = await ok()(users[role], 'GET', '/api/todo/tasks?view=search&q=shared');
      expect(search.tasks).toEqual([]);
    }
    const seen = await ok()(users.viewer, 'GET', '/api/todo/tasks?view=search&q=edited');
    expect(seen.tasks.map((x: { id: number }) => x.id)).toContain(taskId);
  });

  it('deleting the list: the owner only, and its tasks go with it', async () => {
    for (const role of ['stranger', 'removed', 'viewer', 'editor'] as const) {
      expect((await call()(users[role], 'DELETE', `/api/todo/lists/${listId}`)).statusCode, role).toBe(
        OWNER_ONLY[role],
      );
    }
    await ok()(users.owner, 'DELETE', `/api/todo/lists/${listId}`);
    const left = await t.database.handle.db.selectFrom('todos').select('id').where('list_id', '=', listId).execute();
    expect(left).toEqual([]);
    expect((await call()(users.editor, 'GET', `/api/todo/tasks?view=list&list_id=${listId}`)).statusCode).toBe(404);
  });
});
