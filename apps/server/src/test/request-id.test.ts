import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggingApp } from './logging-app.js';
import { rawExchange } from './raw-http.js';
import { createTestApp, type TestApp } from './test-app.js';

/** X-Request-Id on every answer and `reqId` on every log line of the request (core/request-id.ts). */
describe('X-Request-Id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('names every answer, errors included', async () => {
    const answers = [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/no-such-thing' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 400]);
    for (const res of answers) expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(answers.map((r) => r.headers['x-request-id'])).size).toBe(3);
  });

  it('keeps a safe incoming id and replaces an unsafe one', async () => {
    const safe = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-1234.abc_DEF' } });
    expect(safe.headers['x-request-id']).toBe('lb-1234.abc_DEF');
    for (const unsafe of ['has space', 'a'.repeat(65), 'inject\u2028line', '{"json":1}']) {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id'], unsafe).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is on the answer and the log line of what Node refuses before Fastify (400, 431)', async () => {
    const { app, lines, close } = await loggingApp('debug');
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const answers = [
        await rawExchange(port, ['HELLO THERE\r\n\r\n']),
        await rawExchange(port, [`GET /api/health?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`]),
      ];
      expect(answers.map((a) => a.status)).toEqual([400, 431]);
      const ids = answers.map((a) => a.headers['x-request-id']);
      expect(new Set(ids).size).toBe(2);
      for (const id of ids) {
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(lines.filter((l) => l.reqId === id).map((l) => l.msg)).toEqual(['client error']);
      }
    } finally {
      await close();
    }
  });

  it('is on the log lines of the request', async () => {
    const { app, lines, close } = await loggingApp('info');
    try {
      const res = await app.inject({ url: '/api/no-such-thing', headers: { 'x-request-id': 'trace-me-42' } });
      expect(res.headers['x-request-id']).toBe('trace-me-42');
      const ours = lines.filter((l) => l.reqId === 'trace-me-42');
      expect(ours.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    } finally {
      await close();
    }
  });
});
