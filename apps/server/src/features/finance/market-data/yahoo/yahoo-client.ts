import { badUpstream, upstreamUnavailable } from '../types.js';

export interface YahooClientOptions {
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
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface YahooResponse {
  status: number;
  body: unknown;
}

const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const isRetryableStatus = (status: number) => status === 429 || status >= 500;

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * A small HTTP client for Yahoo Finance's JSON endpoints: time-outs, limited retries with
 * exponential back-off on 429/5xx, the cookie + crumb handshake, and errors mapped to 502/503
 * HttpErrors with readable messages. Callers interpret 404 bodies themselves.
 */
export class YahooClient {
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private session: Promise<{ cookie: string; crumb: string } | undefined> | undefined;

  constructor(private readonly options: YahooClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private url(path: string, params: Record<string, string>): string {
    const url = new URL(path, `${this.options.baseUrl.replace(/\/+$/, '')}/`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  /** Cookie + crumb, fetched once and shared; undefined when the handshake is off or failed. */
  private crumbSession(): Promise<{ cookie: string; crumb: string } | undefined> {
    if (this.options.crumb === 'off') return Promise.resolve(undefined);
    this.session ??= this.handshake().catch(() => {
      // Forget the failure so the next request tries again; this one goes without a crumb.
      this.session = undefined;
      return undefined;
    });
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
   * GET a JSON endpoint. Resolves with the status and parsed body for 2xx and 4xx answers
   * (except 429); throws a 503 when the source is unreachable, times out or keeps rate
   * limiting, and a 502 for persistent 5xx answers or a body that is not JSON.
   */
  async getJson(
    path: string,
    params: Record<string, string> = {},
    options: { crumb?: boolean } = {},
  ): Promise<YahooResponse> {
    const base = this.options.retryBaseMs ?? 500;
    const maxWait = this.options.retryMaxMs ?? 5000;
    let crumbRefreshed = false;
    for (let attempt = 0; ; attempt++) {
      const session = options.crumb ? await this.crumbSession() : undefined;
      const headers: Record<string, string> = {
        accept: 'application/json',
        'user-agent': this.options.userAgent ?? DEFAULT_USER_AGENT,
      };
      if (session?.cookie) headers.cookie = session.cookie;
      const url = this.url(path, session ? { ...params, crumb: session.crumb } : params);

      let res: Response;
      try {
        res = await this.fetch(url, { headers, signal: AbortSignal.timeout(this.options.timeoutMs) });
      } catch (error) {
        if (isTimeout(error)) {
          throw upstreamUnavailable(
            `The market data provider did not answer within ${Math.round(this.options.timeoutMs / 100) / 10} s. Please try again.`,
          );
        }
        if (attempt < this.options.maxRetries) {
          await this.sleep(Math.min(maxWait, base * 2 ** attempt * (1 + Math.random() * 0.25)));
          continue;
        }
        throw upstreamUnavailable('The market data provider cannot be reached right now. Please try again later.');
      }

      if (isRetryableStatus(res.status)) {
        await res.body?.cancel();
        if (attempt < this.options.maxRetries) {
          const retryAfter = Number(res.headers.get('retry-after'));
          const wait =
            Number.isFinite(retryAfter) && retryAfter > 0
              ? retryAfter * 1000
              : base * 2 ** attempt * (1 + Math.random() * 0.25);
          await this.sleep(Math.min(maxWait, wait));
          continue;
        }
        throw res.status === 429
          ? upstreamUnavailable(
              'The market data provider is limiting requests right now. Please try again in a minute.',
            )
          : badUpstream(`The market data provider failed (HTTP ${res.status}). Please try again later.`);
      }

      if ((res.status === 401 || res.status === 403) && options.crumb && session && !crumbRefreshed) {
        // An expired or rejected crumb: get a fresh one once.
        await res.body?.cancel();
        crumbRefreshed = true;
        this.session = undefined;
        attempt -= 1;
        continue;
      }

      let text: string;
      try {
        text = await res.text();
      } catch (error) {
        if (isTimeout(error)) {
          throw upstreamUnavailable('The market data provider did not finish its answer in time. Please try again.');
        }
        throw upstreamUnavailable('The market data provider closed the connection. Please try again.');
      }
      try {
        return { status: res.status, body: JSON.parse(text) as unknown };
      } catch {
        throw badUpstream(`The market data provider sent an unreadable answer (HTTP ${res.status}).`);
      }
    }
  }
}
