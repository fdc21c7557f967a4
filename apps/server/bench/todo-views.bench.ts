/**
 * The task views of GET /api/todo/tasks (docs/api.md#to-do-lists-sharing-and-tasks) and the
 * seed's GET /api/todo through the real app (app.inject, no network) for one user holding 100,
 * 1,000 and 5,000 tasks, next to a bare Fastify hello-world injected the same way in the same run.
 * Goal: a median of at most 5 ms of server time per request at every size, and at most 50 ms of
 * server CPU for the to-do page itself (GET /apps/todo, drawn on the server with the visitor's list
 * when it is small, otherwise its frame: docs/testing.md), measured when the web app is built.
 *
 *   npm run bench:todo-views
 *
 * The tasks are written straight into the database (the API would take a request each): four
 * lists and the Inbox, six labels on about half of them, 70% due within ±60 days of today (a
 * third of those at a time of day, in two zones), 20% completed, one in twenty repeating. Other
 * users' tasks sit in the same tables, as on a real server. SQLite always (as the server runs it,
 * without ANALYZE); PostgreSQL too when TEST_DATABASE_URL is set (analysed after the seeding, and
 * the search index's pending entries merged, as autovacuum does; BENCH_TODO_VIEWS_GIN_PENDING=1
 * leaves them, as in the minute after a bulk write). Each figure is the median (and p95) wall
 * time of BENCH_TODO_VIEWS_REQUESTS requests after a warm-up; "× at 100" compares a view with itself at 100 tasks, to show one that grows with the user's
 * tasks rather than with its page of answers. On PostgreSQL, "PG CPU ms/req" is the CPU its
 * server processes serving this app's connections spent per request (Linux /proc, 10 ms ticks
 * summed over all requests): with "CPU ms/req" it is a request's whole work, which a busy shared
 * machine slows but does not grow, where the wall time also holds the wait for a core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TODO_COLOURS } from '@site/contract';
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.js';
import { dueColumns } from '../src/features/todo/tasks/due.js';
import { searchKey } from '../src/features/todo/tasks/task-search.js';
import { freshKeys } from '../src/features/todo/todo-keys.js';
import { addDays, localTime } from '../src/integrations/time-zones.js';
import { random, words } from './todo-rows.js';

const REQUESTS = Number(process.env.BENCH_TODO_VIEWS_REQUESTS ?? 100);
const WARM_UP = 10;
const SIZES = (process.env.BENCH_TODO_VIEWS_SIZES ?? '100,1000,5000').split(',').map(Number);
const GOAL_MS = 5;
const PAGE_CPU_GOAL_MS = 50;
const PAGE = '/apps/todo';
const webDist = path.resolve(import.meta.dirname, '../../web/dist');
const webBuilt = fs.existsSync(path.join(webDist, 'index.html'));

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const quantile = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

const LIST_NAMES = ['Work', 'Home', 'Errands', 'Someday'];
const LABEL_NAMES = ['Urgent', 'Phone', 'Computer', 'Waiting', 'Bills', 'Garden'];
const ZONES = ['Europe/Paris', 'America/New_York'];

/** `count` tasks for `userId` in four lists and the Inbox (see the header); the lists' ids. */
async function seedUser(db: DatabaseHandle['db'], userId: number, count: number, seed: number) {
  const next = random(seed);
  const now = new Date().toISOString();
  const today = localTime(Date.now(), 'UTC').date;
  const listKeys = freshKeys(LIST_NAMES.length);
  const lists = await db
    .insertInto('todo_lists')
    .values(
      LIST_NAMES.map((name, i) => ({
        user_id: userId,
        name,
        colour: TODO_COLOURS[i + 1]!,
        position: listKeys[i]!,
        archived_at: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  const labelKeys = freshKeys(LABEL_NAMES.length);
  await db
    .insertInto('todo_labels')
    .values(
      LABEL_NAMES.map((name, i) => ({
        user_id: userId,
        name,
        name_key: name.toLowerCase(),
        colour: 'gray',
        position: labelKeys[i]!,
        created_at: now,
      })),
    )
    .execute();

  // Inbox (null) and the lists, the Work list the largest.
  const homes = [null, lists[0]!.id, lists[0]!.id, lists[1]!.id, lists[2]!.id, lists[3]!.id];
  const tasks = Array.from({ length: count }, (_, i) => {
    const listId = homes[Math.floor(next() * homes.length)]!;
    const labels = next() < 0.5 ? [LABEL_NAMES[Math.floor(next() * LABEL_NAMES.length)]!] : [];
    if (next() < 0.2) labels.push(LABEL_NAMES[Math.floor(next() * LABEL_NAMES.length)]!);
    const uniqueLabels = [...new Set(labels)];
    const dated = next() < 0.7;
    const due = dated
      ? {
          date: addDays(today, Math.floor(next() * 121) - 60),
          time: next() < 0.33 ? `${String(7 + Math.floor(next() * 13)).padStart(2, '0')}:30` : null,
          zone: ZONES[Math.floor(next() * ZONES.length)]!,
        }
      : null;
    const completed = next() < 0.2;
    const repeats = dated && !completed && next() < 0.05;
    const title = words(next, 3 + Math.floor(next() * 5));
    const description = next() < 0.4 ? words(next, 10 + Math.floor(next() * 10)) : '';
    return { i, listId, labels: uniqueLabels, due, completed, repeats, title, description };
  });
  const keysByList = new Map<number | null, string[]>();
  for (const listId of homes) {
    if (keysByList.has(listId)) continue;
    keysByList.set(listId, freshKeys(tasks.filter((t) => t.listId === listId).length));
  }
  const rows = tasks.map((t) => ({
    user_id: userId,
    title: t.title,
    description: t.description,
    completed: t.completed ? 1 : 0,
    created_at: now,
    updated_at: now,
    list_id: t.listId,
    created_by: userId,
    ...dueColumns(t.due),
    priority: 1 + Math.floor((t.i * 7919) % 4),
    recurrence: t.repeats ? 'FREQ=WEEKLY' : null,
    recurrence_basis: t.repeats ? ('due' as const) : null,
    position: keysByList.get(t.listId)!.shift()!,
    completed_at: t.completed ? new Date(Date.now() - t.i * 60_000).toISOString() : null,
    search_key: searchKey(t.title, t.description, t.labels),
  }));
  for (let i = 0; i < rows.length; i += 200) {
    const ids = await db
      .insertInto('todos')
      .values(rows.slice(i, i + 200))
      .returning('id')
      .execute();
    const labelRows = ids.flatMap(({ id }, j) =>
      tasks[i + j]!.labels.map((name) => ({ todo_id: id, user_id: userId, name, name_key: name.toLowerCase() })),
    );
    if (labelRows.length) await db.insertInto('todo_task_labels').values(labelRows).execute();
  }
  return { workListId: lists[0]!.id };
}

interface Figure {
  median: number;
  p95: number;
  /** This process's CPU per request: all of it on SQLite; PostgreSQL's own work is elsewhere. */
  cpu: number;
  /** The CPU per request of the PostgreSQL processes serving this process, when there are any. */
  pgCpu: number | undefined;
  tasks: number;
  kB: number;
}

/**
 * The pids of the PostgreSQL server processes serving this process's connections
 * (pg_stat_activity by our sockets' local ports, from /proc), added to `pids`; nothing off Linux.
 */
async function addServerPids(db: DatabaseHandle['db'], pids: Set<number>): Promise<void> {
  if (!fs.existsSync('/proc/self/net/tcp')) return;
  const sockets = new Set(
    fs.readdirSync('/proc/self/fd').flatMap((fd) => {
      try {
        const link = fs.readlinkSync(`/proc/self/fd/${fd}`);
        return link.startsWith('socket:[') ? [link.slice(8, -1)] : [];
      } catch {
        return [];
      }
    }),
  );
  const ports = ['/proc/self/net/tcp', '/proc/self/net/tcp6'].flatMap((file) =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .slice(1)
          .map((line) => line.trim().split(/\s+/))
          .filter((cols) => cols.length > 9 && sockets.has(cols[9]!))
          .map((cols) => Number.parseInt(cols[1]!.split(':')[1]!, 16))
      : [],
  );
  const rows = await sql<{ pid: number }>`select pid from pg_stat_activity where client_port = any(${ports})`.execute(
    db,
  );
  for (const { pid } of rows.rows) pids.add(pid);
}

/** The CPU (ms, in 10 ms ticks) the processes `pids` have used; one gone is dropped. */
function cpuOf(pids: Set<number>): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // utime and stime, fields 14 and 15, counted after the command's closing parenthesis.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      pids.delete(pid);
    }
  }
  return ticks * 10;
}

type Call = () => Promise<{ statusCode: number; body: string; rawPayload: Buffer }>;

/**
 * Times several calls in rounds, one request of each per round after WARM_UP rounds, so a burst of
 * load on the shared machine falls on every figure alike rather than on whichever ran then.
 */
async function time(calls: [string, Call][], db?: DatabaseHandle['db']): Promise<Figure[]> {
  for (let i = 0; i < WARM_UP; i++) for (const [, call] of calls) await call();
  const samples = calls.map(() => ({ wall: [] as number[], cpu: 0, pgCpu: 0, tasks: 0, bytes: 0 }));
  const pids = new Set<number>();
  // Each call's requests in a run of their own: the server's CPU is read between runs, not per request.
  const runs = db ? 10 : 1;
  for (let i = 0; i < REQUESTS; i += runs) {
    for (const [n, [what, call]] of calls.entries()) {
      const sample = samples[n]!;
      if (db) await addServerPids(db, pids);
      const pgStart = cpuOf(pids);
      for (let r = i; r < Math.min(REQUESTS, i + runs); r++) {
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        const res = await call();
        sample.wall.push(performance.now() - start);
        const cpu = process.cpuUsage(cpuStart);
        sample.cpu += (cpu.user + cpu.system) / 1000;
        if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        if (r === 0) {
          // A page is HTML: it counts no tasks.
          const body = res.body.startsWith('{')
            ? (JSON.parse(res.body) as { tasks?: unknown[]; todos?: unknown[] })
            : {};
          sample.tasks = (body.tasks ?? body.todos ?? []).length;
          sample.bytes = res.rawPayload.length;
        }
      }
      sample.pgCpu += cpuOf(pids) - pgStart;
    }
  }
  return samples.map((sample) => ({
    median: quantile(sample.wall, 0.5),
    p95: quantile(sample.wall, 0.95),
    cpu: sample.cpu / REQUESTS,
    pgCpu: db ? sample.pgCpu / REQUESTS : undefined,
    tasks: sample.tasks,
    kB: sample.bytes / 1024,
  }));
}

/** A bare Fastify answering `{ hello: 'world' }`, injected like the app: what any request costs. */
async function helloWorld(): Promise<Figure> {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.ready();
  try {
    const [figure] = await time([['hello-world', () => hello.inject({ method: 'GET', url: '/' })]]);
    return figure!;
  } finally {
    await hello.close();
  }
}

async function bench(kind: 'sqlite' | 'postgres', baseline: Figure) {
  const { createTestApp, injectAs, signUp } = await import('../src/test/test-app.js');
  const t = await createTestApp(kind, webBuilt ? { WEB_DIST_DIR: webDist } : {});
  const rows: Record<string, Record<string, string>> = {};
  const misses: string[] = [];
  try {
    const db = t.database.handle.db;
    const users = [];
    for (const [n, size] of SIZES.entries()) {
      const user = await signUp(t.app);
      users.push({ size, user, ...(await seedUser(db, user.id, size, n + 1)) });
    }
    // PostgreSQL's autovacuum analyses a table within a minute of a write this size; without
    // statistics its planner may loop over the label's rows once per task (docs/decisions.md).
    // Its analyse also moves the search index's pending entries (GIN's fast update: the words of
    // recent writes, read in full by every search) into the index, which a plain ANALYZE leaves.
    if (kind === 'postgres') {
      await sql`analyze`.execute(db);
      if (!process.env.BENCH_TODO_VIEWS_GIN_PENDING)
        await sql`select gin_clean_pending_list('todos_search')`.execute(db);
    }
    const atFirstSize = new Map<string, number>();
    for (const { size, user, workListId } of users) {
      const targets: [string, string][] = [
        ['today', '/api/todo/tasks?view=today&tz=Europe%2FParis'],
        ['upcoming', '/api/todo/tasks?view=upcoming&tz=Europe%2FParis'],
        ['inbox', '/api/todo/tasks?view=inbox'],
        ['list (Work)', `/api/todo/tasks?view=list&list_id=${workListId}`],
        ['search "invoice"', '/api/todo/tasks?view=search&q=invoice'],
        ['search "pa" (short prefix)', '/api/todo/tasks?view=search&q=pa'],
        ['search "passport renew"', '/api/todo/tasks?view=search&q=passport%20renew'],
        ['completed', '/api/todo/tasks?view=completed'],
        ['label (Urgent)', '/api/todo/tasks?view=label&label=urgent'],
        ['GET /api/todo (seed, unpaged)', '/api/todo'],
        ['GET /api/me (signed-in floor)', '/api/me'],
        ...(webBuilt ? [[`page ${PAGE} (CPU ≤ ${PAGE_CPU_GOAL_MS} ms)`, PAGE] as [string, string]] : []),
      ];
      const call = (url: string): [string, Call] => [url, () => injectAs(t.app, user, { method: 'GET', url })];
      // The seed's unpaged list alone: its megabyte of garbage would land in the views' figures.
      const pg = kind === 'postgres' ? db : undefined;
      const figures = [
        ...(await time(
          targets.filter(([, url]) => url !== '/api/todo').map(([, url]) => call(url)),
          pg,
        )),
        ...(await time([call('/api/todo')], pg)),
      ];
      targets.sort(([, a], [, b]) => Number(a === '/api/todo') - Number(b === '/api/todo'));
      for (const [n, [view, url]] of targets.entries()) {
        const figure = figures[n]!;
        atFirstSize.set(view, atFirstSize.get(view) ?? figure.median);
        const page = url === PAGE;
        const meets = page ? figure.cpu <= PAGE_CPU_GOAL_MS : figure.median <= GOAL_MS;
        const paged = url.startsWith('/api/todo/tasks');
        if ((paged || page) && !meets) misses.push(`${kind} ${size} ${view}`);
        rows[`${kind} ${size}: ${view}`] = {
          'median ms': figure.median.toFixed(2),
          'p95 ms': figure.p95.toFixed(2),
          'CPU ms/req': figure.cpu.toFixed(2),
          'PG CPU ms/req': figure.pgCpu === undefined ? '' : figure.pgCpu.toFixed(2),
          'answer tasks': String(figure.tasks),
          'answer kB': figure.kB.toFixed(1),
          '× hello-world': (figure.median / baseline.median).toFixed(0),
          [`× at ${SIZES[0]}`]: (figure.median / atFirstSize.get(view)!).toFixed(1),
          [`≤ ${GOAL_MS} ms`]: paged || page ? (meets ? 'PASS' : 'MISS') : meets ? '(yes)' : '(no)',
        };
      }
    }
    if (!webBuilt) console.log(`(the web app is not built: no figure for the page ${PAGE}; npm run build first)`);
  } finally {
    await t.close();
  }
  return { rows, misses };
}

const kinds: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
console.log(
  `To-do views bench: ${REQUESTS} requests per figure after ${WARM_UP} warm-up, via app.inject, one user each ` +
    `with ${SIZES.join(' / ')} tasks; Node ${process.version}, ${os.cpus().length} CPUs, load average ` +
    `${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}` +
    (process.env.TEST_DATABASE_URL ? '' : ' (set TEST_DATABASE_URL to include PostgreSQL)'),
);
const baseline = await helloWorld();
const table: Record<string, Record<string, string>> = {
  'bare Fastify hello-world': {
    'median ms': baseline.median.toFixed(3),
    'p95 ms': baseline.p95.toFixed(3),
    'CPU ms/req': baseline.cpu.toFixed(3),
    'PG CPU ms/req': '',
    'answer tasks': '',
    'answer kB': baseline.kB.toFixed(1),
    '× hello-world': '1',
    [`× at ${SIZES[0]}`]: '',
    [`≤ ${GOAL_MS} ms`]: '',
  },
};
const misses: string[] = [];
for (const kind of kinds) {
  const result = await bench(kind, baseline);
  Object.assign(table, result.rows);
  misses.push(...result.misses);
}
console.table(table);
console.log(
  misses.length
    ? `Goal (median ≤ ${GOAL_MS} ms per view at every size): MISS for ${misses.join('; ')}`
    : `Goal (median ≤ ${GOAL_MS} ms per view at every size): met by every view (GET /api/todo is unpaged and not held to it)`,
);
