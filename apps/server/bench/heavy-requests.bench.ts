/**
 * Heavy public requests against the BUILT server (issue 17, item 5): does a burst of years-long
 * price histories starve everyone else? The same load runs on two child processes in the same
 * run, one after the other: the baseline with FULL_STOCK_CACHE=off (every answer built, validated,
 * serialized and compressed on request, as before the answer cache) and the server as configured by
 * default (answers built once per symbol, range and interval, compressed once, two builds at a time).
 *
 *   npm run bench:heavy          (builds first when the build is missing or stale)
 *
 * Each round, per server:
 *   1. burst: 90 concurrent anonymous `get_full_stock?symbol=AAPL&range=max` (interval defaults to
 *      1d: ~7,000 daily bars, ~0.7 MB of JSON) without Accept-Encoding, as the issue measured;
 *   2. paced: 3 client addresses (127.0.0.2-4, so the per-client limit counts them apart), each asking
 *      for its own symbol's `range=max` 10 times a second for PACED_S seconds whether or not earlier
 *      answers have arrived, with a browser's `Accept-Encoding: gzip, deflate, br`.
 * Throughout, `/api/health` is asked every 50 ms (from 127.0.0.1, by a worker thread on its own
 * connection, so receiving the heavy answers does not delay the polls here) and the server's
 * RSS read from /proc every 50 ms. Printed per phase: health p50/p99, peak RSS, and how long the heavy
 * requests took to be served (throughput), and the server's own event-loop delay (event-loop-probe.mjs:
 * the health latency also counts time the shared machine gave to the load generator or others).
 * The goal: health p99 < 100 ms, RSS < 250 MB.
 * BENCH_HEAVY_PACED_SECONDS and BENCH_HEAVY_ROUNDS change the length and the number of rounds (medians).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  assertBuilt,
  machineLine,
  median,
  productionNodeFlags,
  type ServerProcess,
  startServer,
} from './server-process.js';

const BURST = 90;
const PACED_S = Number(process.env.BENCH_HEAVY_PACED_SECONDS ?? 20);
const PACED_RATE = 10;
const PACED_CLIENTS = [
  { address: '127.0.0.2', symbol: 'AAPL' },
  { address: '127.0.0.3', symbol: 'MSFT' },
  { address: '127.0.0.4', symbol: 'NVDA' },
];
const ROUNDS = Number(process.env.BENCH_HEAVY_ROUNDS ?? 3);
const HEALTH_EVERY_MS = 50;
const GOAL_HEALTH_P99_MS = 100;
const GOAL_RSS_MB = 250;
const loopProbe = path.join(import.meta.dirname, 'event-loop-probe.mjs');

/** The server's event-loop delay since the last call (event-loop-probe.mjs), ms. */
async function loopDelay(server: ServerProcess): Promise<{ p99: number; max: number }> {
  const before = server.output().length;
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 200; i++) {
    const line = server
      .output()
      .slice(before)
      .match(/^LOOP (.+)$/m);
    if (line) return JSON.parse(line[1]!);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('The server did not report its event-loop delay.');
}

interface Answer {
  status: number;
  bytes: number;
  ms: number;
}

