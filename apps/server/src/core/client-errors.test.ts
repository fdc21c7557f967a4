import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawAnswer, rawExchange } from '../test/raw-http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

describe('what Node refuses before Fastify sees a request', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { REQUEST_TIMEOUT_MS: '1000' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  const expectJsonError = (answer: RawAnswer, status: number, message: RegExp) => {
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    // Node answered before any request existed, yet the answer still names itself for the logs.
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(JSON.parse(answer.body)).toEqual({ success: false, code: status, message: expect.stringMatching(message) });
    expect(answer.closed).toBe(true);
  };

  it('times out a body sent one byte at a time (408 JSON, connection closed)', async () => {
    const body = JSON.stringify({ username: 'slow-loris', password: 'whatever1' });
    const head = `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // One byte every 300 ms: the whole body would take ~13 s; the 1 s time-out must cut it off well before.
    const answer = await rawExchange(port, [head, ...body], 300, 8000);
    expectJsonError(answer, 408, /took too long/);
  });

  it('times out headers sent one line at a time', async () => {
    const lines = ['GET /api/health HTTP/1.1\r\n', 'Host: localhost\r\n', ...Array(40).fill('X-Slow: 1\r\n'), '\r\n'];
    const answer = await rawExchange(port, lines, 300, 8000);
    expectJsonError(answer, 408, /took too long/);
  });

  it('answers a malformed Content-Length with a JSON 400', async () => {
    const answer = await rawExchange(port, [
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ten\r\n\r\n{}',
    ]);
    expectJsonError(answer, 400, /Content-Length is not valid/);
  });

  it('answers a 17 kB address with a JSON 431', async () => {
    const answer = await rawExchange(port, [
      `GET /api/health?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    ]);
    expectJsonError(answer, 431, /too large/);
  });

  it('answers bytes that are not HTTP with a JSON 400, also after a good request on the same connection', async () => {
    const answer = await rawExchange(
      port,
      ['GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n', 'HELLO THERE\r\n\r\n'],
      200,
    );
    expectJsonError(answer, 400, /not valid HTTP/);
  });

  it('leaves a request that arrives in time alone', async () => {
    const answer = await rawExchange(port, [
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    ]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
  });
});
