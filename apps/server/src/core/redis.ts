import type { Redis } from 'ioredis';

/** What the connection reports to: the app logger (pino) or anything with the same two methods. */
export interface RedisLog {
  warn(obj: object, message: string): void;
  info(message: string): void;
}

/** Redis as health reports it: answering, or configured but not answering. */
export type RedisState = 'ok' | 'down';

/** After a failed command on a connection that still looks open, Redis is skipped this long. */
const FAILURE_PAUSE_MS = 1000;
/** Start-up waits this long for a first connection, so a healthy Redis counts from the first request. */
const STARTUP_WAIT_MS = 2000;
/** Reconnection back-off: 100 ms more per attempt, at most this. */
const MAX_RECONNECT_DELAY_MS = 2000;

const silent: RedisLog = { warn() {}, info() {} };

/**
 * An app instance's Redis connection for commands (pub/sub has its own: broadcast.ts). Redis is
 * an optimisation, never a dependency a visitor waits for (docs/architecture.md): commands fail
 * at once while it is away (no offline queue) and callers run their in-process fallback instead;
 * ioredis reconnects by itself, and the outage is logged once (warn when it goes, info when it is
 * back).
 */
export class RedisConnection {
  private down = false;
  private pausedUntil = 0;
  private closing = false;

  constructor(
    readonly client: Redis,
    private readonly log: RedisLog = silent,
  ) {
    client.on('ready', () => this.recovered());
    // Also keeps ioredis from printing "Unhandled error event" on every reconnection attempt.
    client.on('error', (error: Error) => this.failed(error));
    client.on('close', () => this.failed(new Error('connection closed')));
  }

  /** Whether a command is worth sending now: connected, and not just after a failure. */
  get available(): boolean {
    return this.client.status === 'ready' && Date.now() >= this.pausedUntil;
  }

  /** `command` on Redis when it is available, `fallback` when it is not or the command fails. */
  async run<T>(command: (client: Redis) => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    if (!this.available) return fallback();
    try {
      const result = await command(this.client);
      this.recovered();
      return result;
    } catch (error) {
      this.pausedUntil = Date.now() + FAILURE_PAUSE_MS;
      this.failed(error as Error);
      return fallback();
    }
  }

  /** Redis answers a PING now (or not). */
  state(): Promise<RedisState> {
    return this.run(
      async (client) => {
        await client.ping();
        return 'ok' as const;
      },
      () => 'down' as const,
    );
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.client.status === 'ready') await this.client.quit().catch(() => this.client.disconnect());
    else this.client.disconnect();
  }

  private failed(error: Error) {
    if (this.down || this.closing) return;
    this.down = true;
    this.log.warn(
      { err: error },
      'Redis is unreachable: rate limits count per instance and upstream answers are cached per instance until it is back',
    );
  }

  private recovered() {
    if (!this.down || this.client.status !== 'ready') return;
    this.down = false;
    this.pausedUntil = 0;
    this.log.info('Redis is back: rate limits and upstream caches are shared again');
  }
}

/**
 * Connects to Redis in the background and keeps reconnecting; resolves once connected or after
 * the first failed attempt (at most {@link STARTUP_WAIT_MS}), so the server starts, and serves,
 * with Redis down. ioredis is loaded only here, so a single instance without REDIS_URL never
 * pays for it.
 */
export async function openRedis(
  url: string,
  log?: RedisLog,
  /** A command may take this long before it counts as failed (Redis answers in well under 1 ms). */
  commandTimeoutMs = 500,
): Promise<RedisConnection> {
  // Through the default export (the package's module.exports): bundled by esbuild
  // (scripts/build-server.mjs) the CommonJS package has no named exports, and `{ Redis }` was
  // undefined in the production build, which then could not start with REDIS_URL.
  const { Redis } = (await import('ioredis')).default;
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: STARTUP_WAIT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
  });
  const connection = new RedisConnection(client, log);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, STARTUP_WAIT_MS);
    const settle = () => {
      clearTimeout(timer);
      resolve();
    };
    client.connect().then(settle, settle);
  });
  return connection;
}
