/**
 * A throw-away `redis-server` child process, for the tests that kill Redis under a running app
 * (never the shared one on 6379). No persistence: a restarted server starts empty.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

export interface RedisServer {
  port: number;
  url: string;
  /** SIGKILL, as a crash would: no goodbye to the clients. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port (after `kill`). */
  restart(): Promise<void>;
}

/** How long redis-server may take to accept connections. */
const START_TIMEOUT_MS = 10_000;

/**
 * Starts `redis-server` on `port` and resolves once it accepts connections. Fails loudly when the
 * binary is missing (the suite must not skip silently): install it, e.g. `apt-get install redis-server`.
 */
export async function startRedisServer(port: number): Promise<RedisServer> {
  let child = await spawnRedis(port);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      await stop(child);
    },
    async restart() {
      await stop(child);
      child = await spawnRedis(port);
    },
  };
}

async function spawnRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`redis-server could not start (is it installed?): ${error}`)));
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before accepting:\n${output}`)));
  });
  failed.catch(() => {}); // Observed below; after start-up an exit is expected (kill).
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const accepted = await Promise.race([accepts(port), failed]);
    if (accepted) return child;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not accept connections on ${port}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
