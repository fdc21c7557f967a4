import { describe, expect, it } from 'vitest';
import { type LogLine, loggingApp } from './logging-app.js';

/**
 * A reset link's token (and any other query string) never reaches the request log at the default
 * level, whichever logger options the app is built with (core/request-log.ts); probes stay out of it.
 */
const requestUrls = (lines: LogLine[]) =>
  lines.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url);

describe('request log', () => {
  it('writes the path of every request and never its query string', async () => {
    const { app, lines, close } = await loggingApp();
    try {
      const secret = 'Zm9yZ290LXRoaXMtdG9rZW4tcGxlYXNlLXNlY3JldC0x';
      await app.inject({ url: `/reset-password?token=${secret}` });
      await app.inject({ url: `/api/portfolio?token=${secret}&x=1` });
      expect(JSON.stringify(lines)).not.toContain(secret);
      expect(requestUrls(lines)).toEqual(['/reset-password?[redacted]', '/api/portfolio?[redacted]']);
    } finally {
      await close();
    }
  });

  it("writes no line for the proxy's and monitors' probes, and one when readiness changes", async () => {
    const { app, lines, close } = await loggingApp();
    try {
      for (let i = 0; i < 3; i++) {
        expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
        expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
      }
      await app.inject({ url: '/api/portfolio' });
      expect(requestUrls(lines)).toEqual(['/api/portfolio']);

      // A stopping instance refuses readiness: one line when it starts refusing, not one a probe.
      const leaving = app.deps.drain.leave();
      for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(503);
      await leaving.done;
      expect(lines.filter((line) => line.msg === 'not ready').map((line) => line.reason)).toEqual([
        'Not ready: this instance is stopping',
      ]);
      expect(requestUrls(lines)).toEqual(['/api/portfolio']);
    } finally {
      await close();
    }
  });
});
