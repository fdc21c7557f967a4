import { HttpError } from '../../core/http-errors.js';

/**
 * JSON over HTTP to an outside service (Open-Meteo, NWS, Geoapify, Photon): a time-out on every
 * attempt, one retry with back-off on 429 / 5xx / a dropped connection, and failures turned into
 * readable 502/503 errors for our own clients. Also used by the geocoding feature.
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

export interface UpstreamOptions {
  /** Shown to users: "The weather service (Open-Meteo) …". */
  service: string;
  timeoutMs: number;
  /** Extra attempts after the first on 429, 5xx or a dropped connection. Default 1. */
  retries?: number;
  /** First back-off; doubled per retry, and a Retry-After header (capped) wins. Default 400 ms. */
  retryDelayMs?: number;
  headers?: Record<string, string>;
  /** Responses larger than this are refused as malformed. Default 5 MB. */
  maxBytes?: number;
}

const MAX_RETRY_AFTER_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(header);
  if (Number.isFinite(date)) return Math.min(Math.max(0, date - Date.now()), MAX_RETRY_AFTER_MS);
  return undefined;
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** GETs `url` and parses JSON; `acceptStatus` lets a caller treat e.g. 404 as an answer. */
export async function getJson(
  url: string,
  options: UpstreamOptions,
  acceptStatus: (status: number) => boolean = () => false,
): Promise<{ status: number; body: unknown }> {
  const retries = options.retries ?? 1;
  const baseDelay = options.retryDelayMs ?? 400;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  let lastError: UpstreamError | undefined;

  for (let attempt = 0; attempt <= retries; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json', ...options.headers },
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'follow',
      });
    } catch (error) {
      if (isTimeout(error)) {
        // Waiting twice as long helps nobody: answer now.
        throw new UpstreamError(503, `${options.service} did not answer in time. Please try again.`, 'timeout');
      }
      lastError = new UpstreamError(503, `${options.service} cannot be reached. Please try again later.`, 'network');
      if (attempt < retries) await sleep(baseDelay * 2 ** attempt);
      continue;
    }

    if (response.ok || acceptStatus(response.status)) {
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if (isTimeout(error)) {
          throw new UpstreamError(503, `${options.service} did not answer in time. Please try again.`, 'timeout');
        }
        throw new UpstreamError(502, `${options.service} sent an incomplete answer.`, 'network', response.status);
      }
      if (text.length > maxBytes) {
        throw new UpstreamError(502, `${options.service} sent an unexpectedly large answer.`, 'malformed');
      }
      try {
        return { status: response.status, body: JSON.parse(text) };
      } catch {
        throw new UpstreamError(502, `${options.service} sent an answer we could not read.`, 'malformed');
      }
    }

    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    const status = response.status;
    if (status === 429) {
      lastError = new UpstreamError(
        503,
        `${options.service} is busy right now. Please try again shortly.`,
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
    if (attempt < retries) await sleep(retryAfterMs(response.headers.get('retry-after')) ?? baseDelay * 2 ** attempt);
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
