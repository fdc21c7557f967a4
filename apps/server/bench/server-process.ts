/**
 * Shared by the HTTP, start-up and Lighthouse benches: runs the BUILT server
 * (`apps/server/dist/main.js`) or the bare Fastify hello-world (`hello-server.mjs`) as a child
 * process with plain `node`, the way production runs it, on a free port and a throw-away DATA_DIR;
 * times the first 200 from /api/health; reads the child's RSS from /proc; and signs up a demo user
 * with to-dos and a wallet.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const builtServer = path.join(repoRoot, 'apps/server/dist/main.js');
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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  dataDir: string | undefined;
  /** ms from spawn() to the first 200 from /api/health. */
  startMs: number;
  output(): string;
  /** Resident set size from /proc/<pid>/status, in MiB (VmRSS, or VmHWM for the peak). */
  rssMiB(field?: 'VmRSS' | 'VmHWM'): number;
  /** CPU time the process has used so far (user + system, /proc/<pid>/stat), ms; 10 ms resolution. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** The Node flags of the production server, shared with `npm start` and the browser tests. */
export const productionNodeFlags = (): string[] =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps/server/node-flags.json'), 'utf8'));

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
  const port = await freePort();
  const ownDataDir = isSite && !options.dataDir;
  const dataDir = isSite ? (options.dataDir ?? tempDataDir()) : undefined;
  const baseUrl = `http://127.0.0.1:${port}`;
  const pollMs = options.pollMs ?? 5;

  const started = performance.now();
  // The site runs with the Node flags `npm start` uses (apps/server/node-flags.json).
  const nodeArgs = options.nodeArgs ?? (isSite ? productionNodeFlags() : []);
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_MODE: 'demo',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (ownDataDir && dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = started + 60_000;
  let startMs: number;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`${path.basename(script)} exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      await res.arrayBuffer();
      if (res.status === 200) {
        startMs = performance.now() - started;
        break;
      }
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`${path.basename(script)} did not answer /api/health within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }

  const pid = child.pid!;
  return {
    child,
    pid,
    baseUrl,
    dataDir,
    startMs,
    output: () => output,
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
    stop,
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
