import fs from 'node:fs';
import path from 'node:path';
import { builtServer, productionNodeFlags, startServerProcess } from '../../apps/server/src/test/server-process.js';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the production build (`apps/server/dist/main.js`, serving `apps/web/dist`) on a free port
 * with a throw-away data directory, and waits until /api/health answers.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(builtServer) || !fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The site is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const server = await startServerProcess({
    script: builtServer,
    // The production server's Node flags, as `npm start` passes them.
    nodeArgs: productionNodeFlags(),
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Empty is unset: SQLite in the throw-away DATA_DIR and no Redis, whatever the shell has.
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      ...env,
    },
    tempDataDir: 'site-e2e-',
    timeoutMs: 30_000,
  });
  return { baseUrl: server.baseUrl, dataDir: server.dataDir!, stop: server.stop };
}
