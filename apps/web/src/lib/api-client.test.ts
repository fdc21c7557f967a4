import { loginResponseSchema } from '@site/contract';
import { routes } from '@site/contract/routes';
import { describe, expect, it, vi } from 'vitest';
import { clearCookies, setCookie } from '../test/cookies';
import { apiError, mockFetch } from '../test/fetch-mock';
import { signedInBrowser } from '../test/signed-in-browser';
import { ApiError, apiRequest, callApi, callApiFile } from './api-client';
import { lazySchema } from './contract-schemas';
import { readOfflineCopy } from './offline-copy';
import { COLOR_SCHEME_KEY, readSession } from './storage';

function sentHeaders(fetchMock: ReturnType<typeof mockFetch>, call = 0): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

describe('apiRequest', () => {
  it('sends the csrftoken cookie as X-CSRFToken on POST, with a JSON body and same-origin credentials', async () => {
    setCookie('other', '1');
    setCookie('csrftoken', 'abc123');
    const fetchMock = mockFetch({ 'POST /api/todo/': { body: { ok: true } } });

    await apiRequest('POST', '/api/todo/', { body: { title: 'Milk' } });

    const headers = sentHeaders(fetchMock);
    expect(headers.get('X-CSRFToken')).toBe('abc123');
    expect(headers.get('Content-Type')).toBe('application/json');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe(JSON.stringify({ title: 'Milk' }));
  });

  it('does not send the CSRF header on GET, and encodes the query', async () => {
    setCookie('csrftoken', 'abc123');
    const fetchMock = mockFetch({ 'GET /api/weather': { body: {} } });

    await apiRequest('GET', '/api/weather', { query: { lat: 51.5, formatted: 'London, UK', skip: undefined } });

    expect(sentHeaders(fetchMock).has('X-CSRFToken')).toBe(false);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/weather?lat=51.5&formatted=London%2C+UK');
  });

  it('turns the error body into an ApiError with status, message and fields', async () => {
    mockFetch({
      'POST /api/signup': apiError(400, 'Invalid request', { email: 'Enter a valid email address' }),
    });

    const error = await apiRequest('POST', '/api/signup', { body: {} }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid request',
      fields: { email: 'Enter a valid email address' },
    });
  });

  it('reports a network failure as status 0 with a readable message', async () => {
    mockFetch({ 'GET /api/me': { networkError: true } });

    const error = await apiRequest('GET', '/api/me').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toMatch(/could not reach the server/i);
  });

  it('validates a success body with the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'POST /api/login': { body: { code: 200, token: 't' } } });

    const error = await apiRequest('POST', '/api/login', { body: {}, schema: loginResponseSchema }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/unexpected response/i);
  });

  it('validates with a lazily loaded schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/me': { body: { user_id: 'not a number' } } });

    const error = await apiRequest('GET', '/api/me', { schema: lazySchema((c) => c.meResponseSchema) }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/unexpected response/i);
  });

  it('reports a schema that cannot be downloaded like a network failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/health': { body: { status: 'ok' } } });

    const error = await apiRequest('GET', '/api/health', {
      schema: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    }).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 0 });
    expect((error as ApiError).message).toMatch(/could not reach the server/i);
  });

  it('gives a readable error for a non-JSON error page', async () => {
    const fetchMock = mockFetch({});
    fetchMock.mockResolvedValueOnce(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );

    const error = await apiRequest('GET', '/api/health').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502 });
    expect((error as ApiError).message).toMatch(/502 Bad Gateway/);
  });
});

describe('callApi', () => {
  it('takes the method and path from the contract’s route table and fills in path parameters', async () => {
    setCookie('csrftoken', 'abc123');
    const fetchMock = mockFetch({ 'PUT /api/portfolio/update/7': { body: { ok: true } } });

    await expect(callApi(routes.portfolio.update, { params: { id: 7 }, query: { v: 1 } })).resolves.toEqual({
      ok: true,
    });

    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/portfolio/update/7?v=1');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
    expect(sentHeaders(fetchMock).get('X-CSRFToken')).toBe('abc123');
  });

  it('validates the answer with the schema like apiRequest', async () => {
    mockFetch({ 'POST /api/login': { body: { code: 200 } } });

    const error = await callApi(routes.auth.login, { body: {}, schema: loginResponseSchema }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/unexpected response/i);
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

    await expect(apiRequest('GET', '/api/todo')).rejects.toMatchObject({ status: 401 });

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

    await expect(callApiFile(routes.walletReports.ledgerCsv)).rejects.toMatchObject({ status: 401 });

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

    await expect(apiRequest('POST', '/api/login', { body: {} })).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('GET', '/api/todo')).rejects.toMatchObject({ status: 403 });

    expect(readSession()).toEqual({ token: 'tok', userId: 7, username: 'alice' });
    expect(readOfflineCopy('todo')).toEqual({ todos: [{ id: 1, title: 'Private' }] });
  });

  it("leaves a visitor's data alone (no session was believed valid)", async () => {
    localStorage.setItem('weather-recent', '["Somewhere"]');
    mockFetch({ 'GET /api/todo': apiError(401, 'You must be logged in to do this.') });

    await expect(apiRequest('GET', '/api/todo')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem('weather-recent')).toBe('["Somewhere"]');
  });
});
