/**
 * Cold start and idle memory of the BUILT server (`node apps/server/dist/main.js`), next to a bare
 * Fastify hello-world started the same way in the same run. Prints figures and PASS/MISS against
 * the goals (start ≤ 500 ms, idle RSS ≤ 100 MB: docs/decisions.md#start-up-and-memory); nothing is asserted.
 *
 *   npm run bench:startup       (builds first when the build is missing or stale)
 *
 * Start time: from spawn() to the first 200 from /api/health (polled every 5 ms), median of RUNS
 * starts each on a fresh empty DATA_DIR (migrations, admin account, sample projects) and on an
 * already-initialised one. Memory: VmRSS from /proc/<pid>/status after start, after signing up a
 * demo user (20 to-dos, a wallet of 10 stocks) and a few requests to every app's main GET, then
 * IDLE_MS of idle; with the V8 heap / external split reported by the process itself (a preloaded
 * probe answering SIGUSR2). NODE_ENV=production, LOG_LEVEL=warn, SQLite, demo data, no Redis.
 */

import fs from 'node:fs';
import path from 'node:path';
import {
  assertBuilt,
  authedGet,
  type BenchUser,
  helloServer,
  machineLine,
  median,
  productionNodeFlags,
  type ServerProcess,
  seedDemoData,
  signUp,
  startServer,
  tempDataDir,
} from './server-process.js';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 7);
const MEMORY_RUNS = 3;
const IDLE_MS = 5000;
const START_GOAL_MS = 500;
/** 100 MB (decimal); /proc reports KiB, so this is ~95.4 MiB. */
const RSS_GOAL_BYTES = 100e6;
const probe = path.join(import.meta.dirname, 'memory-probe.mjs');

const MiB = 1024 * 1024;
const fmtMs = (ms: number) => `${ms.toFixed(0)} ms`;
const fmtMB = (mib: number) => `${mib.toFixed(1)} MiB (${((mib * MiB) / 1e6).toFixed(0)} MB)`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

