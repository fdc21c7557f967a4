import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { TEST_ADMIN_PASSWORD } from './test-app.js';
import { createTestDatabase } from './test-databases.js';

/**
 * A reset link's token (and any other query string) never reaches the request log at the default
 * level, whichever logger options the app is built with (core/request-log.ts).
 */
describe('request log', () => {
  it('writes the path of every request and never its query string', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const database = await createTestDatabase('sqlite');
    // LOG_LEVEL unset: the default level, as a site runs.
    const config = loadConfig({
      NODE_ENV: 'test',
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      SUDOKU_POOL_SIZE: '0',
    });
    const app = await buildApp({ config, database: database.handle, logger: { level: config.logLevel, stream } });
    try {
      const secret = 'Zm9yZ290LXRoaXMtdG9rZW4tcGxlYXNlLXNlY3JldC0x';
      await app.inject({ url: `/reset-password?token=${secret}` });
      await app.inject({ url: `/api/health?token=${secret}&x=1` });
      expect(lines.join('\n')).not.toContain(secret);
      const urls = lines
        .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
        .filter((line) => line.msg === 'incoming request')
        .map((line) => line.req?.url);
      expect(urls).toEqual(['/reset-password?[redacted]', '/api/health?[redacted]']);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
