import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { PROBE_ROUTES, registerLoopTurns } from './loop-turns.js';

/**
 * With a budget of 0 every pass of the loop starts one waiting request: what a server whose passes are
 * full sees, without waiting for time to pass.
 */
async function busyServer() {
  const app = Fastify();
  registerLoopTurns(app, 0);
  const started: string[] = [];
  app.get('/work/:n', async (request) => {
    const { n } = request.params as { n: string };
    started.push(`work ${n}`);
    return { n: Number(n) };
  });
  app.get('/api/health', async () => {
    started.push('health');
    return { status: 'ok' };
  });
  await app.ready();
  return { app, started };
}

describe('registerLoopTurns', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app?.close();
  });

  it('starts waiting requests in arrival order, each answered as without turns', async () => {
    const server = await busyServer();
    app = server.app;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => app.inject(`/work/${n}`)));
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(Array.from({ length: 20 }, (_, n) => [200, { n }]));
    expect(server.started).toEqual(Array.from({ length: 20 }, (_, n) => `work ${n}`));
  });

  it('answers a probe at once, ahead of the requests waiting for their turn', async () => {
    const server = await busyServer();
    app = server.app;
    const work = Array.from({ length: 5 }, (_, n) => app.inject(`/work/${n}`));
    const health = app.inject('/api/health');
    const answers = await Promise.all([...work, health]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(server.started[0]).toBe('health');
    expect(server.started.slice(1)).toEqual(['work 0', 'work 1', 'work 2', 'work 3', 'work 4']);
  });
});

describe('the probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are routes of the app', () => {
    const gets = new Set(t.app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url));
    for (const url of PROBE_ROUTES) expect(gets.has(url), url).toBe(true);
  });
});
