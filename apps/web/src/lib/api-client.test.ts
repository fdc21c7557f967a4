import { describe, expect, it, vi } from 'vitest';
import { clearCookies, setCookie } from '../test/cookies';
import { apiError, mockFetch } from '../test/fetch-mock';
import { signedInBrowser } from '../test/signed-in-browser';
import { ApiError, callEndpoint, callEndpointFile, sendToEndpoint, setApiTransport } from './api-client';
import { readOfflineCopy } from './offline-copy';
import { COLOR_SCHEME_KEY, readSession } from './storage';

function sentHeaders(fetchMock: ReturnType<typeof mockFetch>, call = 0): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

const todo = {
  id: 1,
  title: 'Milk',
  description: '',
  completed: false,
  user: 7,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('callEndpoint', () => {
  it('sends the csrftoken cookie as X-CSRFToken on POST, with a JSON body and same-origin credentials', async () => {
    setCookie('other', '1');
    setCookie('csrftoken', 'abc123');
    const fetchMock = mockFetch({ 'POST /api/todo': { body: todo } });

    await expect(callEndpoint('todo.create', { body: { title: 'Milk' } })).resolves.toEqual(todo);

    const headers = sentHeaders(fetchMock);
    expect(headers.get('X-CSRFToken')).toBe('abc123');
    expect(headers.get('Content-Type')).toBe('application/json');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe(JSON.stringify({ title: 'Milk' }));
  });

  it('does not send the CSRF header on GET, and encodes the query', async () => {
    setCookie('csrftoken', 'abc123');
    const fetchMock = mockFetch({ 'GET /api/weather': { body: {} } });

    await sendToEndpoint('weather.forecast', {
      query: { lat: 51.5, lon: 0, formatted: 'London, UK', timezone: undefined },
    });

    expect(sentHeaders(fetchMock).has('X-CSRFToken')).toBe(false);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/weather?lat=51.5&lon=0&formatted=London%2C+UK');
  });

  it('takes the method and path from the contract’s route table and fills in path parameters', async () => {
    setCookie('csrftoken', 'abc123');
    const fetchMock = mockFetch({
      'DELETE /api/portfolio/delete/7': { body: { message: 'Project deleted' } },
      'GET /api/portfolio/a%2Fb/image': { body: {} },
    });

    await sendToEndpoint('portfolio.remove', { params: { id: 7 } });
    await sendToEndpoint('portfolio.image', { params: { id: 'a/b' }, query: { v: '3' } });

    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/portfolio/delete/7');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(sentHeaders(fetchMock).get('X-CSRFToken')).toBe('abc123');
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/portfolio/a%2Fb/image?v=3');
  });

  it('sends form data as multipart where the endpoint takes forms', async () => {
    const fetchMock = mockFetch({ 'POST /api/finance/add_watchlist': { body: {} } });
    const form = new FormData();
    form.append('symbol', 'AAPL');

    await sendToEndpoint('finance.addWatchlist', { body: form });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(sentHeaders(fetchMock).has('Content-Type')).toBe(false);
  });

  it('turns the error body into an ApiError with status, message and fields', async () => {
    mockFetch({
      'POST /api/signup': apiError(400, 'Invalid request', { email: 'Enter a valid email address' }),
    });

    const error = await callEndpoint('auth.signup', { body: { username: 'a', email: 'x', password: 'p' } }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid request',
      fields: { email: 'Enter a valid email address' },
    });
  });

  it('reports a network failure as status 0 with a readable message', async () => {
    mockFetch({ 'GET /api/me': { networkError: true } });

    const error = await callEndpoint('auth.me').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toMatch(/could not reach the server/i);
  });

  it('validates a success body with the endpoint’s response schema, loaded lazily', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'POST /api/login': { body: { code: 200, token: 't' } },
      'GET /api/me': { body: { user_id: 'not a number' } },
    });

    for (const call of [
      callEndpoint('auth.login', { body: { username: 'a', password: 'b' } }),
      callEndpoint('auth.me'),
    ]) {
      const error = await call.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toMatch(/unexpected response/i);
    }
  });

  it('takes the answers of a transport that checked them as they are, and checks the browser’s again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unchecked = { user_id: 'not a number' };
    const server = vi.fn(async () => Response.json(unchecked));
    // The server's rendering of a page: its answers come from the API's serializer, already checked.
    setApiTransport(server, { answersChecked: true });
    try {
      await expect(callEndpoint('auth.me')).resolves.toEqual(unchecked);
      expect(server).toHaveBeenCalledTimes(1);
    } finally {
      setApiTransport((input, init) => fetch(input, init));
    }
    // The browser's fetch again: the same answer is refused by the response schema.
    mockFetch({ 'GET /api/me': { body: unchecked } });
    await expect(callEndpoint('auth.me')).rejects.toThrow(/unexpected response/i);
  });

  it('checks the answers of every first page without zod, as their schemas would', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/health': { body: { status: 'ok', database: 'sqlite', dataMode: 'demo', redis: 'off' } },
      'GET /api/site/notice': { body: { notice: { title: 'Hi' } } },
    });

    await expect(callEndpoint('health.get')).resolves.toEqual({
      status: 'ok',
      database: 'sqlite',
      dataMode: 'demo',
      redis: 'off',
    });
    await expect(callEndpoint('site.notice')).rejects.toThrow(/unexpected response/i);
  });

  it('reports a schema that cannot be downloaded like a network failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.resetModules();
    // The map's chunk does not arrive: the connection (or the server) went away meanwhile.
    vi.doMock('@site/contract/endpoint-map', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    try {
      const client = await import('./api-client');
      mockFetch({ 'GET /api/todo': { body: { todos: [], completed: [] } } });

      const error = await client.callEndpoint('todo.list').catch((caught: unknown) => caught);

      expect(error).toMatchObject({ status: 0 });
      expect((error as ApiError).message).toMatch(/could not reach the server/i);
    } finally {
      vi.doUnmock('@site/contract/endpoint-map');
      vi.resetModules();
    }
  });

  it('gives a readable error for a non-JSON error page', async () => {
    const fetchMock = mockFetch({});
    fetchMock.mockResolvedValueOnce(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );

    const error = await callEndpoint('health.get').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502 });
    expect((error as ApiError).message).toMatch(/502 Bad Gateway/);
  });

  it('refuses, at compile time, what the contract does not describe', () => {
    const refused = [
      // @ts-expect-error: the to-do's field is `title`, not `name`
      () => callEndpoint('todo.create', { body: { name: 'Milk' } }),
      // @ts-expect-error: a title is required
      () => callEndpoint('todo.create', { body: {} }),
      // @ts-expect-error: update/:id needs its id
      () => callEndpoint('portfolio.update', { body: new FormData() }),
      // @ts-expect-error: /todo takes no path parameters
      () => callEndpoint('todo.list', { params: { id: 1 } }),
      // @ts-expect-error: the new name's field is `new_wallet_name`
      () => callEndpoint('wallets.rename', { body: { wallet_id: 1, new_name: 'Savings' } }),
      // @ts-expect-error: only form endpoints take form data
      () => callEndpoint('todo.create', { body: new FormData() }),
      // @ts-expect-error: no such endpoint
      () => callEndpoint('todo.noSuchCall'),
    ];
    // Never called: `tsc` is the test (a refusal that stops being one fails as an unused directive).
    expect(refused).toHaveLength(7);
  });

  it('types the answer by the endpoint’s response schema', async () => {
    mockFetch({ 'GET /api/todo': { body: { todos: [todo], completed: [] } } });
    const { todos } = await callEndpoint('todo.list');
    const title: string = todos[0]!.title;
    // @ts-expect-error: a to-do has no `name`
    expect(todos[0]!.name).toBeUndefined();
    expect(title).toBe('Milk');
  });
});

