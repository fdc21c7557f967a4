import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { TEST_ADMIN_PASSWORD } from './test-app.js';

/**
 * Temporary directories and apps that are removed and closed after each test of the file that
 * calls this (in its module scope): what the backup tests need to run the site as `npm start`
 * does, on its own SQLite file in a data directory.
 */
export function sitesOnDisk() {
  const dirs: string[] = [];
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  /** The real server on its own SQLite file in `dataDir`, closed after the test. */
  async function startSite(dataDir: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      SUDOKU_POOL_SIZE: '0',
      ...env,
    });
    const app = await buildApp({ config, logger: false });
    await app.ready();
    apps.push(app);
    return app;
  }
  return { tempDir, startSite };
}
