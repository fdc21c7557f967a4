import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstanceOn, createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { todoRepository } from './todo.repository.js';
import { todoService } from './todo.service.js';
import { todoAnswers } from './todo-answers.js';

/**
 * The kept to-do list answer is used only while the user's to-do version is unchanged, and the
 * version moves with every change to the rows behind it: here the rows are changed by hand in the
 * database, by a cascade and by another instance, none of which the answers' code hears about.
 */
describe.each(testDatabaseKinds)('the to-do list answers kept by version, on %s', (kind) => {
  let t: TestApp;
  let user: TestUser;
  let builds = 0;
  let answers: ReturnType<typeof todoAnswers>;
  const service = () => todoService(todoRepository(t.database.handle));
  const db = () => t.database.handle.db;
  const list = async () => JSON.parse((await answers.list(user.id)).json.toString());

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await signUp(t.app);
    for (const title of ['First', 'Second']) {
      const res = await injectAs(t.app, user, {
        method: 'POST',
        url: '/api/todo',
        payload: { title, description: '' },
      });
      expect(res.statusCode).toBe(200);
    }
    answers = todoAnswers(t.database.handle, (userId) => {
      builds++;
      return service().list(userId);
    });
  });
  afterAll(() => t?.close());

  it('answers exactly what the route would serialize, and keeps it while nothing changes', async () => {
    const before = builds;
    const first = await answers.list(user.id);
    expect(JSON.parse(first.json.toString())).toEqual(await service().list(user.id));
    expect(await answers.list(user.id)).toBe(first);
    expect(builds).toBe(before + 1);

    const res = await injectAs(t.app, user, { method: 'GET', url: '/api/todo' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(first.json.toString());
  });

  it('compresses a kept answer once per encoding, and sends it as the compression hook would', async () => {
    // Over the 1 kB compression threshold.
    const busy = await signUp(t.app);
    for (let i = 0; i < 8; i++) {
      const payload = { title: `Errand ${i}`, description: 'Pick up the parcel at the post office' };
      expect((await injectAs(t.app, busy, { method: 'POST', url: '/api/todo', payload })).statusCode).toBe(200);
    }
    const kept = await answers.list(busy.id);
    expect(kept.encoded('br')).toBe(kept.encoded('br'));
    const res = await injectAs(t.app, busy, { method: 'GET', url: '/api/todo', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(await service().list(busy.id));
  });

  it('builds again after any change to the rows, made anywhere', async () => {
    await list();
    await db().updateTable('todos').set({ title: 'Renamed by hand' }).where('user_id', '=', user.id).execute();
    expect((await list()).todos.map((todo: { title: string }) => todo.title)).toEqual([
      'Renamed by hand',
      'Renamed by hand',
    ]);

    const [todo] = await db().selectFrom('todos').select('id').where('user_id', '=', user.id).execute();
    await db()
      .insertInto('todo_task_labels')
      .values({ todo_id: todo!.id, user_id: user.id, name: 'Errand', name_key: 'errand' })
      .execute();
    expect((await list()).todos.find((t: { id: number }) => t.id === todo!.id).labels).toEqual(['Errand']);
  });

  it('builds again when a deleted list takes its tasks with it (a cascade)', async () => {
    const now = new Date().toISOString();
    const created = await db()
      .insertInto('todo_lists')
      .values({ user_id: user.id, name: 'Trip', colour: 'blue', position: 'a0', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [todo] = await db().selectFrom('todos').select('id').where('user_id', '=', user.id).execute();
    await db().updateTable('todos').set({ list_id: created.id }).where('id', '=', todo!.id).execute();
    expect((await list()).todos).toHaveLength(2);
    await db().deleteFrom('todo_lists').where('id', '=', created.id).execute();
    expect((await list()).todos).toHaveLength(1);
  });

  it('builds again after a change made through another instance', async () => {
    const other = await createInstanceOn(t);
    try {
      await list();
      const res = await injectAs(other.app, user, {
        method: 'POST',
        url: '/api/todo',
        payload: { title: 'From the other instance', description: '' },
      });
      expect(res.statusCode).toBe(200);
      expect((await list()).todos.map((todo: { title: string }) => todo.title)).toContain('From the other instance');
    } finally {
      await other.close();
    }
  });

  it("is one user's answer only: another user's change leaves it kept", async () => {
    const other = await signUp(t.app);
    await list();
    const before = builds;
    await injectAs(t.app, other, { method: 'POST', url: '/api/todo', payload: { title: 'Theirs', description: '' } });
    await list();
    expect(builds).toBe(before);
  });

  it('keeps no answer over its size limit, and drops the oldest past the total', async () => {
    const answers = todoAnswers(t.database.handle, (userId) => service().list(userId), {
      answerBytes: 64 * 1024,
      totalBytes: 100 * 1024,
    });
    const big = await signUp(t.app);
    const description = 'x'.repeat(900);
    await db()
      .insertInto('todos')
      .values(
        Array.from({ length: 80 }, (_, i) => ({
          user_id: big.id,
          title: `Task ${i}`,
          description,
          completed: 0,
          created_at: '2026-11-29T00:00:00.000Z',
          updated_at: '2026-11-29T00:00:00.000Z',
          position: `a${String(i).padStart(3, '0')}`,
        })),
      )
      .execute();
    expect((await answers.list(big.id)).json.length).toBeGreaterThan(64 * 1024);
    expect(answers.size.answers).toBe(0);

    // Two answers of ~40 kB fit under 100 kB; a third sends the oldest out.
    const users = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    for (const someone of users) {
      await db()
        .insertInto('todos')
        .values(
          Array.from({ length: 40 }, (_, i) => ({
            user_id: someone.id,
            title: `Task ${i}`,
            description: 'y'.repeat(900),
            completed: 0,
            created_at: '2026-11-29T00:00:00.000Z',
            updated_at: '2026-11-29T00:00:00.000Z',
            position: `a${String(i).padStart(3, '0')}`,
          })),
        )
        .execute();
    }
    const kept = [];
    for (const someone of users) kept.push(await answers.list(someone.id));
    expect(answers.size.answers).toBe(2);
    expect(answers.size.bytes).toBeLessThanOrEqual(100 * 1024);
    expect(await answers.list(users[2]!.id)).toBe(kept[2]);
    expect(await answers.list(users[1]!.id)).toBe(kept[1]);
    expect(await answers.list(users[0]!.id)).not.toBe(kept[0]);
  });
});