/** One GET over `agent`; resolves with the status, body size and time to the last byte. */
function get(agent: http.Agent, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/**
 * Asks /api/health every 50 ms from a worker thread (its own event loop and connection, so the
 * heavy answers this process receives do not delay the polls) and posts back each time taken, ms.
 */
const HEALTH_POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const times = [];
let failures = 0;
let pending = 0;
let stopping = false;
const finish = () => { if (stopping && pending === 0) { agent.destroy(); parentPort.postMessage({ times, failures }); } };
const timer = setInterval(() => {
  const started = performance.now();
  pending++;
  http.get(workerData.url, { agent }, (res) => {
    res.resume();
    res.on('end', () => { if (res.statusCode === 200) times.push(performance.now() - started); else failures++; pending--; finish(); });
  }).on('error', () => { failures++; pending--; finish(); });
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); stopping = true; finish(); });
`;

/** Polls /api/health (in a worker) and the server's RSS every 50 ms until stopped. */
function watch(server: ServerProcess) {
  const worker = new Worker(HEALTH_POLLER, {
    eval: true,
    workerData: { url: `${server.baseUrl}/api/health`, everyMs: HEALTH_EVERY_MS },
  });
  let peakRss = 0;
  const timer = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, server.rssMiB());
    } catch {
      // The process is gone: stop() will notice.
    }
  }, HEALTH_EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      const done = new Promise<{ times: number[]; failures: number }>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const { times, failures } = await done;
      await worker.terminate();
      return { p50: percentile(times, 50), p99: percentile(times, 99), polls: times.length, failures, peakRss };
    },
  };
}

interface Phase {
  healthP50: number;
  healthP99: number;
  /** The server's own event-loop delay over the phase (excludes time the machine gave to others). */
  loopP99: number;
  loopMax: number;
  peakRssMb: number;
  /** From the first request to the last answer, s. */
  servedInS: number;
  answers: number;
  mbPerS: number;
  bad: number;
}

async function measure(server: ServerProcess, load: () => Promise<Answer[]>): Promise<Phase> {
  await loopDelay(server); // starts counting here
  const watcher = watch(server);
  const started = performance.now();
  const answers = await load();
  const servedInS = (performance.now() - started) / 1000;
  const w = await watcher.stop();
  const loop = await loopDelay(server);
  const bytes = answers.reduce((n, a) => n + a.bytes, 0);
  return {
    healthP50: w.p50,
    healthP99: w.p99,
    loopP99: loop.p99,
    loopMax: loop.max,
    peakRssMb: w.peakRss,
    servedInS,
    answers: answers.length,
    mbPerS: bytes / 1e6 / servedInS,
    bad: answers.filter((a) => a.status !== 200).length + w.failures,
  };
}

const maxUrl = (server: ServerProcess, symbol: string) =>
  `${server.baseUrl}/api/finance/get_full_stock?symbol=${symbol}&range=max`;

async function burst(server: ServerProcess): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: BURST });
  try {
    return await Promise.all(Array.from({ length: BURST }, () => get(agent, maxUrl(server, 'AAPL'))));
  } finally {
    agent.destroy();
  }
}

async function paced(server: ServerProcess): Promise<Answer[]> {
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  const requests: Promise<Answer>[] = [];
  const agents = PACED_CLIENTS.map(({ address }) => new http.Agent({ keepAlive: true, localAddress: address }));
  try {
    await new Promise<void>((resolve) => {
      let sent = 0;
      const timer = setInterval(() => {
        PACED_CLIENTS.forEach(({ symbol }, i) => {
          requests.push(get(agents[i]!, maxUrl(server, symbol), headers));
        });
        if (++sent >= PACED_S * PACED_RATE) {
          clearInterval(timer);
          resolve();
        }
      }, 1000 / PACED_RATE);
    });
    return await Promise.all(requests);
  } finally {
    for (const agent of agents) agent.destroy();
  }
}

interface ServerKind {
  name: string;
  env: Record<string, string>;
}

const KINDS: ServerKind[] = [
  { name: 'baseline (FULL_STOCK_CACHE=off)', env: { FULL_STOCK_CACHE: 'off' } },
  { name: 'answer cache (default)', env: {} },
];

async function round(kind: ServerKind): Promise<{ burst: Phase; paced: Phase; idleRssMb: number }> {
  const server = await startServer({
    env: kind.env,
    pollMs: 20,
    nodeArgs: [...productionNodeFlags(), '--import', loopProbe],
  });
  try {
    // One call of another symbol so both servers have compiled the market code before the clock starts.
    await fetch(`${server.baseUrl}/api/finance/get_full_stock?symbol=JPM&range=max`).then((r) => r.text());
    const idleRssMb = server.rssMiB();
    const b = await measure(server, () => burst(server));
    const p = await measure(server, () => paced(server));
    return { burst: b, paced: p, idleRssMb };
  } finally {
    await server.stop();
  }
}

function row(p: Phase[]) {
  const m = (f: (x: Phase) => number) => median(p.map(f));
  return {
    'health p50 ms': m((x) => x.healthP50).toFixed(1),
    'health p99 ms': m((x) => x.healthP99).toFixed(1),
    'server loop delay p99/max ms': `${m((x) => x.loopP99).toFixed(0)} / ${m((x) => x.loopMax).toFixed(0)}`,
    'peak RSS MB': m((x) => x.peakRssMb).toFixed(0),
    'served in s': m((x) => x.servedInS).toFixed(2),
    'answers/s': m((x) => x.answers / x.servedInS).toFixed(1),
    'MB/s sent': m((x) => x.mbPerS).toFixed(1),
    'non-200': p.reduce((n, x) => n + x.bad, 0),
  };
}

async function main() {
  assertBuilt();
  if (!fs.existsSync('/proc/self/status')) throw new Error('This bench reads RSS from /proc (Linux).');
  console.log(
    `Heavy-requests bench: ${BURST} concurrent get_full_stock range=max, then ${PACED_CLIENTS.length} addresses × ` +
      `${PACED_RATE} req/s × ${PACED_S} s; /api/health every ${HEALTH_EVERY_MS} ms; ${ROUNDS} round(s); ${machineLine()}`,
  );
  const results = new Map<string, { burst: Phase[]; paced: Phase[]; idle: number[] }>(
    KINDS.map((k) => [k.name, { burst: [], paced: [], idle: [] }]),
  );
  for (let r = 1; r <= ROUNDS; r++) {
    for (const kind of KINDS) {
      const res = await round(kind);
      const entry = results.get(kind.name)!;
      entry.burst.push(res.burst);
      entry.paced.push(res.paced);
      entry.idle.push(res.idleRssMb);
      console.log(
        `  round ${r}: ${kind.name}: idle RSS ${res.idleRssMb.toFixed(0)} MB; burst health p99 ` +
          `${res.burst.healthP99.toFixed(1)} ms (loop max ${res.burst.loopMax.toFixed(0)} ms), RSS ${res.burst.peakRssMb.toFixed(0)} MB, served in ` +
          `${res.burst.servedInS.toFixed(2)} s; paced health p99 ${res.paced.healthP99.toFixed(1)} ms (loop max ${res.paced.loopMax.toFixed(0)} ms), RSS ` +
          `${res.paced.peakRssMb.toFixed(0)} MB, served in ${res.paced.servedInS.toFixed(2)} s`,
      );
    }
  }
  const table: Record<string, ReturnType<typeof row>> = {};
  for (const kind of KINDS) {
    const entry = results.get(kind.name)!;
    table[`${kind.name}: burst`] = row(entry.burst);
    table[`${kind.name}: paced`] = row(entry.paced);
  }
  console.table(table);

  const cached = results.get(KINDS[1]!.name)!;
  const base = results.get(KINDS[0]!.name)!;
  const all = [...cached.burst, ...cached.paced];
  // The goal is judged on the medians over rounds (the worse phase); the worst round is shown too.
  const worseMedian = (r: typeof cached, f: (p: Phase) => number) =>
    Math.max(median(r.burst.map(f)), median(r.paced.map(f)));
  const p99 = worseMedian(cached, (p) => p.healthP99);
  const rss = worseMedian(cached, (p) => p.peakRssMb);
  const baseP99 = worseMedian(base, (p) => p.healthP99);
  const baseRss = worseMedian(base, (p) => p.peakRssMb);
  console.log(
    `answer cache: health p99 ${p99.toFixed(1)} ms (median of rounds, worse phase; worst round ` +
      `${Math.max(...all.map((p) => p.healthP99)).toFixed(1)} ms; baseline ${baseP99.toFixed(1)} ms, ` +
      `${(baseP99 / p99).toFixed(0)}× higher; goal < ${GOAL_HEALTH_P99_MS} ms): ${p99 < GOAL_HEALTH_P99_MS ? 'PASS' : 'MISS'}`,
  );
  console.log(
    `answer cache: peak RSS ${rss.toFixed(0)} MB (worst round ${Math.max(...all.map((p) => p.peakRssMb)).toFixed(0)} MB; ` +
      `baseline ${baseRss.toFixed(0)} MB; goal < ${GOAL_RSS_MB} MB): ${rss < GOAL_RSS_MB ? 'PASS' : 'MISS'}`,
  );
  if (all.some((p) => p.bad > 0) || [...base.burst, ...base.paced].some((p) => p.bad > 0)) {
    console.log('Some answers were not 200: the figures above are not valid.');
  }
}

await main();
