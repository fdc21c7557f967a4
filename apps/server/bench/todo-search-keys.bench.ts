/**
 * Renaming a label that 5,000 tasks carry (PATCH /api/todo/labels/:name), through the real app
 * (app.inject, no network): every task's search text changes with it, which `refreshSearchKeys`
 * (features/todo/todo-core.repository.ts) rewrites. The label is renamed back and forth
 * BENCH_TODO_SEARCH_KEYS_RENAMES times after a warm-up; each figure is the median (and p95) wall
 * time of one rename and this process's CPU for it. SQLite always; PostgreSQL too when
 * TEST_DATABASE_URL is set. Prints figures only
 * (docs/decisions.md#to-do-search-and-label-renames-at-5000-tasks).
 *
 *   npx tsx --conditions=source apps/server/bench/todo-search-keys.bench.ts
 */
import os from 'node:os';
import { TODOS_MAX } from '@site/contract';
import { searchKey } from '../src/features/todo/tasks/task-search.js';
import { freshKeys } from '../src/features/todo/todo-keys.js';

const RENAMES = Number(process.env.BENCH_TODO_SEARCH_KEYS_RENAMES ?? 10);
const WARM_UP = 2;
const TASKS = TODOS_MAX;

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

async function bench(kind: 'sqlite' | 'postgres') {
  const { createTestApp, injectAs, signUp } = await import('../src/test/test-app.js');
  const t = await createTestApp(kind);
  try {
    const db = t.database.handle.db;
    const user = await signUp(t.app);
    const now = new Date().toISOString();
    await db
      .insertInto('todo_labels')
      .values({ user_id: user.id, name: 'Phone', name_key: 'phone', colour: 'gray', position: 'a0', created_at: now })
      .execute();
    const positions = freshKeys(TASKS);
    for (let i = 0; i < TASKS; i += 500) {
      const rows = positions.slice(i, i + 500).map((position, j) => ({
        user_id: user.id,
        title: `call number ${i + j}`,
        description: 'about the parcel',
        completed: 0,
        created_at: now,
        updated_at: now,
        position,
        created_by: user.id,
        search_key: searchKey(`call number ${i + j}`, 'about the parcel', ['Phone']),
      }));
      const ids = await db.insertInto('todos').values(rows).returning('id').execute();
      await db
        .insertInto('todo_task_labels')
        .values(ids.map(({ id }) => ({ todo_id: id, user_id: user.id, name: 'Phone', name_key: 'phone' })))
        .execute();
    }
    const names = ['Phone', 'Telephone'];
    const wall: number[] = [];
    let cpu = 0;
    for (let i = 0; i < WARM_UP + RENAMES; i++) {
      const [from, to] = [names[i % 2]!, names[(i + 1) % 2]!];
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      const res = await injectAs(t.app, user, {
        method: 'PATCH',
        url: `/api/todo/labels/${from}`,
        payload: { name: to },
      });
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpuStart);
      if (res.statusCode !== 200) throw new Error(`rename answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      if (i < WARM_UP) continue;
      wall.push(ms);
      cpu += (used.user + used.system) / 1000;
    }
    const found = await db
      .selectFrom('todos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('search_key', 'like', `%${names[(WARM_UP + RENAMES) % 2]!.toLowerCase()}`)
      .executeTakeFirstOrThrow();
    return {
      [`${kind}: rename a label on ${TASKS} tasks`]: {
        'median ms': quantile(wall, 0.5).toFixed(1),
        'p95 ms': quantile(wall, 0.95).toFixed(1),
        'CPU ms/rename': (cpu / RENAMES).toFixed(1),
        'tasks rewritten': String(Number(found.n)),
      },
    };
  } finally {
    await t.close();
  }
}

const kinds: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
console.log(
  `To-do search keys bench: ${RENAMES} label renames after ${WARM_UP} warm-up, via app.inject; Node ` +
    `${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
);
const table = {};
for (const kind of kinds) Object.assign(table, await bench(kind));
console.table(table);
