import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { TEST_ADMIN_PASSWORD } from './test-app.js';
import { createTestDatabase } from './test-databases.js';

/**
 * A reset link's token (and any other query string) never reaches the request log at the default
 * level, whichever logger options the app is built with (core/request-log.ts); probes stay out of it.
 */
interface LogLine {
  msg?: string;
  req?: { url?: string };
  reason?: string;
}

/** The app at the default level (LOG_LEVEL unset, as a site runs), with the lines it writes. */
async function loggedApp() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const database = await createTestDatabase('sqlite');
  const config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    SUDOKU_POOL_SIZE: '0',
  });
  const app = await buildApp({ config, database: database.handle, logger: { level: config.logLevel, stream } });
  return {
    app,
    lines,
    urls: () => lines.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

describe('request log', () => {
  it('writes the path of every request and never its query string', async () => {
    const { app, lines, urls, close } = await loggedApp();
    try {
      const secret = 'Zm9yZ290LXRoaXMtdG9rZW4tcGxlYXNlLXNlY3JldC0x';
      await app.inject({ url: `/reset-password?token=${secret}` });
      await app.inject({ url: `/api/portfolio?token=${secret}&x=1` });
      expect(JSON.stringify(lines)).not.toContain(secret);
      expect(urls()).toEqual(['/reset-password?[redacted]', '/api/portfolio?[redacted]']);
    } finally {
      await close();
    }
  });

  it("writes no line for the proxy's and monitors' probes, and one when readiness changes", async () => {
    const { app, lines, urls, close } = await loggedApp();
    try {
      for (let i = 0; i < 3; i++) {
        expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
        expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
      }
      await app.inject({ url: '/api/portfolio' });
      expect(urls()).toEqual(['/api/portfolio']);

      // A stopping instance refuses readiness: one line when it starts refusing, not one a probe.
      const leaving = app.deps.drain.leave();
      for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(503);
      await leaving.done;
      expect(lines.filter((line) => line.msg === 'not ready').map((line) => line.reason)).toEqual([
        'Not ready: this instance is stopping',
      ]);
      expect(urls()).toEqual(['/api/portfolio']);
    } finally {
      await close();
    }
  });
});
