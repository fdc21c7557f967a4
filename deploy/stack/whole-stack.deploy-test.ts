import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/server/src/test/server-process.js';
import { waitFor } from '../../apps/server/src/test/wait-for.js';
import { type Browser, launchBrowser } from '../../e2e/src/browser.js';
import { signUpThroughUi, uniqueUsername } from '../../e2e/src/session.js';
import {
  type Answer,
  type Instance,
  type RequestOptions,
  repoRoot,
  request,
  SITE_HOST,
  type Stack,
  startStack,
} from './stack.js';

/**
 * DESIGN: the deploy kit as a person would run it, on this machine: deploy/Caddyfile in the real
 * Caddy (its own CA for site.localhost), two production builds of the server on one PostgreSQL and
 * one Redis, TRUST_PROXY=1. Which instance answered a request is read from the instances' request
 * logs: each logs the X-Request-Id it answers with (nothing in an answer names an instance, and
 * the test adds nothing that would).
 */
// Enough that they reach both instances: Caddy picks one at random when neither is busy.
const LOGIN_ATTEMPTS_PER_ADDRESS = 12;

let stack: Stack;
let browser: Browser;

// biome-ignore lint/suspicious/noExplicitAny: JSON read in a test; the fields used are asserted.
const json = (answer: Answer): any => JSON.parse(answer.body);

/** Which instances served these requests, by name. */
/**
 * The instances that logged these requests. A log reaches this process through a pipe, after the
 * answer it logs: each request's line is waited for.
 */
async function servedBy(requestIds: string[]): Promise<Set<string>> {
  for (const id of requestIds) {
    await waitFor(`logged request ${id}`, () => stack.instances.some((one) => one.served(id)));
  }
  return new Set(requestIds.flatMap((id) => stack.instances.filter((one) => one.served(id)).map((one) => one.name)));
}

/** The client address each request's "incoming request" log line names, once it has arrived. */
async function loggedAddresses(answers: Answer[]): Promise<(string | undefined)[]> {
  const addressOf = (requestId: string): string | undefined => {
    const line = stack.instances
      .flatMap((one) => one.log().split('\n'))
      .find((l) => l.includes(`"reqId":"${requestId}"`) && l.includes('"incoming request"'));
    return line === undefined ? undefined : JSON.parse(line).req?.remoteAddress;
  };
  for (const { requestId } of answers) {
    await waitFor(`logged request ${requestId}`, () => addressOf(requestId) !== undefined);
  }
  return answers.map((a) => addressOf(a.requestId));
}

/** A fresh user through the proxy; its API token. */
async function signUp(prefix: string): Promise<string> {
  const username = uniqueUsername(prefix);
  const answer = await stack.get('/api/signup', {
    method: 'POST',
    body: { username, email: `${username}@example.com`, password: 'deploy-password-123' },
  });
  expect(answer.status).toBe(200);
  return json(answer).token;
}

/** `fetch` in the page (its cookies, same origin): status and X-Request-Id of each. */
const fetchInPage = (page: Page, url: string, times: number, init: { method?: string; csrf?: boolean } = {}) =>
  page.evaluate(
    async ({ url, times, init }) => {
      const csrf = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '';
      const answers: { status: number; id: string }[] = [];
      for (let i = 0; i < times; i++) {
        const res = await fetch(url, {
          method: init.method ?? 'GET',
          headers: init.csrf ? { 'X-CSRFToken': csrf } : {},
        });
        answers.push({ status: res.status, id: res.headers.get('x-request-id') ?? '' });
      }
      return answers;
    },
    { url, times, init },
  );

