import { expect } from 'vitest';
import { multipartBody } from '../../test/multipart.js';
import { injectAs, type TestApp, type TestUser } from '../../test/test-app.js';

/** The profile as anyone reads it. */
export async function readProfile(t: TestApp) {
  const res = await t.app.inject({ url: '/api/profile' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Sends `file` as the `file` part of an upload to `url`: as `as` (cookie and CSRF unless told), or signed out. */
export function uploader(t: TestApp, method: 'POST' | 'PUT', url: string) {
  return async (as: TestUser | null, file: File, options: { csrf?: boolean } = {}) => {
    const request = { method, url, ...(await multipartBody({ file })) };
    return as ? injectAs(t.app, as, { ...request, ...options }) : t.app.inject(request);
  };
}
