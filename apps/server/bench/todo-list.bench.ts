/**
 * GET /api/todo through the real app (app.inject, no network) for a user at the to-do cap
 * (TODOS_MAX items) against a user with 20 items, measured the same way in the same run: median
 * wall time, this process's CPU per request and the answer's size, plain and brotli/gzip-encoded
 * as a browser asks. "Typical" items have a short title and a sentence of description; "largest"
 * ones fill both fields to their maximum (200 + 2,000 characters). SQLite always; PostgreSQL too
 * when TEST_DATABASE_URL is set. Prints figures only (docs/api.md#limits).
 *
 *   npm run bench:todo
 */
import os from 'node:os';
import { TODO_DESCRIPTION_MAX, TODO_TITLE_MAX, TODOS_MAX } from '@site/contract';
import { insertTodos } from './todo-rows.js';

const REQUESTS = Number(process.env.BENCH_TODO_REQUESTS ?? 60);
const WARM_UP = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const VOCABULARY = (
  'call the plumber about kitchen sink ask tuesday morning spare key neighbours number buy milk bread ' +
  'eggs renew passport book dentist email invoice pay rent water plants fix bike tyre pick up parcel ' +
  'post office return library books draft report review slides meeting notes garden fence paint'
).split(' ');
/** `count` words picked pseudo-randomly (seeded), so answers compress like real text, not like a repeat. */
function words(count: number, seed: number): string {
  let state = (seed * 2_654_435_761) >>> 0 || 1;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out.push(VOCABULARY[(state >>> 0) % VOCABULARY.length]!);
  }
  return out.join(' ');
}

interface Figure {
  wallMs: number;
  cpuMs: number;
  kB: number;
}

async function bench(kind: 'sqlite' | 'postgres') {
  const { createTestApp, injectAs, signUp } = await import('../src/test/test-app.js');
  const t = await createTestApp(kind);
  try {
    const db = t.database.handle.db;
    const userWith = async (count: number, title: (i: number) => string, description: (i: number) => string) => {
      const user = await signUp(t.app);
      await insertTodos(db, user.id, count, (i) => ({
        title: title(i),
        description: description(i),
        completed: i % 3 === 0,
      }));
      return user;
    };
    const typicalTitle = (i: number) => words(6, i);
    const typicalDescription = (i: number) => words(14, i + 7);
    const users = {
      '20 typical': await userWith(20, typicalTitle, typicalDescription),
      [`${TODOS_MAX} typical`]: await userWith(TODOS_MAX, typicalTitle, typicalDescription),
      [`${TODOS_MAX} largest`]: await userWith(
        TODOS_MAX,
        (i) => words(60, i).slice(0, TODO_TITLE_MAX),
        (i) => words(600, i).slice(0, TODO_DESCRIPTION_MAX),
      ),
    };

    const measure = async (user: Awaited<ReturnType<typeof signUp>>, encoding?: string): Promise<Figure> => {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const call = () => injectAs(t.app, user, { method: 'GET', url: '/api/todo', headers });
      for (let i = 0; i < WARM_UP; i++) await call();
      const wall: number[] = [];
      let bytes = 0;
      const cpuStart = cpuMs();
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        const res = await call();
        wall.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`GET /api/todo answered ${res.statusCode}`);
        bytes = res.rawPayload.length;
      }
      return { wallMs: median(wall), cpuMs: (cpuMs() - cpuStart) / REQUESTS, kB: bytes / 1024 };
    };

    const rows: Record<string, Record<string, string>> = {};
    let baseline: Figure | undefined;
    for (const [name, user] of Object.entries(users)) {
      for (const encoding of [undefined, 'br, gzip']) {
        const figure = await measure(user, encoding);
        baseline ??= figure;
        rows[`${kind}: ${name}${encoding ? ' (br)' : ''}`] = {
          'median ms': figure.wallMs.toFixed(2),
          'CPU ms/req': figure.cpuMs.toFixed(2),
          'answer kB': figure.kB.toFixed(1),
          'median × 20 items': (figure.wallMs / baseline.wallMs).toFixed(1),
        };
      }
    }
    return rows;
  } finally {
    await t.close();
  }
}

const kinds: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
console.log(
  `To-do list bench: ${REQUESTS} requests per figure after ${WARM_UP} warm-up, via app.inject; ` +
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}` +
    (process.env.TEST_DATABASE_URL ? '' : ' (set TEST_DATABASE_URL to include PostgreSQL)'),
);
const table: Record<string, Record<string, string>> = {};
for (const kind of kinds) Object.assign(table, await bench(kind));
console.table(table);
