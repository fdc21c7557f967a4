import type {
  EndpointAnswer,
  EndpointBodyInput,
  EndpointName,
  EndpointQueryInput,
  NamedEndpoint,
} from '@site/contract/endpoint-map';
import { type ApiRoute, apiUrl, type HttpMethod, type PathParams, routes } from '@site/contract/routes';
import { ApiError } from './api-error';
import { type AnswerCheck, answerCheck, apiErrorCheck } from './contract-schemas';
import { readCookie } from './cookies';
import { CSRF_COOKIE, CSRF_HEADER } from './csrf';
import { clearSession, readSession } from './storage';

export { ApiError, isApiError } from './api-error';

/** A field of a call: required when its type requires something, optional when `{}` would do, absent when the endpoint has none. */
type Field<K extends string, T> = [T] extends [never]
  ? { [P in K]?: never }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** Endpoints whose handler reads a multipart body itself, without a body schema (contract: portfolio.ts). */
type FormOnly = 'portfolio.create' | 'portfolio.update';

/** The body of `N`: its schema's input, or form data where the endpoint takes forms (`consumes`, or read by the handler). */
type BodyOf<N extends EndpointName> = N extends FormOnly
  ? FormData
  : NamedEndpoint<N> extends { consumes: readonly string[] }
    ? EndpointBodyInput<N> | FormData
    : EndpointBodyInput<N>;

type ParamsOf<N extends EndpointName> = PathParams<NamedEndpoint<N>['route']['path']>;

/**
 * What a call of endpoint `N` takes, all typed by the contract: its body and query (zod's input of
 * their schemas), its path parameters (from the route's path), and how it is sent.
 */
export type EndpointCall<N extends EndpointName> = Field<'body', BodyOf<N>> &
  Field<'query', EndpointQueryInput<N>> &
  (ParamsOf<N> extends undefined ? { params?: never } : { params: ParamsOf<N> }) & {
    signal?: AbortSignal;
    /** The request outlives the page (sent as it goes away: tab hidden, page unloaded). */
    keepalive?: boolean;
    /** The same change sent again with this key is done once (docs/api.md#idempotent-changes). */
    idempotencyKey?: string | undefined;
  };

type CallArgs<N extends EndpointName> =
  object extends EndpointCall<N> ? [call?: EndpointCall<N>] : [call: EndpointCall<N>];

/** A call as the client sends it, whatever the endpoint. */
interface AnyCall {
  body?: object;
  query?: object;
  params?: Record<string, string | number>;
  signal?: AbortSignal;
  keepalive?: boolean;
  idempotencyKey?: string | undefined;
}

const MUTATING_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** How requests reach the API: the browser's fetch, or the server's own when it renders a page with its data (app/prerender/). */
let transport: typeof fetch = (input, init) => fetch(input, init);
/** Whether the transport's answers were checked against their response schemas before they reached us. */
let answersChecked = false;

export interface ApiTransportOptions {
  /**
   * The answers come from the API's own serializer, which checked each against the contract's
   * response schema (apps/server/src/core/serializer.ts; every one of them passes a value through
   * as parsing would): they are used as they are, without loading zod or parsing them a second
   * time (~5% of a drawn page's CPU in a profile). The browser's answers are always checked.
   */
  answersChecked?: boolean;
}

/** The server's rendering of a page with its data answers the page's API calls itself (docs/decisions.md#pages-rendered-with-their-data). */
export function setApiTransport(next: typeof fetch, options: ApiTransportOptions = {}): void {
  transport = next;
  answersChecked = options.answersChecked ?? false;
}

