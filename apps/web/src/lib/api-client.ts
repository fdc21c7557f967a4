import { type ApiRoute, apiUrl, type PathParams } from '@site/contract/routes';
import { ApiError } from './api-error';
import { loadContract } from './contract-schemas';
import { readCookie } from './cookies';
import { CSRF_COOKIE, CSRF_HEADER } from './csrf';
import { clearSession, readSession } from './storage';

export { ApiError, isApiError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

/** Anything with zod's `parse`; keeps this module free of a direct zod dependency. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface ApiRequestOptions<T> {
  body?: unknown;
  query?: Record<string, QueryValue>;
  /**
   * Validates (and types) a successful response: a schema, or a function that loads one (see
   * `lazySchema`), so that code of the first page does not need zod to call the API.
   */
  schema?: ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);
  signal?: AbortSignal;
  /** The request outlives the page (sent as it goes away: tab hidden, page unloaded). */
  keepalive?: boolean;
}

const MUTATING_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** How requests reach the API: the browser's fetch, or the server's own when it renders a page with its data (app/prerender/). */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** The server's rendering of a page with its data answers the page's API calls itself (docs/decisions.md#pages-rendered-with-their-data). */
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function buildHeaders(method: HttpMethod, hasJsonBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  if (MUTATING_METHODS.has(method)) {
    // Cookie-authenticated writes are refused without the double-submit CSRF token (docs/api.md).
    const csrfToken = readCookie(CSRF_COOKIE);
    if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
  }
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function toApiError(status: number, statusText: string, body: unknown): Promise<ApiError> {
  // The error format's schema comes with the contract, loaded on the first error (usually already
  // there: the app pages import the contract). If even that fails, the generic message below.
  const parsed = await loadContract().then(
    ({ apiErrorSchema }) => apiErrorSchema.safeParse(body),
    () => undefined,
  );
  if (parsed?.success) return new ApiError(status, parsed.data.message, parsed.data.fields);
  // Not the API's error format, e.g. a proxy's HTML page when the server is down.
  const reason = statusText ? `${status} ${statusText}` : String(status);
  return new ApiError(status, `The server answered with an error (${reason}). Please try again.`);
}

/**
 * A 401 to a browser that believed it was signed in, with the session cookies gone (the server
 * clears them when it no longer knows the session): the session ended elsewhere, so what its user
 * left in local storage goes. A 401 that keeps the cookies (a wrong password) is only a refusal.
 */
function noteRefusal(status: number): void {
  if (status !== 401 || typeof localStorage === 'undefined' || readCookie(CSRF_COOKIE)) return;
  if (readSession()) clearSession();
}

async function resolveSchema<T>(schema: NonNullable<ApiRequestOptions<T>['schema']>): Promise<ResponseSchema<T>> {
  if (typeof schema !== 'function') return schema;
  try {
    return await schema();
  } catch (error) {
    // The schema's chunk could not be downloaded: the connection (or the server) is gone.
    console.error('Could not load a response schema', error);
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

/**
 * Calls the same-origin API with JSON in and out. Resolves with the (validated) body of a 2xx
 * answer; rejects with an ApiError carrying the status, message and field messages otherwise.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  const { body, query, schema, signal, keepalive } = options;
  // FormData goes as multipart (the browser sets the boundary); everything else as JSON.
  const isForm = body instanceof FormData;
  const hasJsonBody = body !== undefined && !isForm;
  // A lazily loaded schema downloads while the request is on its way, not after it.
  const validator = schema === undefined ? undefined : resolveSchema(schema);
  // Awaited only for a success; an error answer or a failed request leaves it unused.
  validator?.catch(() => {});

  let response: Response;
  try {
    response = await transport(buildUrl(path, query), {
      method,
      headers: buildHeaders(method, hasJsonBody),
      body: isForm ? body : hasJsonBody ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    // Let react-query see cancellations as such instead of as a failed request.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const data = await readJson(response);
  if (!response.ok) {
    noteRefusal(response.status);
    throw await toApiError(response.status, response.statusText, data);
  }
  if (!validator) return data as T;
  const responseSchema = await validator;
  try {
    return responseSchema.parse(data);
  } catch (error) {
    console.error(`Unexpected response from ${method} ${path}`, error);
    throw new ApiError(response.status, 'The server sent an unexpected response. Please try again.');
  }
}

/** `callApi`'s options: `apiRequest`'s, plus the path parameters when the route's path has any. */
export type CallApiOptions<R extends ApiRoute, T> = ApiRequestOptions<T> &
  (PathParams<R['path']> extends undefined ? { params?: undefined } : { params: PathParams<R['path']> });

type CallApiArgs<R extends ApiRoute, T> =
  PathParams<R['path']> extends undefined ? [options?: CallApiOptions<R, T>] : [options: CallApiOptions<R, T>];

/**
 * Calls an API route of the contract's plain route table (`@site/contract/routes`, no zod), so
 * the method and path are written once, in the contract:
 * `callApi(routes.todo.list, { schema: listTodosResponseSchema, signal })`,
 * `callApi(routes.portfolio.update, { params: { id }, body })`.
 */
export function callApi<R extends ApiRoute, T = unknown>(route: R, ...[options]: CallApiArgs<R, T>): Promise<T> {
  const { params, ...request } = (options ?? {}) as ApiRequestOptions<T> & { params?: Record<string, string | number> };
  const url = (apiUrl as (route: ApiRoute, params?: Record<string, string | number>) => string)(route, params);
  return apiRequest<T>(route.method, url, request);
}

/** A file the API answers instead of JSON (a CSV download), and the name the server gave it. */
export interface ApiFile {
  blob: Blob;
  /** From `Content-Disposition` (`filename*=` preferred, RFC 6266); null without one. */
  fileName: string | null;
}

/** The file name of a `Content-Disposition` header: `filename*=UTF-8''…` decoded, else `filename="…"`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim() ?? null;
}

/**
 * GETs a file from an API route (e.g. a CSV): resolves with its bytes and name; a non-2xx answer
 * rejects with the same ApiError as `callApi` (the error body is JSON).
 */
export async function callApiFile<R extends ApiRoute>(
  route: R,
  options: { query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<ApiFile> {
  const url = buildUrl((apiUrl as (route: ApiRoute) => string)(route), options.query);
  let response: Response;
  try {
    response = await fetch(url, { method: 'GET', credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    noteRefusal(response.status);
    throw await toApiError(response.status, response.statusText, await readJson(response));
  }
  return { blob: await response.blob(), fileName: dispositionFileName(response.headers.get('content-disposition')) };
}
