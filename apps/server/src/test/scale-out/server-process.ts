import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  baseUrl: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
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

/**
 * Runs the server from source (`src/main.ts` through tsx, as `npm run dev` does) as its own
 * process with `env`, and waits until /api/health answers. Unit tests run before the build, so
 * this cannot use `dist`.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', path.join(serverRoot, 'src/main.ts')],
    {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SUDOKU_POOL_SIZE: '0',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Server did not become healthy within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, output: () => output, stop };
}
