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
 * stocks (DATA_MODE=demo); and refused requests, each beside the success of its route: `/api/me`
 * signed out and with an unknown token (401), another user's to-do list (403), another user's
 * wallet (404), a to-do list asked for with a malformed user (400). The site runs as in
 * production: NODE_ENV=production, LOG_LEVEL=warn,
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
/** Server CPU per request as a multiple of the hello-world's, at most (docs/decisions.md#session-cache). */
const CPU_GOALS: Record<string, number> = {
  'GET /api/me (signed in, no data)': 2.5,
  'GET /api/todo (20 items)': 4,
  'GET get_wallet_details (10 holdings)': 12,
};

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  server: ServerProcess;
  /** The status every answer must have (200 unless the target is a refusal). */
  status?: number;
  /** A refusal: the success whose cost it must not exceed. */
  refusalOf?: string;
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
    bad:
      result.requests.total -
      (result.statusCodeStats?.[String(target.status ?? 200) as '200']?.count ?? 0) +
      result.errors +
      result.timeouts,
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
    const other = await signUp(site.baseUrl, `benchother${Date.now().toString(36)}`);
    const { walletId: othersWallet } = await seedDemoData(site.baseUrl, other, 1, 1);
    const me = 'GET /api/me (signed in, no data)';
    const todo = 'GET /api/todo (20 items)';
    const wallet = 'GET get_wallet_details (10 holdings)';

    const targets: Target[] = [
      { name: 'hello-world GET /hello', url: `${hello.baseUrl}/hello`, headers: {}, server: hello },
      // The floor of any signed-in call: routing, security headers, session lookup, a tiny JSON answer.
      { name: me, url: `${site.baseUrl}/api/me`, headers: user.headers, server: site },
      {
        name: todo,
        url: `${site.baseUrl}/api/todo?user=${user.id}`,
        headers: user.headers,
        server: site,
      },
      {
        name: wallet,
        url: `${site.baseUrl}/api/finance/get_wallet_details?wallet_id=${walletId}&user_id=${user.id}`,
        headers: user.headers,
        server: site,
      },
      {
        name: '401 /api/me signed out',
        url: `${site.baseUrl}/api/me`,
        headers: {},
        server: site,
        status: 401,
        refusalOf: me,
      },
      {
        name: '401 /api/me unknown token',
        url: `${site.baseUrl}/api/me`,
        headers: { authorization: `Token ${'x'.repeat(43)}` },
        server: site,
        status: 401,
        refusalOf: me,
      },
      {
        name: "403 another user's to-do list",
        url: `${site.baseUrl}/api/todo?user=${other.id}`,
        headers: user.headers,
        server: site,
        status: 403,
        refusalOf: todo,
      },
      {
        name: '400 to-do list, malformed user',
        url: `${site.baseUrl}/api/todo?user=abc`,
        headers: user.headers,
        server: site,
        status: 400,
        refusalOf: todo,
      },
      {
        name: "404 another user's wallet",
        url: `${site.baseUrl}/api/finance/get_wallet_details?wallet_id=${othersWallet}&user_id=${user.id}`,
        headers: user.headers,
        server: site,
        status: 404,
        refusalOf: wallet,
      },
    ];
    // Checks each target answers 200 with the expected body before loading it.
    for (const t of targets) {
      const res = await fetch(t.url, { headers: t.headers });
      const body = await res.text();
      if (res.status !== (t.status ?? 200)) throw new Error(`${t.name}: ${res.status} ${body}`);
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
    const cpuOf = (name: string) => summary.find((s) => s.name === name)!.cpuUs;
    const helloCpu = summary[0]!.cpuUs;
    for (const [name, goal] of Object.entries(CPU_GOALS)) {
      const ratio = cpuOf(name) / helloCpu;
      console.log(
        `${name}: ${ratio.toFixed(1)}× hello-world CPU (goal ≤ ${goal}×): ${ratio <= goal ? 'PASS' : 'MISS'}`,
      );
    }
    for (const t of targets.filter((target) => target.refusalOf)) {
      const [refused, success] = [cpuOf(t.name), cpuOf(t.refusalOf!)];
      console.log(
        `${t.name}: ${refused.toFixed(0)} µs vs ${success.toFixed(0)} µs for the success ` +
          `(goal: no more): ${refused <= success ? 'PASS' : 'MISS'}`,
      );
    }
    if (summary.some((s) => s.bad > 0))
      console.log('Some answers had another status: the figures above are not valid.');
  } finally {
    for (const s of servers) await s.stop();
  }
}

await main();