beforeAll(async () => {
  stack = await startStack({
    LOGIN_MAX_ATTEMPTS_PER_IP: String(LOGIN_ATTEMPTS_PER_ADDRESS),
    // The address's limit is the one under test, not the username's (10 wrong passwords).
    LOGIN_MAX_FAILURES_PER_USERNAME: '100',
  });
  browser = await launchBrowser(undefined, undefined, { ignoreHTTPSErrors: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the site behind Caddy', () => {
  it('serves HTTPS with HSTS, redirects HTTP, and passes the server’s compression and caching through', async () => {
    const page = await stack.get('/', { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');

    // A hashed file arrives as the build's own .br copy, byte for byte: nothing re-encoded it.
    const html = (await stack.get('/')).body;
    const asset = /\/assets\/index-[\w-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const encoded = await new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      https
        .get(
          {
            host: '127.0.0.1',
            port: stack.caddy.httpsPort,
            servername: SITE_HOST,
            ca: stack.caddy.rootCertificate(),
            path: asset,
            headers: { host: `${SITE_HOST}:${stack.caddy.httpsPort}`, 'accept-encoding': 'br' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
          },
        )
        .on('error', reject);
    });
    expect(encoded.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(encoded.bytes.equals(fs.readFileSync(path.join(repoRoot, `apps/web/dist${asset}.br`)))).toBe(true);

    // Plain HTTP only redirects.
    const redirect = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          { host: '127.0.0.1', port: stack.caddy.httpPort, path: '/apps/todo', headers: { host: SITE_HOST } },
          (res) => resolve(res.resume()),
        )
        .on('error', reject),
    );
    expect(redirect.statusCode).toBe(308);
    expect(redirect.headers.location).toMatch(/^https:\/\/site\.localhost(:\d+)?\/apps\/todo$/);
  });

  it('signs up in the browser, with Secure cookies, and stays signed in on both instances; logging out on one ends it on the other', async () => {
    const page = await browser.context.newPage();
    const first = await page.goto(stack.caddy.origin);
    expect(first?.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
    await signUpThroughUi(page, stack.caddy.origin, uniqueUsername('deploy'));

    const cookies = await browser.context.cookies(stack.caddy.origin);
    const session = cookies.find((c) => c.name === 'sessionid');
    expect(session).toMatchObject({ secure: true, httpOnly: true });
    expect(cookies.find((c) => c.name === 'csrftoken')?.secure).toBe(true);

    // Each request goes to either instance at random (least_conn, neither busy): 20 reach both
    // (all on one: about one run in 500,000), every one signed in.
    const signedIn = await fetchInPage(page, '/api/me', 20);
    expect(signedIn.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await servedBy(signedIn.map((a) => a.id))).toEqual(new Set(['1', '2']));

    const [logout] = await fetchInPage(page, '/api/logout', 1, { method: 'POST', csrf: true });
    expect(logout?.status).toBe(200);
    const loggedOutOn = [...(await servedBy([logout?.id ?? '']))];
    expect(loggedOutOn).toHaveLength(1);
    // Both instances, the one that did not log out included, refuse the session from then on (each
    // keeps sessions in memory a while: the logout reached the other over Redis).
    const after = await fetchInPage(page, '/api/me', 20);
    expect(after.map((a) => a.status)).toEqual(Array(20).fill(401));
    expect(await servedBy(after.map((a) => a.id))).toEqual(new Set(['1', '2']));
    await page.close();
  });

  it('limits logins by the client’s address as Caddy saw it, shared by both instances, whatever X-Forwarded-For a client sends', async () => {
    const username = uniqueUsername('limited');
    await stack.get('/api/signup', {
      method: 'POST',
      body: { username, email: `${username}@example.com`, password: 'deploy-password-123' },
    });
    // Two clients on other loopback addresses than Caddy's own connections to the instances (127.0.0.1).
    const attempt = (localAddress: string, headers: Record<string, string> = {}) =>
      stack.get('/api/login', {
        method: 'POST',
        localAddress,
        headers,
        body: { username, password: 'wrong-password' },
      });
    const first: Answer[] = [];
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_ADDRESS; i++) {
      // A made-up X-Forwarded-For each time: were it believed, every attempt would count apart.
      first.push(await attempt('127.0.0.2', { 'x-forwarded-for': `203.0.113.${i + 1}` }));
    }
    expect(first.map((a) => a.status)).toEqual(Array(LOGIN_ATTEMPTS_PER_ADDRESS).fill(401));
    // Counted together though they went to both instances (Redis holds the count).
    expect(await servedBy(first.map((a) => a.requestId))).toEqual(new Set(['1', '2']));
    expect((await attempt('127.0.0.2', { 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
    // Another address is another client, though the proxy connects from the same one for both.
    expect((await attempt('127.0.0.3')).status).toBe(401);

    // The instances logged the client's address, never the proxy's, for these requests.
    expect(await loggedAddresses(first)).toEqual(Array(LOGIN_ATTEMPTS_PER_ADDRESS).fill('127.0.0.2'));
  });
});

/**
 * autocannon through the proxy while `during` runs: `amount` requests, or (`amount` unset) until
 * `during` is done. Its errors and every answer's status.
 */
async function underLoad(
  requests: autocannon.Request[],
  token: string,
  during: (responses: () => number) => Promise<void>,
  amount?: number,
) {
  const statuses: Record<number, number> = {};
  let responses = 0;
  let finished!: (result: autocannon.Result) => void;
  let failed!: (error: unknown) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const run = autocannon(
    {
      url: `https://127.0.0.1:${stack.caddy.httpsPort}`,
      servername: SITE_HOST,
      connections: 4,
      ...(amount ? { amount } : { duration: 600 }),
      headers: { host: `${SITE_HOST}:${stack.caddy.httpsPort}`, authorization: `Token ${token}` },
      requests,
    },
    (error, result) => (error ? failed(error) : finished(result)),
  );
  run.on('response', (_client, status) => {
    responses += 1;
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  await during(() => responses);
  if (!amount) run.stop();
  const result = await done;
  return { result, statuses, responses };
}

/** Requests through the proxy until `one` answers one (it is back in the proxy's rotation). */
async function waitUntilServedBy(one: Instance, token: string) {
  await waitFor(`served by instance ${one.name}`, async () => {
    const answer = await stack.get('/api/todo', { headers: { authorization: `Token ${token}` } });
    expect(answer.status).toBe(200);
    return one.served(answer.requestId);
  });
}

describe('instances going away under load', () => {
  it('loses no request when an instance is killed, and sends requests to it again once it is back', async () => {
    const token = await signUp('load');
    const [one] = stack.instances as [Instance, Instance];
    const { result, statuses } = await underLoad(
      [{ path: '/api/todo' }, { path: '/api/me' }, { path: '/apps/todo' }],
      token,
      async (responses) => {
        await waitFor('load under way', () => responses() >= 200);
        await one.kill();
        await one.start();
      },
      1200,
    );
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(statuses).toEqual({ 200: 1200 });
    await waitUntilServedBy(one, token);
  });

  it('rolling restart: migrates once, restarts one at a time, and loses no request and no acknowledged write', async () => {
    const byPort = new Map(stack.instances.map((one) => [String(one.port), one]));
    // What `systemctl restart site@N` does, for the test's instances: stop (SIGTERM), start again.
    const control = http.createServer((req, res) => {
      const one = byPort.get(req.url?.split('/').pop() ?? '');
      if (!one) return res.writeHead(404).end();
      one
        .stop()
        .then(() => one.start())
        .then(
          () => res.end('restarted\n'),
          (error) => res.writeHead(500).end(String(error)),
        );
    });
    const controlPort = await freePort();
    await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
    const pidsBefore = stack.instances.map((one) => one.process?.child.pid);

    const writers = await Promise.all([0, 1, 2].map(() => signUp('writer')));
    const reader = await signUp('reader');
    const acknowledged = writers.map(() => [] as string[]);
    const failures: string[] = [];
    let restarting = true;
    const write = async (w: number) => {
      const agent = new https.Agent({ keepAlive: true });
      for (let n = 0; restarting && n < 900; n++) {
        const title = `w${w}-${n}`;
        try {
          const answer = await stack.get('/api/todo', {
            method: 'POST',
            agent,
            headers: { authorization: `Token ${writers[w]}` },
            body: { title },
          });
          if (answer.status >= 200 && answer.status < 300) acknowledged[w]?.push(title);
          else failures.push(`${title}: ${answer.status} ${answer.body}`);
        } catch (error) {
          failures.push(`${title}: ${error}`);
        }
      }
      agent.destroy();
    };

    let output = '';
    let code: number | null;
    let reading: Awaited<ReturnType<typeof underLoad>>;
    try {
      const script = spawn('bash', [path.join(repoRoot, 'deploy/rolling-restart.sh'), ...byPort.keys()], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: stack.databaseUrl,
          MIGRATE_COMMAND: `node ${path.join(repoRoot, 'apps/server/dist/migrate.js')}`,
          RESTART_COMMAND: `curl -fsS -X POST http://127.0.0.1:${controlPort}/restart/`,
          READY_URL: 'http://127.0.0.1:%s/api/health/ready',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      script.stdout.on('data', (d) => {
        output += d;
      });
      script.stderr.on('data', (d) => {
        output += d;
      });
      const exited = new Promise<number | null>((resolve) => script.once('close', resolve));
      const writing = Promise.all(writers.map((_, w) => write(w)));
      // Reads beside the writes, until the script is done.
      reading = await underLoad([{ path: '/api/todo' }, { path: '/apps/todo' }], reader, async () => {
        await exited;
      });
      code = await exited;
      restarting = false;
      await writing;
    } finally {
      restarting = false;
      control.close();
    }

    expect(code, output).toBe(0);
    expect(output).toContain('Database (postgres) is up to date.');
    expect(output.match(/restarting instance/g)).toHaveLength(2);
    for (const [i, one] of stack.instances.entries()) expect(one.process?.child.pid).not.toBe(pidsBefore[i]);
    // On a failure, what Caddy saw: its errors and each instance going down and up.
    const proxyLog = () =>
      stack.caddy
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":"error"') || line.includes('health_checker'))
        .join('\n');
    expect(failures, proxyLog()).toEqual([]);
    expect(reading.result.errors).toBe(0);
    expect(reading.responses).toBeGreaterThan(0);
    expect(Object.keys(reading.statuses)).toEqual(['200']);

    // Every acknowledged write is there.
    for (const [w, token] of writers.entries()) {
      const list = json(await stack.get('/api/todo', { headers: { authorization: `Token ${token}` } }));
      const titles = new Set([...list.todos, ...list.completed].map((t: { title: string }) => t.title));
      expect(acknowledged[w]?.length).toBeGreaterThan(0);
      expect(acknowledged[w]?.filter((title) => !titles.has(title))).toEqual([]);
    }
    for (const one of stack.instances) await waitUntilServedBy(one, writers[0] ?? '');
  });
});

describe('deploy/nginx.conf', () => {
  let dir: string;
  let httpsPort: number;
  const nginxArgs = () => ['-p', dir, '-e', `${dir}/error.log`, '-c', path.join(dir, 'nginx.conf')];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-nginx-'));
    const [httpPort, tlsPort] = [await freePort(), await freePort()];
    httpsPort = tlsPort;
    // The domain, certbot's files (Caddy's certificate for the test name instead), the instances and
    // loopback ports filled in; the IPv6 listens left out, as a machine may have no IPv6.
    const site = fs
      .readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8')
      .replaceAll('/etc/letsencrypt/live/example.com/fullchain.pem', stack.caddy.siteCertificate.cert)
      .replaceAll('/etc/letsencrypt/live/example.com/privkey.pem', stack.caddy.siteCertificate.key)
      .replaceAll('example.com', SITE_HOST)
      .replaceAll('127.0.0.1:8001', `127.0.0.1:${stack.instances[0]?.port}`)
      .replaceAll('127.0.0.1:8002', `127.0.0.1:${stack.instances[1]?.port}`)
      .replace(/^\s*listen \[::\].*$/gm, '')
      .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
      .replace('listen 443 ssl', `listen 127.0.0.1:${httpsPort} ssl`);
    fs.writeFileSync(path.join(dir, 'site.conf'), site);
    // The rest of a main nginx.conf (Debian's includes the site the same way), all in the temp dir.
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\ndaemon off;\nevents {}\nhttp {\n  access_log off;\n` +
        `  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  include ${dir}/site.conf;\n}\n`,
    );
  });

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is a valid nginx site once its domain, certificate and ports are filled in', () => {
    const check = spawnSync('nginx', ['-t', ...nginxArgs()], { encoding: 'utf8' });
    expect(check.stderr).toContain('test is successful');
    expect(check.status).toBe(0);
  });

  it('in front of the two instances: HTTPS, HSTS, the server’s compression, the client’s address', async () => {
    const nginx = spawn('nginx', nginxArgs(), { stdio: 'ignore' });
    const exited = new Promise((resolve) => nginx.once('close', resolve));
    try {
      const ca = stack.caddy.rootCertificate();
      const get = (pathname: string, init: Omit<RequestOptions, 'port' | 'ca'> = {}) =>
        request({ ...init, port: httpsPort, ca }, pathname);
      await waitFor('nginx serving', () =>
        get('/api/health').then(
          (a) => a.status === 200,
          () => false,
        ),
      );

      const page = await get('/', { headers: { 'accept-encoding': 'br' } });
      expect(page.status).toBe(200);
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(page.headers['content-encoding']).toBe('br');

      const answers: Answer[] = [];
      for (let i = 0; i < 4; i++) {
        answers.push(
          await get('/api/me', { localAddress: '127.0.0.2', headers: { 'x-forwarded-for': '203.0.113.9' } }),
        );
      }
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
      expect(await servedBy(answers.map((a) => a.requestId))).toEqual(new Set(['1', '2']));
      expect(await loggedAddresses(answers)).toEqual(Array(4).fill('127.0.0.2'));
    } finally {
      nginx.kill('SIGQUIT');
      await exited;
    }
  });
});