describe('a session that ended elsewhere', () => {
  /** A signed-in browser as Log In leaves it: the session, an offline copy, an app's data, the scheme. */

  it('drops the token, offline copies and app data on a 401 that cleared the session cookies', async () => {
    signedInBrowser();
    // The server answers a session it no longer knows with 401 and Set-Cookie clearing both cookies.
    mockFetch({
      'GET /api/todo': () => {
        clearCookies();
        return apiError(401, 'You must be logged in to do this.');
      },
    });

    await expect(callEndpoint('todo.list')).rejects.toMatchObject({ status: 401 });

    expect(readSession()).toBeNull();
    expect(Object.keys(localStorage)).toEqual([COLOR_SCHEME_KEY]);
  });

  it('does the same for a downloaded file', async () => {
    signedInBrowser();
    mockFetch({
      'GET /api/finance/get_wallet_ledger_csv': () => {
        clearCookies();
        return apiError(401, 'You must be logged in to do this.');
      },
    });

    await expect(callEndpointFile('walletReports.ledgerCsv')).rejects.toMatchObject({ status: 401 });

    expect(Object.keys(localStorage)).toEqual([COLOR_SCHEME_KEY]);
  });

  it('keeps everything on a 401 that leaves the session (a refused password) and on other refusals', async () => {
    signedInBrowser();
    mockFetch({
      'POST /api/login': apiError(401, 'Invalid username or password'),
      'GET /api/todo': () => {
        clearCookies();
        return apiError(403, 'Forbidden');
      },
    });

    await expect(callEndpoint('auth.login', { body: { username: 'a', password: 'b' } })).rejects.toMatchObject({
      status: 401,
    });
    await expect(callEndpoint('todo.list')).rejects.toMatchObject({ status: 403 });

    expect(readSession()).toEqual({ token: 'tok', userId: 7, username: 'alice' });
    expect(readOfflineCopy('todo')).toEqual({ todos: [{ id: 1, title: 'Private' }] });
  });

  it("leaves a visitor's data alone (no session was believed valid)", async () => {
    localStorage.setItem('weather-recent', '["Somewhere"]');
    mockFetch({ 'GET /api/todo': apiError(401, 'You must be logged in to do this.') });

    await expect(callEndpoint('todo.list')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem('weather-recent')).toBe('["Somewhere"]');
  });
});
