/**
 * The deploy kit's whole stack on this machine: deploy/Caddyfile run by the real `caddy` (its own
 * CA for a *.localhost name, its state in a temp dir, high ports), two production builds of the
 * server on one throw-away PostgreSQL database and one Redis key space, and an HTTPS client that
 * reaches the proxy the way a browser on another address would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createThrowawayDatabase } from '../../apps/server/src/test/scale-out/throwaway-database.js';
import {
  builtServer,
  freePort,
  productionNodeFlags,
  type ServerProcess,
  startServerProcess,
} from '../../apps/server/src/test/server-process.js';
import { waitFor } from '../../apps/server/src/test/wait-for.js';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const CADDYFILE = path.join(repoRoot, 'deploy/Caddyfile');
/** Chromium and Caddy both take every *.localhost name for this machine; Caddy's own CA signs it. */
export const SITE_HOST = 'site.localhost';
export const ADMIN_PASSWORD = 'deploy-admin-password';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// The throw-away database is made on this server (CI sets the same).
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** X-Request-Id: which instance logged it tells which one answered. */
  requestId: string;
}

/** A child process with its output kept, and a stop that waits for its end. */
interface Child {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

function spawnChild(command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let ended = false;
  child.once('close', () => {
    ended = true;
  });
  return {
    child,
    output: () => output,
    async stop() {
      if (ended) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface Caddy {
  httpsPort: number;
  httpPort: number;
  /** https://site.localhost:<port>, what PUBLIC_URL names. */
  origin: string;
  /** Caddy's root certificate, to check its chain in Node. */
  rootCertificate(): Buffer;
  /** The certificate and key Caddy issued itself for site.localhost. */
  siteCertificate: { cert: string; key: string };
  output(): string;
  stop(): Promise<void>;
}

/** `caddy run` on deploy/Caddyfile as shipped, its placeholders set through the environment. */
export async function startCaddy(httpsPort: number, upstreamPorts: number[]): Promise<Caddy> {
  const [httpPort, adminPort] = [await freePort(), await freePort()];
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-caddy-'));
  const caddy = spawnChild('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    PATH: process.env.PATH,
    // Certificates, the local CA and the autosaved config go here, not to the machine's Caddy.
    HOME: home,
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CONFIG_HOME: path.join(home, 'config'),
    SITE_ADDRESS: SITE_HOST,
    SITE_UPSTREAMS: upstreamPorts.map((port) => `127.0.0.1:${port}`).join(' '),
    CADDY_HTTPS_PORT: String(httpsPort),
    CADDY_HTTP_PORT: String(httpPort),
    CADDY_ADMIN: `127.0.0.1:${adminPort}`,
  });
  const rootFile = path.join(home, 'data/caddy/pki/authorities/local/root.crt');
  const stop = async () => {
    await caddy.stop();
    fs.rmSync(home, { recursive: true, force: true });
  };
  try {
    // Up when its certificate for the name is issued and it answers over TLS.
    await waitFor(
      'serving HTTPS',
      async () => {
        if (caddy.child.exitCode !== null) throw new Error(`caddy ended:\n${caddy.output()}`);
        if (!fs.existsSync(rootFile)) return false;
        const res = await request({ port: httpsPort, ca: fs.readFileSync(rootFile) }, '/api/health').catch(
          () => undefined,
        );
        return res !== undefined;
      },
      30_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    httpsPort,
    httpPort,
    origin: `https://${SITE_HOST}:${httpsPort}`,
    rootCertificate: () => fs.readFileSync(rootFile),
    siteCertificate: {
      cert: path.join(home, `data/caddy/certificates/local/${SITE_HOST}/${SITE_HOST}.crt`),
      key: path.join(home, `data/caddy/certificates/local/${SITE_HOST}/${SITE_HOST}.key`),
    },
    output: caddy.output,
    stop,
  };
}

export interface RequestOptions {
  port: number;
  ca: Buffer;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** The client's own address: 127.0.0.2, 127.0.0.3… are this machine too, seen as other clients. */
  localAddress?: string;
  agent?: https.Agent;
}

/**
 * One HTTPS request to the proxy for site.localhost, its certificate checked against Caddy's root
 * (Node does not resolve *.localhost, so the connection goes to 127.0.0.1 with the name as SNI).
 */
export function request(options: RequestOptions, pathname: string): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: options.port,
        servername: SITE_HOST,
        ca: options.ca,
        path: pathname,
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        agent: options.agent,
        headers: {
          host: `${SITE_HOST}:${options.port}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            requestId: String(res.headers['x-request-id'] ?? ''),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface Instance {
  name: string;
  port: number;
  process: ServerProcess | undefined;
  /** Every log line this instance's processes wrote, restarts included. */
  log(): string;
  /** Whether this instance logged the request with this id (so it answered it). */
  served(requestId: string): boolean;
  start(): Promise<void>;
  /** SIGTERM: the server's own graceful stop; resolves when the process has ended. */
  stop(): Promise<void>;
  /** SIGKILL: a crash; resolves when the process has ended. */
  kill(): Promise<void>;
}

/** An instance of the production build on a fixed port (the proxy's upstream), started on demand. */
export function instance(name: string, port: number, env: Record<string, string>): Instance {
  let earlier = '';
  const self: Instance = {
    name,
    port,
    process: undefined,
    log: () => earlier + (self.process?.output() ?? ''),
    served: (requestId) => requestId !== '' && self.log().includes(`"reqId":"${requestId}"`),
    async start() {
      if (self.process) earlier += self.process.output();
      self.process = await startServerProcess({
        script: builtServer,
        nodeArgs: productionNodeFlags(),
        cwd: repoRoot,
        port,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
        tempDataDir: `deploy-${name}-`,
        timeoutMs: 30_000,
      });
    },
    async stop() {
      await self.process?.stop();
    },
    async kill() {
      const running = self.process;
      if (!running) return;
      running.child.kill('SIGKILL');
      await running.exited;
      await running.stop();
    },
  };
  return self;
}

export interface Stack {
  caddy: Caddy;
  instances: Instance[];
  databaseUrl: string;
  /** A request to the proxy as the client at `localAddress` (127.0.0.1 unless given). */
  get(pathname: string, init?: Omit<RequestOptions, 'port' | 'ca'>): Promise<Answer>;
  stop(): Promise<void>;
}

/**
 * Two instances (LOG_LEVEL info: each request's id is in its log) on one new database and one
 * Redis key space, behind Caddy. Whatever started is stopped again when a later step fails.
 */
export async function startStack(extraEnv: Record<string, string> = {}): Promise<Stack> {
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const database = await createThrowawayDatabase('deploy_test');
    cleanups.push(database.drop);
    const redisKeyPrefix = `deploy-${randomBytes(4).toString('hex')}:`;
    cleanups.push(() => dropRedisKeys(redisKeyPrefix));

    const ports = [await freePort(), await freePort()];
    const httpsPort = await freePort();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      TRUST_PROXY: '1',
      PUBLIC_URL: `https://${SITE_HOST}:${httpsPort}`,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      SUDOKU_POOL_SIZE: '0',
      ...extraEnv,
    };
    const instances = ports.map((port, i) => instance(String(i + 1), port, env));
    // Caddy is stopped after the instances (cleanups run last first): while it still checks their
    // readiness, each leaves its rotation and closes within a second or two (apps/server/src/core/drain.ts).
    let caddy: Caddy | undefined;
    cleanups.push(async () => caddy?.stop());
    cleanups.push(async () => {
      await Promise.all(instances.map((one) => one.stop()));
    });
    // One after the other: the first migrates an empty database, as a first deploy would.
    for (const one of instances) await one.start();
    // Started last, so its first health checks find both up.
    caddy = await startCaddy(httpsPort, ports);

    const ca = caddy.rootCertificate();
    const proxy = caddy;
    return {
      caddy: proxy,
      instances,
      databaseUrl: database.url,
      get: (pathname, init = {}) => request({ ...init, port: proxy.httpsPort, ca }, pathname),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function dropRedisKeys(prefix: string) {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
