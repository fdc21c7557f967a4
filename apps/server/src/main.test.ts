import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './test/scale-out/server-process.js';

/**
 * A stop leaves the load balancer before closing (docs/deploy.md). After SIGTERM readiness answers 503 while
 * every other request is still served; the server closes once a second probe has been refused,
 * so a proxy that checks readiness has stopped sending before the port closes. Without any
 * readiness probe (no balancer) it closes at once. deploy/stack/ shows zero failed requests
 * behind Caddy with it.
 */
// A throw-away data folder: the server's own SQLite database.
const start = () => startServerProcess({}, { tempDataDir: 'site-main-stop-' });

describe('stopping the server', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('after SIGTERM refuses readiness, keeps serving, and closes on the second refused probe', async () => {
    server = await start();
    const ready = () => fetch(`${server?.baseUrl}/api/health/ready`);
    expect((await ready()).status).toBe(200);

    server.child.kill('SIGTERM');
    // The signal arrives asynchronously: wait for its first sign, readiness refused.
    let first: Response;
    for (;;) {
      first = await ready();
      if (first.status === 503) break;
      expect(first.status).toBe(200);
    }
    expect(await first.json()).toMatchObject({ code: 503, message: expect.stringContaining('stopping') });
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/me`)).status).toBe(401);

    expect((await ready()).status).toBe(503);
    expect(await server.exited).toBe('exit 0');
  }, 60_000);

  it('closes at once when nothing ever probed readiness', async () => {
    server = await start();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe('exit 0');
  }, 60_000);
});
