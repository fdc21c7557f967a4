import { getJson, type UpstreamCallObserver, upstreamUrl } from '../../http/upstream-client.js';

export interface YahooClientOptions {
  /** Told of each call's outcome (metrics, app.deps.metrics). */
  onCall?: UpstreamCallObserver | undefined;
  /** e.g. https://query1.finance.yahoo.com (no trailing slash needed). */
  baseUrl: string;
  /** A page that sets Yahoo's session cookie (https://fc.yahoo.com); used for the crumb handshake. */
  cookieUrl: string;
  /** 'auto': fetch a cookie and crumb for the endpoints that need one; 'off': never. */
  crumb: 'auto' | 'off';
  /** Per-attempt time-out. */
  timeoutMs: number;
  /** Extra attempts after a 429, a 5xx or a connection failure (time-outs are not retried). */
  maxRetries: number;
  /** First back-off delay; doubled per retry, with jitter. A Retry-After header wins (capped). */
  retryBaseMs?: number;
  /** The longest wait between attempts. */
  retryMaxMs?: number;
  userAgent?: string;
  /** Clock for the handshake back-off (tests pin it). */
  now?: () => number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface YahooResponse {
  status: number;
  body: unknown;
}

const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Named in every failure our clients see (the browser tests look for it). */
const SERVICE = 'The market data provider';

/**
 * Yahoo Finance's JSON endpoints: the cookie + crumb handshake on top of the shared upstream
 * client (time-outs, retries with back-off, 502/503 errors). Callers interpret 4xx bodies themselves.
 */
export class YahooClient {
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private session: Promise<{ cookie: string; crumb: string } | undefined> | undefined;
  /** After a failed handshake: no new attempt before this time; the wait doubles per failure. */
  private handshakeBlockedUntil = 0;
  private handshakeFailures = 0;

  constructor(private readonly options: YahooClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /**
   * True while a failed handshake is waiting out its back-off: the crumb endpoints would only
   * answer 401, so callers go straight to what needs no crumb.
   */
  crumbUnavailable(): boolean {
    return this.options.crumb === 'auto' && this.now() < this.handshakeBlockedUntil;
  }

  /** `path` under the base URL, keeping any path the base has (a proxy at https://host/yahoo). */
  private url(path: string, params: Record<string, string>): string {
    return upstreamUrl(this.options.baseUrl, path, params);
  }

  /**
   * Cookie + crumb, fetched once and shared; undefined when the handshake is off or failed. A
   * failed handshake (e.g. an EU consent redirect with no cookie) is not retried on every request:
   * calls go without a crumb for 1 minute, then 2, 4, … up to 30 (docs/api.md#live-data).
   */
  private crumbSession(): Promise<{ cookie: string; crumb: string } | undefined> {
    if (this.options.crumb === 'off' || this.now() < this.handshakeBlockedUntil) return Promise.resolve(undefined);
    this.session ??= this.handshake().then(
      (session) => {
        this.handshakeFailures = 0;
        return session;
      },
      () => {
        this.session = undefined;
        const waitMs = Math.min(60_000 * 2 ** this.handshakeFailures, 30 * 60_000);
        this.handshakeFailures += 1;
        this.handshakeBlockedUntil = this.now() + waitMs;
        return undefined;
      },
    );
    return this.session;
  }

  private async handshake(): Promise<{ cookie: string; crumb: string }> {
    const headers = { 'user-agent': this.options.userAgent ?? DEFAULT_USER_AGENT };
    const first = await this.fetch(this.options.cookieUrl, {
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    await first.body?.cancel();
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]?.trim() ?? '')
      .filter(Boolean)
      .join('; ');
    const res = await this.fetch(this.url('/v1/test/getcrumb', {}), {
      headers: { ...headers, cookie },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const crumb = (await res.text()).trim();
    if (!res.ok || !crumb || crumb.length > 64 || /[<{\s]/.test(crumb)) throw new Error('no crumb');
    return { cookie, crumb };
  }

  /**
   * GET a JSON endpoint through the shared upstream client. Resolves with the status and parsed
   * body for 2xx and 4xx answers (except 429); throws a 503 when the source is unreachable, times
   * out or keeps rate limiting, and a 502 for persistent 5xx answers or a body that is not JSON.
   * A 401/403 on a crumb call fetches a fresh crumb once.
   */
  async getJson(
    path: string,
    params: Record<string, string> = {},
    options: { crumb?: boolean } = {},
  ): Promise<YahooResponse> {
    for (let refreshed = false; ; refreshed = true) {
      const session = options.crumb ? await this.crumbSession() : undefined;
      const headers: Record<string, string> = { 'user-agent': this.options.userAgent ?? DEFAULT_USER_AGENT };
      if (session?.cookie) headers.cookie = session.cookie;
      const url = this.url(path, session ? { ...params, crumb: session.crumb } : params);
      const answer = await getJson(
        url,
        {
          service: SERVICE,
          provider: 'yahoo',
          onCall: this.options.onCall,
          timeoutMs: this.options.timeoutMs,
          retries: this.options.maxRetries,
          retryDelayMs: this.options.retryBaseMs ?? 500,
          retryMaxMs: this.options.retryMaxMs ?? 5000,
          jitter: 0.25,
          headers,
          // A year of one-minute bars is far larger than any other service's answer.
          maxBytes: 32 * 1024 * 1024,
          ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
          sleep: this.sleep,
        },
        (status) => status >= 400 && status < 500 && status !== 429,
      );
      if ((answer.status === 401 || answer.status === 403) && session && !refreshed) {
        // An expired or rejected crumb: get a fresh one once.
        this.session = undefined;
        continue;
      }
      return answer;
    }
  }
}
