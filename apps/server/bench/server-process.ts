/**
 * Shared by the HTTP, start-up and Lighthouse benches: runs the BUILT server
 * (`apps/server/dist/main.js`) or the bare Fastify hello-world (`hello-server.mjs`) as a child
 * process with plain `node`, the way production runs it, on a free port and a throw-away DATA_DIR;
 * times the first 200 from /api/health; reads the child's RSS from /proc; and signs up a demo user
 * with to-dos and a wallet. Spawning, waiting and stopping are ../src/test/server-process.ts, shared
 * with the tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  builtServer,
  type ServerProcess as ChildServer,
  freePort,
  productionNodeFlags,
  startServerProcess,
} from '../src/test/server-process.js';

export { builtServer, freePort, productionNodeFlags };
export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const helloServer = path.join(import.meta.dirname, 'hello-server.mjs');
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export function machineLine(): string {
  return `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`;
}

/** Refuses to run against a missing build (`npm run bench` builds first when it is missing or stale). */
export function assertBuilt(...files: string[]) {
  for (const file of [builtServer, ...files]) {
    if (!fs.existsSync(file)) {
      throw new Error(`${path.relative(repoRoot, file)} is missing: run \`npm run build\` (npm run bench does).`);
    }
  }
}

const TEMP_DATA_DIR_PREFIX = 'site-bench-';
export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), TEMP_DATA_DIR_PREFIX));

export interface ServerProcess extends ChildServer {
  pid: number;
  /** Resident set size from /proc/<pid>/status, in MiB (VmRSS, or VmHWM for the peak). */
  rssMiB(field?: 'VmRSS' | 'VmHWM'): number;
  /** CPU time the process has used so far (user + system, /proc/<pid>/stat), ms; 10 ms resolution. */
  cpuMs(): number;
}

export interface StartOptions {
  /** The script to run with `node`; the built server by default. */
  script?: string;
  /** An existing data directory (kept on stop); a fresh temporary one (removed on stop) otherwise. */
  dataDir?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  /** How often /api/health is polled while starting, ms. */
  pollMs?: number;
}

/**
 * Spawns the server and waits for the first 200 from /api/health. The production environment of
 * the brief: NODE_ENV=production, LOG_LEVEL=warn, SQLite in DATA_DIR, no Redis, demo data.
 */
export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  const script = options.script ?? builtServer;
  const isSite = script === builtServer;
  // The hello-world has no data; the site gets the given directory (kept) or a fresh one (removed on stop).
  const keptDataDir = isSite ? options.dataDir : undefined;
  const server = await startServerProcess({
    script,
    // The site runs with the Node flags `npm start` uses (apps/server/node-flags.json).
    nodeArgs: options.nodeArgs ?? (isSite ? productionNodeFlags() : []),
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_MODE: 'demo',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      ...(keptDataDir ? { DATA_DIR: keptDataDir } : {}),
      ...options.env,
    },
    tempDataDir: isSite && !keptDataDir ? TEMP_DATA_DIR_PREFIX : undefined,
    // Frequent polls: startMs is what the start-up bench reports.
    pollMs: options.pollMs ?? 5,
  });

  const pid = server.child.pid!;
  return {
    ...server,
    dataDir: server.dataDir ?? keptDataDir,
    pid,
    rssMiB(field = 'VmRSS') {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1]);
      return kb / 1024;
    },
    cpuMs() {
      // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    },
  };
}

/** USER_HZ of /proc/<pid>/stat: 100 on Linux x86 and arm. */
const CLOCK_TICKS = 100;

/** A signed-in user of a running server: send `headers` with every request. */
export interface BenchUser {
  id: number;
  token: string;
  headers: Record<string, string>;
}

async function call(baseUrl: string, method: string, url: string, headers: Record<string, string>, body?: object) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/**
 * Signs up a user and authenticates every later request with both the session cookie and
 * `Authorization: Token` (token auth needs no CSRF header for mutations; GETs need none anyway).
 */
export async function signUp(baseUrl: string, username = `bench${Date.now().toString(36)}`): Promise<BenchUser> {
  const session = await call(
    baseUrl,
    'POST',
    '/api/signup',
    {},
    { username, email: `${username}@example.com`, password: 'bench-password-123' },
  );
  const token: string = session.token;
  return {
    id: session.user_id,
    token,
    headers: { cookie: `sessionid=${token}; csrftoken=${session.csrf_token}`, authorization: `Token ${token}` },
  };
}

export const authedGet = (baseUrl: string, user: BenchUser, url: string) => call(baseUrl, 'GET', url, user.headers);

/** Ten large US companies of the demo market. */
export const DEMO_SYMBOLS = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'NVDA', 'META', 'TSLA', 'JPM', 'V', 'JNJ'];

/** Demo data of the brief: `todos` to-dos (every fourth completed) and one wallet holding `holdings` stocks. */
export async function seedDemoData(baseUrl: string, user: BenchUser, todos = 20, holdings = 10) {
  for (let i = 0; i < todos; i++) {
    const todo = await call(baseUrl, 'POST', '/api/todo', user.headers, {
      title: `Bench to-do ${i + 1}`,
      description: `A to-do item of the benchmark user, number ${i + 1}, with a short description.`,
    });
    if (i % 4 === 3) await call(baseUrl, 'PUT', '/api/todo', user.headers, { todo_id: todo.id });
  }
  const created = await call(baseUrl, 'POST', '/api/finance/create_wallet', user.headers, { wallet_name: 'Bench' });
  const walletId: number = created.wallet.wallet_id;
  for (const symbol of DEMO_SYMBOLS.slice(0, holdings)) {
    await call(baseUrl, 'POST', '/api/finance/add_stock_to_wallet', user.headers, {
      wallet_id: walletId,
      symbol,
      quantity: 2,
    });
  }
  return { walletId };
}
