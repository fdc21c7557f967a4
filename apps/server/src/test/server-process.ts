/**
 * The server (or any script that serves /api/health) as a child process, for the tests that need
 * a real process (scale-out, durability), the browser tests and the benches: a free port, the
 * first 200 from /api/health, and a stop that cannot hang. Callers choose only the script, Node
 * flags, environment and timings, so a change here (say, to how a stuck server is killed) reaches
 * all of them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverRoot } from '../server-root.js';

/** The production build: what `npm start` runs. */
export const builtServer = path.join(serverRoot, 'dist/main.js');

/** The Node flags of the production server, shared with `npm start`. */
export const productionNodeFlags = (): string[] =>
  JSON.parse(fs.readFileSync(path.join(serverRoot, 'node-flags.json'), 'utf8'));

/** A port nobody listens on right now (the OS picks it; the child binds it a moment later). */
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

export interface ServerProcessOptions {
  /** The script run with `node`. */
  script: string;
  /** Node flags before the script: `--import tsx` for sources, the production flags for the build. */
  nodeArgs?: string[];
  cwd: string;
  /**
   * The child's environment (nothing is inherited unless the caller spreads process.env). HOST and
   * PORT are set here, and DATA_DIR with `tempDataDir`, overriding any given: they must match the
   * address polled and the directory removed.
   */
  env: NodeJS.ProcessEnv;
  /** Name prefix of a fresh directory in the OS temp dir, passed as DATA_DIR and removed on stop. */
  tempDataDir?: string;
  /** How long the first 200 from /api/health may take, ms. */
  timeoutMs?: number;
  /** How often /api/health is polled meanwhile, ms. */
  pollMs?: number;
  /** This port instead of a free one: an instance started again where a proxy expects it. */
  port?: number;
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** The throw-away DATA_DIR when `tempDataDir` asked for one. */
  dataDir: string | undefined;
  /** ms from spawn() to the first 200 from /api/health. */
  startMs: number;
  /** Settles when the process has ended: the signal's name, or `exit <code>`. */
  exited: Promise<string>;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** SIGTERM, SIGKILL if still running after 5 s, then removes the throw-away DATA_DIR. */
  stop(): Promise<void>;
}

/** How long a stopping server may take to close its connections and database. */
const STOP_GRACE_MS = 5000;

/**
 * Spawns `node <nodeArgs> <script>` on a free port of 127.0.0.1 and resolves once /api/health
 * answers 200. Rejects, with everything the child printed, when it exits first or misses the
 * deadline (after stopping it and removing its throw-away DATA_DIR).
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  // The port is free when picked, but another process can take it before the child binds it (many
  // servers start at once in \`npm test\`): the child then fails with EADDRINUSE. Try a new port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (attempt >= 3 || options.port !== undefined || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends Error {}

/**
 * Whether the process \`pid\` listens on TCP \`port\` (Linux: its socket inodes against
 * /proc/net/tcp*). Elsewhere it cannot tell, and says yes.
 */
function listensOn(pid: number, port: number): boolean {
  if (process.platform !== 'linux') return true;
  const inodes = new Set<string>();
  try {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' });
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    }
  } catch {
    return false; // The process is gone, or an fd closed while it was read: not yet.
  }
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = fs.readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hex}`) && fields[3] === '0A' && inodes.has(fields[9] ?? '')) return true;
    }
  }
  return false;
}

async function startOnce(options: ServerProcessOptions): Promise<ServerProcess> {
  const { script, timeoutMs = 60_000, pollMs = 100 } = options;
  const port = options.port ?? (await freePort());
  const dataDir = options.tempDataDir ? fs.mkdtempSync(path.join(os.tmpdir(), options.tempDataDir)) : undefined;
  const baseUrl = `http://127.0.0.1:${port}`;
  const name = path.basename(script);

  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script], {
    cwd: options.cwd,
    env: { ...options.env, HOST: '127.0.0.1', PORT: String(port), ...(dataDir ? { DATA_DIR: dataDir } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  // 'close', not 'exit': it comes once the pipes are drained too, so a crash's last words (on
  // stderr, right before the exit) are in the output. A flag, not exitCode: a child killed by a
  // signal keeps exitCode null.
  let ended = false;
  const exited = new Promise<string>((resolve) =>
    child.once('close', (code, signal) => {
      ended = true;
      resolve(signal ?? `exit ${code}`);
    }),
  );

  const stop = async () => {
    if (!ended) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      // Waited for even after SIGKILL, so DATA_DIR is not removed under a process still writing it.
      await exited;
      clearTimeout(timer);
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = started + timeoutMs;
  let startMs: number;
  for (;;) {
    if (ended) {
      await stop();
      if (output.includes('EADDRINUSE')) throw new PortTakenError(`${name}: port ${port} was taken`);
      throw new Error(`${name} ended (${await exited}) before /api/health answered:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      // Read to the end, so the poll leaves no half-read keep-alive connection behind.
      await res.arrayBuffer();
      // The answer counts only if it is the child's: another process may hold the port.
      if (res.status === 200 && child.pid !== undefined && listensOn(child.pid, port)) {
        startMs = performance.now() - started;
        break;
      }
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer /api/health within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }

  return { child, baseUrl, dataDir, startMs, exited, output: () => output, stop };
}
