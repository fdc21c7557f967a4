import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { parseTrustProxy } from './trust-proxy.js';

const randomIp = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const forged = () => `${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** A test route answering with the client address and scheme the app believes. */
const echoRoute = (app: FastifyInstance) => {
  app.get('/test/client', async (request) => ({ ip: request.ip, protocol: request.protocol }));
};

describe('parseTrustProxy', () => {
  it('reads off, a hop count and a list of addresses or CIDRs', () => {
    expect(parseTrustProxy('false')).toEqual({ ok: true, value: false });
    expect(parseTrustProxy('0')).toEqual({ ok: true, value: false });
    expect(parseTrustProxy('2')).toEqual({ ok: true, value: 2 });
    expect(parseTrustProxy(' 10.0.0.1, 10.1.0.0/16 ,::1,fd00::/8, loopback')).toEqual({
      ok: true,
      value: ['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses true (any client could pick its own address) and anything that is not an address', () => {
    expect(parseTrustProxy('true')).toMatchObject({ ok: false, message: expect.stringMatching(/number of proxies/) });
    for (const bad of ['yes', '11', '10.0.0.0/33', '::/129', '10.0.0.300', 'proxy.example.com', '1.2.3.4/8/8', ',']) {
      expect(parseTrustProxy(bad), bad).toMatchObject({ ok: false });
    }
  });
});

describe('client addresses behind a proxy', () => {
  let hop: TestApp;
  let listed: TestApp;
  beforeAll(async () => {
    hop = await createTestApp('sqlite', { TRUST_PROXY: '1', LOGIN_MAX_ATTEMPTS_PER_IP: '5' }, echoRoute);
    listed = await createTestApp('sqlite', { TRUST_PROXY: '127.0.0.1/8, 10.9.0.0/16' }, echoRoute);
  });
  afterAll(async () => {
    await hop.close();
    await listed.close();
  });

  // The proxy (here at 127.0.0.1, the socket's peer) appends the address it saw to what the client sent.
  const viaProxy = (client: string, claimed = forged()) => ({ 'x-forwarded-for': `${claimed}, ${client}` });

  it('takes the address the proxy saw, not the left-most one a client wrote (login limit holds)', async () => {
    const client = randomIp();
    const login = () =>
      hop.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '127.0.0.1',
        headers: viaProxy(client),
        payload: { username: `ghost${forged()}`, password: 'whatever1' },
      });
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push((await login()).statusCode);
    expect(answers.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(answers.slice(5)).toEqual([429, 429, 429]);

    // Another client behind the same proxy has its own budget (a bare hop count must not mean "trust nobody").
    const other = await hop.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '127.0.0.1',
      headers: viaProxy(randomIp()),
      payload: { username: 'ghost-other', password: 'whatever1' },
    });
    expect(other.statusCode).toBe(404);
  });

  it('does the same over a real socket, and believes the proxy about HTTPS', async () => {
    const t = await createTestApp('sqlite', { TRUST_PROXY: '1' }, echoRoute);
    try {
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const client = randomIp();
      const res = await fetch(`${address}/test/client`, {
        headers: { ...viaProxy(client), 'x-forwarded-proto': 'https' },
      });
      expect(await res.json()).toEqual({ ip: client, protocol: 'https' });
      const direct = await fetch(`${address}/test/client`);
      expect(await direct.json()).toEqual({ ip: '127.0.0.1', protocol: 'http' });
    } finally {
      await t.close();
    }
  });

  it('with a list, believes only the listed proxies', async () => {
    const client = randomIp();
    const ipOf = async (remoteAddress: string, xff: string) =>
      (
        await listed.app.inject({
          method: 'GET',
          url: '/test/client',
          remoteAddress,
          headers: { 'x-forwarded-for': xff },
        })
      ).json().ip;
    // Proxy chain 10.9.0.4 → 127.0.0.1: both listed, so the client is the address before them.
    expect(await ipOf('127.0.0.1', `${forged()}, ${client}, 10.9.0.4`)).toBe(client);
    // A client connecting directly from an unlisted address cannot pick its address.
    expect(await ipOf('192.0.2.10', client)).toBe('192.0.2.10');
  });
});
