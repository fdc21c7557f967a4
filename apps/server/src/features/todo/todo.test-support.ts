import { expect } from 'vitest';
import { injectAs, type TestApp, type TestUser } from '../../test/test-app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as a user (cookie session and CSRF header, as the web app does). */
export const callAs = (t: TestApp) => (user: TestUser, method: Method, url: string, payload?: object) =>
  injectAs(t.app, user, { method, url, ...(payload ? { payload } : {}) });

/** Calls that must succeed: their JSON answer. */
export const okAs = (t: TestApp) => {
  const call = callAs(t);
  return async (user: TestUser, method: Method, url: string, payload?: object) => {
    const res = await call(user, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
};
