import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { multipartBody } from '../multipart.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Body = { json: unknown } | { form: Record<string, string | Blob> } | undefined;

/**
 * Talks to the API the way a front end written for the original API does (docs/api.md): JSON
 * bodies, browser FormData where it posted forms, the `user` / `userid` / `user_id` parameters it
 * always sent, and credentials: the session cookie plus the `X-CSRFToken` header read from the
 * `csrftoken` cookie — or, as a client patched to our sign-in, `Authorization: Token …`.
 * It deliberately uses none of our contract package.
 */
export class OriginalClient {
  private readonly cookies = new Map<string, string>();
  private token: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly auth: 'cookie' | 'token',
  ) {}

  /** Remembers the token of a login or signup answer (what the patched client stores). */
  useToken(token: string) {
    this.token = token;
  }

  async call(method: Method, url: string, body?: Body): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    let payload: string | Buffer | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body && 'form' in body) {
      const encoded = await multipartBody(body.form);
      Object.assign(headers, encoded.headers);
      payload = encoded.payload;
    }
    if (this.auth === 'token' && this.token) headers.authorization = `Token ${this.token}`;
    if (this.auth === 'cookie') {
      if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const csrf = this.cookies.get('csrftoken');
      if (method !== 'GET' && csrf) headers['x-csrftoken'] = csrf;
    }
    const res = await this.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    for (const cookie of res.cookies) this.cookies.set(cookie.name, cookie.value);
    // Whatever the call, a client mistake or success is never a server error.
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
    return res;
  }

  /** Calls, expects a 2xx, and returns the JSON answer after checking it against `shape`. */
  async ok<S extends z.ZodType>(shape: S, method: Method, url: string, body?: Body): Promise<z.output<S>> {
    const res = await this.call(method, url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return conforms(shape, res.json(), `${method} ${url}`);
  }
}

/** Parses `value` with `shape`, failing with every mismatched path named. */
export function conforms<S extends z.ZodType>(shape: S, value: unknown, what: string): z.output<S> {
  const parsed = shape.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`${what} does not answer the original shape:\n${problems.slice(0, 20).join('\n')}`);
  }
  return parsed.data;
}