function buildUrl(path: string, query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function buildHeaders(method: HttpMethod, hasJsonBody: boolean, idempotencyKey: string | undefined): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
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
  const parsed = await apiErrorCheck().then(
    (apiErrorSchema) => apiErrorSchema.safeParse(body),
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

/** The route of a name of the plain route table (`'todo.list'` → `routes.todo.list`). */
function routeNamed(name: EndpointName): ApiRoute {
  const [group, call] = name.split('.') as [string, string];
  return (routes as unknown as Record<string, Record<string, ApiRoute>>)[group]![call]!;
}

async function loadCheck(check: Promise<AnswerCheck | undefined>): Promise<AnswerCheck | undefined> {
  try {
    return await check;
  } catch (error) {
    // The schema's chunk could not be downloaded: the connection (or the server) is gone.
    console.error('Could not load a response schema', error);
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

/**
 * Sends a request to the same-origin API with JSON in and out (form data as multipart) and
 * resolves with the body of a 2xx answer, checked by `check` when given; rejects with an ApiError
 * carrying the status, message and field messages otherwise.
 */
async function request(
  method: HttpMethod,
  path: string,
  call: AnyCall,
  check?: Promise<AnswerCheck | undefined>,
): Promise<unknown> {
  const { body, query, signal, keepalive, idempotencyKey } = call;
  // FormData goes as multipart (the browser sets the boundary); everything else as JSON.
  const isForm = body instanceof FormData;
  const hasJsonBody = body !== undefined && !isForm;
  // A lazily loaded check downloads while the request is on its way, not after it; awaited only
  // for a success, so an error answer or a failed request leaves it unused.
  const validator = check === undefined ? undefined : loadCheck(check);
  validator?.catch(() => {});

  let response: Response;
  try {
    response = await transport(buildUrl(path, query), {
      method,
      headers: buildHeaders(method, hasJsonBody, idempotencyKey),
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
  const parse = await validator;
  if (!parse) return data;
  try {
    return parse(data);
  } catch (error) {
    console.error(`Unexpected response from ${method} ${path}`, error);
    throw new ApiError(response.status, 'The server sent an unexpected response. Please try again.');
  }
}

/** A call of endpoint `name`: its route's method, and its path with the parameters filled in. */
function send(name: EndpointName, call: AnyCall, check?: Promise<AnswerCheck | undefined>): Promise<unknown> {
  const route = routeNamed(name);
  const url = (apiUrl as (route: ApiRoute, params?: Record<string, string | number>) => string)(route, call.params);
  return request(route.method, url, call, check);
}

/**
 * Calls an endpoint of the contract by name, typed by it: a wrong body, query or field name is a
 * type error, and the answer is its response schema's output, checked by that schema (loaded
 * lazily with the endpoint's module: lib/contract-schemas.ts):
 * `callEndpoint('todo.list', { signal })`, `callEndpoint('portfolio.update', { params: { id }, body })`.
 */
export function callEndpoint<N extends EndpointName>(name: N, ...[call]: CallArgs<N>): Promise<EndpointAnswer<N>> {
  const check = answersChecked ? undefined : answerCheck(name);
  return send(name, (call ?? {}) as AnyCall, check) as Promise<EndpointAnswer<N>>;
}

/**
 * Sends a call of an endpoint whose answer is not read: a request made as the page goes away
 * (`keepalive`; nothing is loaded to check it), or a download saved as the server wrote it. The
 * request is typed like `callEndpoint`'s; errors reject the same way.
 */
export function sendToEndpoint<N extends EndpointName>(name: N, ...[call]: CallArgs<N>): Promise<unknown> {
  return send(name, (call ?? {}) as AnyCall);
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

async function fileAt(path: string, query: object | undefined, signal: AbortSignal | undefined): Promise<ApiFile> {
  const url = buildUrl(path, query);
  let response: Response;
  try {
    response = await fetch(url, { method: 'GET', credentials: 'same-origin', signal });
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

/**
 * GETs a file from an endpoint (e.g. a CSV): resolves with its bytes and name; a non-2xx answer
 * rejects with the same ApiError as `callEndpoint` (the error body is JSON).
 */
export function callEndpointFile<N extends EndpointName>(
  name: N,
  call: { query?: EndpointQueryInput<N>; signal?: AbortSignal } = {},
): Promise<ApiFile> {
  return fileAt((apiUrl as (route: ApiRoute) => string)(routeNamed(name)), call.query, call.signal);
}
