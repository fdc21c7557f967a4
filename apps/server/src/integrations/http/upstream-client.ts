import { HttpError } from '../../core/http-errors.js';

/**
 * JSON over HTTP to every outside service (Yahoo Finance, Open-Meteo, NWS, Geoapify, Photon):
 * a time-out on every attempt, retries with exponential back-off (and optional jitter) on 429,
 * 5xx and dropped connections, Retry-After honoured up to a cap, and failures turned into
 * readable 502/503 errors for our own clients (docs/architecture.md).
 */

export type UpstreamFailure = 'timeout' | 'network' | 'status' | 'malformed';

export class UpstreamError extends HttpError {
  constructor(
    statusCode: 502 | 503,
    message: string,
    readonly failure: UpstreamFailure,
    /** The outside service's HTTP status, when it answered. */
    readonly upstreamStatus?: number,
  ) {
    super(statusCode, message);
    this.name = 'UpstreamError';
  }
}

/**
 * Told of every finished call (all retries included): how metrics count upstream calls and the
 * admin status (integrations/http/upstream-stats.ts) keeps each provider's record. `message` is
 * the failure as our users read it (never the URL, which may carry an API key).
 */
export type UpstreamCallObserver = (provider: string, outcome: 'ok' | UpstreamFailure, message?: string) => void;

export interface UpstreamOptions {
  /** Shown to users: "The weather service (Open-Meteo) …". */
  service: string;
  /** Short name for metrics ("open-meteo"); with `onCall`, each call's outcome is reported. */
  provider?: string;
  onCall?: UpstreamCallObserver | undefined;
  timeoutMs: number;
  /** Extra attempts after the first on 429, 5xx or a dropped connection (time-outs are not retried). Default 1. */
  retries?: number;
  /** First back-off; doubled per retry. Default 400 ms. */
  retryDelayMs?: number;
  /** The longest wait between attempts, Retry-After included. Default 3 s. */
  retryMaxMs?: number;
  /** Up to this fraction is added to each computed back-off, so clients do not retry in step. Default 0. */
  jitter?: number;
  headers?: Record<string, string>;
  /** Responses larger than this are refused as malformed. Default 5 MB. */
  maxBytes?: number;
  /** Injectable for tests. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds > 0) return seconds * 1000;
  const date = Date.parse(header);
  if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  return undefined;
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * GETs `url` and parses JSON. 2xx answers resolve; `acceptStatus` lets a caller take other
 * statuses as answers too (a 404 that means "no such place", Yahoo's 4xx bodies).
 */
export async function getJson(
  url: string,
  options: UpstreamOptions,
  acceptStatus: (status: number) => boolean = () => false,
): Promise<{ status: number; body: unknown }> {
  const report =
    options.onCall &&
    ((outcome: 'ok' | UpstreamFailure, message?: string) =>
      options.onCall?.(options.provider ?? 'other', outcome, message));
  try {
    const answer = await getJsonWithRetries(url, options, acceptStatus);
    report?.('ok');
    return answer;
  } catch (error) {
    if (error instanceof UpstreamError) report?.(error.failure, error.message);
    else report?.('network', `${options.service} failed unexpectedly.`);
    throw error;
  }
}

async function getJsonWithRetries(
  url: string,
  options: UpstreamOptions,
  acceptStatus: (status: number) => boolean,
): Promise<{ status: number; body: unknown }> {
  const retries = options.retries ?? 1;
  const baseDelay = options.retryDelayMs ?? 400;
  const maxWait = options.retryMaxMs ?? 3000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const doFetch = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? defaultSleep;
  const backOff = (attempt: number) => baseDelay * 2 ** attempt * (1 + Math.random() * (options.jitter ?? 0));
  const timedOut = () =>
    new UpstreamError(
      503,
      `${options.service} did not answer within ${seconds(options.timeoutMs)} s. Please try again.`,
      'timeout',
    );
  let lastError: UpstreamError | undefined;

  for (let attempt = 0; attempt <= retries; attempt++) {
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { accept: 'application/json', ...options.headers },
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'follow',
      });
    } catch (error) {
      // Waiting twice as long helps nobody: answer now.
      if (isTimeout(error)) throw timedOut();
      lastError = new UpstreamError(503, `${options.service} cannot be reached. Please try again later.`, 'network');
      if (attempt < retries) await sleep(Math.min(maxWait, backOff(attempt)));
      continue;
    }

    if (response.ok || acceptStatus(response.status)) {
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if (isTimeout(error)) throw timedOut();
        throw new UpstreamError(
          503,
          `${options.service} closed the connection mid-answer. Please try again.`,
          'network',
        );
      }
      if (text.length > maxBytes) {
        throw new UpstreamError(502, `${options.service} sent an unexpectedly large answer.`, 'malformed');
      }
      try {
        return { status: response.status, body: JSON.parse(text) };
      } catch {
        throw new UpstreamError(
          502,
          `${options.service} sent an answer we could not read (HTTP ${response.status}).`,
          'malformed',
          response.status,
        );
      }
    }

    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    const status = response.status;
    if (status === 429) {
      lastError = new UpstreamError(
        503,
        `${options.service} is limiting requests right now. Please try again in a minute.`,
        'status',
        429,
      );
    } else if (status >= 500) {
      lastError = new UpstreamError(
        502,
        `${options.service} failed (HTTP ${status}). Please try again later.`,
        'status',
        status,
      );
    } else {
      throw new UpstreamError(502, `${options.service} refused the request (HTTP ${status}).`, 'status', status);
    }
    if (attempt < retries) {
      await sleep(Math.min(maxWait, retryAfterMs(response.headers.get('retry-after')) ?? backOff(attempt)));
    }
  }
  throw lastError ?? new UpstreamError(502, `${options.service} failed.`, 'network');
}

/** Joins a configured base URL and a path, keeping any path prefix of the base. */
export function upstreamUrl(base: string, path: string, query?: Record<string, string | number | undefined>) {
  const url = new URL(base.endsWith('/') ? base : `${base}/`);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}
