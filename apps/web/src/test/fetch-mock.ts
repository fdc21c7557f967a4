import { vi } from 'vitest';

export interface MockRoute {
  status?: number;
  body?: unknown;
  /** Reject like fetch does when the network is down. */
  networkError?: boolean;
}

type Routes = Record<string, MockRoute | ((init: RequestInit | undefined) => MockRoute)>;

/**
 * Stubs globalThis.fetch (the app's network boundary) with answers keyed by "METHOD /path".
 * Unlisted calls answer 404 in the API's error format so a forgotten route fails loudly.
 */
export function mockFetch(routes: Routes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const entry = routes[key];
    const route = typeof entry === 'function' ? entry(init) : entry;
    if (route?.networkError) throw new TypeError('Failed to fetch');
    const status = route?.status ?? (route ? 200 : 404);
    const body = route ? route.body : { success: false, code: 404, message: `No mock for ${key}` };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * Holds the answers to `METHOD path` until `release()` is called, so a test can look at the page
 * while the request runs (loading states); other calls are answered as before.
 */
export function holdRequests(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  const answer = fetchMock.getMockImplementation();
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if ((init?.method ?? 'GET') === method && url.pathname === path) await gate;
    if (!answer) throw new Error('fetch mock has no implementation');
    return answer(input, init);
  });
  return { release: () => release() };
}

/** The calls made to `METHOD /path` so far, with their parsed JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path,
    )
    .map(([, init]) => ({ init, body: init?.body ? JSON.parse(String(init.body)) : undefined }));
}

export const apiError = (code: number, message: string, fields?: Record<string, string>): MockRoute => ({
  status: code,
  body: { success: false, code, message, ...(fields ? { fields } : {}) },
});

/** Replaces window.location with a copy whose reload/assign are spies. */
export function stubLocation() {
  const reload = vi.fn();
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload, assign });
  return { reload, assign };
}

/** The calls to `path` with their query parameters and (form) bodies. */
export function requestsTo(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === path)
    .map(({ url, init }) => ({
      query: Object.fromEntries(url.searchParams),
      form: init?.body instanceof FormData ? init.body : undefined,
      headers: new Headers(init?.headers),
    }));
}

/** Every request made since the `from`-th, as "METHOD /path" (no query), in order: for counting what an action costs. */
export function requestLines(fetchMock: ReturnType<typeof mockFetch>, from = 0): string[] {
  return fetchMock.mock.calls
    .slice(from)
    .map(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
}
