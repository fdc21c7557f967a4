/**
 * HTTP throughput and latency of the BUILT server against a bare Fastify hello-world, each in its
 * own child process, measured the same way in the same run with autocannon (50 connections,
 * DURATION_S seconds per run, ROUNDS runs per target, medians printed). Prints figures only.
 *
 *   npm run bench:http          (builds first when the build is missing or stale)
 *
 * Targets: the hello-world's `GET /hello`; `GET /api/me`, the cheapest signed-in call (what every
 * signed-in request pays before its own work); the signed-in `GET /api/todo?user=<id>` of a user with
 * 20 to-dos; `GET /api/finance/get_wallet_details?wallet_id=..&user_id=..` of a wallet holding 10
 * stocks (DATA_MODE=demo). The site runs as in production: NODE_ENV=production, LOG_LEVEL=warn,
 * SQLite in a temporary DATA_DIR. Requests carry the session cookie and `Authorization: Token`.
 * The load generator shares the machine's cores with the server, so absolute figures are lower
 * than on a dedicated client; the ratios against the hello-world are the comparable figures.
 * BENCH_HTTP_SECONDS and BENCH_HTTP_ROUNDS shorten or lengthen the runs.
 */
import autocannon from 'autocannon';
import {
  assertBuilt,
  helloServer,
  machineLine,
  median,
  type ServerProcess,
  seedDemoData,
  signUp,
  startServer,
} from './server-process.js';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
const WARM_UP_S = 2;
/** The goal: the to-do list serves at least half the hello-world's requests per second. */
const TODO_GOAL = 0.5;

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  server: ServerProcess;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  /** The server process's CPU time per request, µs: steadier than req/s on a shared machine. */
  cpuUs: number;
  bad: number;
}

async function load(target: Target, seconds: number): Promise<Run> {
  const cpuStart = target.server.cpuMs();
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: target.headers,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs: ((target.server.cpuMs() - cpuStart) * 1000) / Math.max(1, result.requests.total),
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

async function main() {
  assertBuilt();
  console.log(
    `HTTP bench: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per run, ${ROUNDS} runs per target ` +
      `(medians), after a ${WARM_UP_S} s warm-up; ${machineLine()}`,
  );
  const servers: ServerProcess[] = [];
  try {
    const hello = await startServer({ script: helloServer });
    servers.push(hello);
    const site = await startServer();
    servers.push(site);
    const user = await signUp(site.baseUrl);
    const { walletId } = await seedDemoData(site.baseUrl, user, 20, 10);

    const targets: Target[] = [
      { name: 'hello-world GET /hello', url: `${hello.baseUrl}/hello`, headers: {}, server: hello },
      // The floor of any signed-in call: routing, security headers, session lookup, a tiny JSON answer.
      { name: 'GET /api/me (signed in, no data)', url: `${site.baseUrl}/api/me`, headers: user.headers, server: site },
      {
        name: 'GET /api/todo (20 items)',
        url: `${site.baseUrl}/api/todo?user=${user.id}`,
        headers: user.headers,
        server: site,
      },
      {
        name: 'GET get_wallet_details (10 holdings)',
        url: `${site.baseUrl}/api/finance/get_wallet_details?wallet_id=${walletId}&user_id=${user.id}`,
        headers: user.headers,
        server: site,
      },
    ];
    // Checks each target answers 200 with the expected body before loading it.
    for (const t of targets) {
      const res = await fetch(t.url, { headers: t.headers });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${t.name}: ${res.status} ${body}`);
      console.log(`  ${t.name}: ${body.length} bytes of JSON`);
    }

    for (const t of targets) await load(t, WARM_UP_S);
    // Rounds interleave the targets so a busy moment on the shared machine hits all of them alike.
    const runs = new Map<string, Run[]>(targets.map((t) => [t.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const t of targets) {
        const run = await load(t, DURATION_S);
        runs.get(t.name)!.push(run);
        console.log(
          `  round ${round}: ${t.name.padEnd(38)} ${run.rps.toFixed(0).padStart(6)} req/s, ` +
            `p50 ${run.p50} ms, p99 ${run.p99} ms, server CPU ${run.cpuUs.toFixed(0)} µs/req${run.bad ? `, ${run.bad} non-2xx/errors` : ''}`,
        );
      }
    }

    const summary = targets.map((t) => {
      const rs = runs.get(t.name)!;
      return {
        name: t.name,
        rps: median(rs.map((r) => r.rps)),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        cpuUs: median(rs.map((r) => r.cpuUs)),
        bad: rs.reduce((n, r) => n + r.bad, 0),
      };
    });
    const helloRps = summary[0]!.rps;
    console.table(
      Object.fromEntries(
        summary.map((s) => [
          s.name,
          {
            'req/s (median)': Math.round(s.rps),
            'p50 ms': s.p50,
            'p99 ms': s.p99,
            'server CPU µs/req': Math.round(s.cpuUs),
            'CPU/req vs hello-world': `${(s.cpuUs / summary[0]!.cpuUs).toFixed(1)}×`,
            'vs hello-world': `${((s.rps / helloRps) * 100).toFixed(1)} %`,
            'non-2xx/errors': s.bad,
          },
        ]),
      ),
    );
    const todo = summary.find((s) => s.name.startsWith('GET /api/todo'))!;
    const wallet = summary.find((s) => s.name.startsWith('GET get_wallet_details'))!;
    const todoRatio = todo.rps / helloRps;
    console.log(
      `to-do / hello-world: ${(todoRatio * 100).toFixed(1)} % (goal ≥ ${TODO_GOAL * 100} %): ` +
        `${todoRatio >= TODO_GOAL ? 'PASS' : 'MISS'}`,
    );
    console.log(`wallet details / hello-world: ${((wallet.rps / helloRps) * 100).toFixed(1)} %`);
    if (summary.some((s) => s.bad > 0)) console.log('Some responses were not 2xx: the figures above are not valid.');
  } finally {
    for (const s of servers) await s.stop();
  }
}

await main();
