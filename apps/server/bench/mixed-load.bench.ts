/**
 * Health under load: many connections of mixed signed-in traffic against the BUILT server, reads
 * and writes of several users at once, while /api/health is asked every 50 ms from a thread of its
 * own (health-watch.ts). Prints figures and PASS/MISS against the goals; nothing is asserted.
 *
 *   npm run bench:mixed          (builds first when the build is missing or stale)
 *
 * Goals: /api/health p99 ≤ 100 ms, no 5xx, RSS back within 20 % of its start 10 s after the load.
 * USERS users, each with 20 to-dos and a wallet of 10 stocks (DATA_MODE=demo, SQLite). Each
 * connection acts as one of them, in turn: /api/me, the to-do list, the Inbox view, the lists, a
 * to-do edited (a write), the wallet's details. The load generator shares the machine's two cores
 * with the server, so the server's own event-loop delay is printed too (event-loop-probe.mjs).
 * BENCH_MIXED_CONNECTIONS (200) and BENCH_MIXED_SECONDS (60) change the load.
 */
import autocannon from 'autocannon';
import { loopDelay, loopProbe, watch } from './health-watch.js';
import {
  assertBuilt,
  type BenchUser,
  machineLine,
  productionNodeFlags,
  seedDemoData,
  signUp,
  startServer,
} from './server-process.js';

const CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const USERS = 16;
const IDLE_AFTER_MS = 10_000;
const GOAL = { healthP99Ms: 100, rssGrowth: 0.2 };

interface Actor {
  user: BenchUser;
  walletId: number;
  todoId: number;
}

/** The requests each connection sends in turn, for the actor it was given. */
function traffic(actor: Actor) {
  const { user, walletId, todoId } = actor;
  const json = { ...user.headers, 'content-type': 'application/json', 'x-csrftoken': csrfOf(user) };
  return [
    { method: 'GET', path: '/api/me', headers: user.headers },
    { method: 'GET', path: `/api/todo?user=${user.id}`, headers: user.headers },
    { method: 'GET', path: '/api/todo/tasks?view=inbox', headers: user.headers },
    { method: 'GET', path: '/api/todo/lists', headers: user.headers },
    {
      method: 'PATCH',
      path: `/api/todo/tasks/${todoId}`,
      headers: json,
      body: JSON.stringify({ title: `Edited under load ${todoId}` }),
    },
    {
      method: 'GET',
      path: `/api/finance/get_wallet_details?wallet_id=${walletId}&user_id=${user.id}`,
      headers: user.headers,
    },
  ] as const;
}

const csrfOf = (user: BenchUser) => /csrftoken=([^;]+)/.exec(user.headers.cookie ?? '')?.[1] ?? '';

async function main() {
  assertBuilt();
  const server = await startServer({ pollMs: 20, nodeArgs: [...productionNodeFlags(), '--import', loopProbe] });
  try {
    const actors: Actor[] = [];
    for (let i = 0; i < USERS; i++) {
      const user = await signUp(server.baseUrl, `mixed${i}${Date.now().toString(36)}`);
      const { walletId } = await seedDemoData(server.baseUrl, user, 20, 10);
      const todos = (await (
        await fetch(`${server.baseUrl}/api/todo?user=${user.id}`, { headers: user.headers })
      ).json()) as { todos: { id: number }[] };
      actors.push({ user, walletId, todoId: todos.todos[0]?.id ?? 0 });
    }
    const startRss = server.rssMiB();
    await loopDelay(server); // counts from here
    const serverCpuBefore = server.cpuMs();
    const benchCpuBefore = process.cpuUsage();
    const watcher = await watch(server);
    let next = 0;
    const plans = new WeakMap<object, ReturnType<typeof traffic>>();
    const result = await autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      duration: DURATION_S,
      // Each connection takes the next actor and cycles through its requests.
      requests: Array.from({ length: 6 }, (_, step) => ({
        setupRequest: (request: autocannon.Request, context: object): autocannon.Request => {
          let plan = plans.get(context);
          if (!plan) {
            plan = traffic(actors[next++ % actors.length] as Actor);
            plans.set(context, plan);
          }
          return { ...request, ...plan[step] } as autocannon.Request;
        },
      })),
    });
    const health = await watcher.stop();
    const serverCpu = server.cpuMs() - serverCpuBefore;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const loop = await loopDelay(server);
    await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_MS));
    const afterRss = server.rssMiB();

    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}: ${count}`)
      .join(', ');
    const fivexx = result['5xx'];
    const growth = afterRss / startRss - 1;
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    console.log(
      `Mixed signed-in load: ${CONNECTIONS} connections × ${DURATION_S} s, ${USERS} users, /api/health every 50 ms; ${machineLine()}`,
    );
    console.table({
      load: {
        'req/s (mean)': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        statuses,
        'errors/timeouts': `${result.errors}/${result.timeouts}`,
      },
      '/api/health': {
        'req/s (mean)': Math.round(health.polls / DURATION_S),
        'p50 ms': Math.round(health.p50),
        'p99 ms': Math.round(health.p99),
        statuses: `failed: ${health.failures}`,
        'errors/timeouts': '',
      },
    });
    console.log(`server event-loop delay during the load: p99 ${loop.p99} ms, max ${loop.max} ms`);
    // Both processes share the machine's cores: what the load generator took is CPU the server did not get.
    console.log(
      `CPU during the load: server ${(serverCpu / 1000).toFixed(1)} s (${Math.round((serverCpu * 1000) / result.requests.total)} µs a request), this process (autocannon and the health thread) ${((benchCpu.user + benchCpu.system) / 1e6).toFixed(1)} s`,
    );
    console.log(
      `RSS: ${startRss.toFixed(1)} MiB at start, ${health.peakRss.toFixed(1)} peak, ${afterRss.toFixed(1)} after ${IDLE_AFTER_MS / 1000} s idle (${(growth * 100).toFixed(0)} %)`,
    );
    console.log(
      `health p99 ${Math.round(health.p99)} ms (goal ≤ ${GOAL.healthP99Ms} ms): ${verdict(health.p99 <= GOAL.healthP99Ms)}`,
    );
    console.log(`5xx: ${fivexx} (goal 0): ${verdict(fivexx === 0 && health.failures === 0)}`);
    console.log(
      `RSS after the load within ${GOAL.rssGrowth * 100} % of its start: ${verdict(growth <= GOAL.rssGrowth)}`,
    );
  } finally {
    await server.stop();
  }
}

await main();