async function startTimes(label: string, start: () => Promise<ServerProcess>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const server = await start();
    times.push(server.startMs);
    await server.stop();
  }
  console.log(`  ${label.padEnd(44)} ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  return times;
}

/** A few requests to the main GET of every app, the way their pages load. */
async function touchEveryApp(server: ServerProcess, user: BenchUser, walletId: number) {
  const page = await fetch(`${server.baseUrl}/`);
  if (page.status !== 200) throw new Error(`GET /: ${page.status}`);
  await page.text();
  const urls = [
    `/api/todo?user=${user.id}`,
    '/api/weather?lat=40.7128&lon=-74.006&country_code=us&formatted=New%20York',
    '/api/weather?lat=51.5072&lon=-0.1276&country_code=gb&formatted=London',
    `/api/sudoku/play?difficulty=easy&userid=${user.id}`,
    `/api/sudoku/savedGames?userid=${user.id}`,
    '/api/portfolio',
    '/api/finance/get_stock?symbol=AAPL',
    '/api/finance/get_full_stock?symbol=AAPL&range=1y&interval=1d',
    '/api/finance/get_full_stock?symbol=MSFT&range=1d&interval=5m',
    `/api/finance/get_wallets?user_id=${user.id}`,
    `/api/finance/get_wallet_details?wallet_id=${walletId}&user_id=${user.id}`,
    `/api/finance/get_wallet_history?wallet_id=${walletId}&user_id=${user.id}`,
  ];
  for (let i = 0; i < 3; i++) for (const url of urls) await authedGet(server.baseUrl, user, url);
}

interface Memory {
  afterStart: number;
  idle: number;
  peak: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  afterSearch: number;
}

/** Asks the probe in the child for its own process.memoryUsage(). */
async function selfReport(server: ServerProcess): Promise<NodeJS.MemoryUsage> {
  const before = server.output().length;
  server.child.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    const line = server
      .output()
      .slice(before)
      .match(/^MEMORY (.+)$/m);
    if (line) return JSON.parse(line[1]!);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('The memory probe did not answer');
}

async function memoryRun(dataDir: string | undefined): Promise<Memory> {
  const server = await startServer({
    nodeArgs: [...productionNodeFlags(), `--import=${probe}`],
    ...(dataDir ? { dataDir } : {}),
  });
  try {
    const afterStart = server.rssMiB();
    const user = await signUp(server.baseUrl);
    const { walletId } = await seedDemoData(server.baseUrl, user, 20, 10);
    await touchEveryApp(server, user, walletId);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle = server.rssMiB();
    const self = await selfReport(server);
    // Not one of the brief's main GETs: the weather page's address search loads the demo gazetteer.
    await authedGet(server.baseUrl, user, '/api/geocode/autocomplete?text=Spring');
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return {
      afterStart,
      idle,
      peak: server.rssMiB('VmHWM'),
      heapUsed: self.heapUsed / MiB,
      heapTotal: self.heapTotal / MiB,
      external: self.external / MiB,
      afterSearch: server.rssMiB(),
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  assertBuilt();
  console.log(`Start-up bench: ${RUNS} starts per figure, medians; ${machineLine()}`);

  const hello = await startTimes('bare Fastify hello-world', () => startServer({ script: helloServer }));
  const fresh = await startTimes('site, fresh empty DATA_DIR (first start)', () => startServer());
  const initialised = tempDataDir();
  let warm: number[];
  try {
    await (await startServer({ dataDir: initialised })).stop();
    warm = await startTimes('site, initialised DATA_DIR', () => startServer({ dataDir: initialised }));
  } finally {
    fs.rmSync(initialised, { recursive: true, force: true });
  }

  const helloMs = median(hello);
  console.table({
    'bare Fastify hello-world': { 'median start': fmtMs(helloMs), 'vs hello-world': '1.0×', goal: '' },
    'site, first start (fresh DATA_DIR)': {
      'median start': fmtMs(median(fresh)),
      'vs hello-world': `${(median(fresh) / helloMs).toFixed(1)}×`,
      goal: `≤ ${START_GOAL_MS} ms: ${verdict(median(fresh) <= START_GOAL_MS)}`,
    },
    'site, restart (initialised DATA_DIR)': {
      'median start': fmtMs(median(warm)),
      'vs hello-world': `${(median(warm) / helloMs).toFixed(1)}×`,
      goal: `≤ ${START_GOAL_MS} ms: ${verdict(median(warm) <= START_GOAL_MS)}`,
    },
  });

  console.log(
    `Memory: ${MEMORY_RUNS} runs each; RSS after start, then after a demo user, a few requests to every app's ` +
      `main GET and ${IDLE_MS / 1000} s idle (medians)`,
  );
  const helloRss: number[] = [];
  for (let i = 0; i < MEMORY_RUNS; i++) {
    const h = await startServer({ script: helloServer });
    await fetch(`${h.baseUrl}/hello`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 1000));
    helloRss.push(h.rssMiB());
    await h.stop();
  }
  const rows: Record<string, Record<string, string>> = {
    'bare Fastify hello-world': { 'after start': '', 'idle after requests': fmtMB(median(helloRss)) },
  };
  // Printed as lines too, not only in the table: the README's goals block takes lines (scripts/bench.mjs).
  const startLine = (label: string, ms: number) =>
    `${label}: start to healthy ${fmtMs(ms)} (goal ≤ ${START_GOAL_MS} ms): ${verdict(ms <= START_GOAL_MS)}`;
  const goalLines = [startLine('site, first start', median(fresh)), startLine('site, restart', median(warm))];
  for (const [label, restart] of [
    ['site, first start', false],
    ['site, restart', true],
  ] as const) {
    const runs: Memory[] = [];
    for (let i = 0; i < MEMORY_RUNS; i++) {
      if (!restart) {
        runs.push(await memoryRun(undefined));
        continue;
      }
      const dir = tempDataDir();
      try {
        await (await startServer({ dataDir: dir })).stop();
        runs.push(await memoryRun(dir));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    const m = (f: (r: Memory) => number) => median(runs.map(f));
    rows[label] = {
      'after start': fmtMB(m((r) => r.afterStart)),
      'idle after requests': fmtMB(m((r) => r.idle)),
      'peak (VmHWM)': fmtMB(m((r) => r.peak)),
      'V8 heap used / total': `${m((r) => r.heapUsed).toFixed(1)} / ${m((r) => r.heapTotal).toFixed(1)} MiB`,
      external: `${m((r) => r.external).toFixed(1)} MiB`,
      'rest ≈ RSS − heap − external (code, native libs)': `${(m((r) => r.idle) - m((r) => r.heapTotal) - m((r) => r.external)).toFixed(1)} MiB`,
      '+ address search, idle': fmtMB(m((r) => r.afterSearch)),
    };
    const idle = m((r) => r.idle);
    goalLines.push(
      `${label}: idle RSS ${fmtMB(idle)} (goal ≤ ${RSS_GOAL_BYTES / 1e6} MB): ${verdict(idle * MiB <= RSS_GOAL_BYTES)}`,
    );
  }
  console.table(rows);
  for (const line of goalLines) console.log(line);
}

await main();
