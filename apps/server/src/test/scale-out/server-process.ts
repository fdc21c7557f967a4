import path from 'node:path';
import { serverRoot } from '../../server-root.js';
import { type ServerProcess, startServerProcess as start } from '../server-process.js';

export { freePort, type ServerProcess } from '../server-process.js';

/**
 * Runs the server from source (`src/main.ts` through tsx, as `npm run dev` does) as its own
 * process with `env`, and waits until /api/health answers. Unit tests run before the build, so
 * this cannot use `dist`.
 */
export function startServerProcess(
  env: Record<string, string>,
  { tempDataDir }: { tempDataDir?: string } = {},
): Promise<ServerProcess> {
  return start({
    tempDataDir,
    script: path.join(serverRoot, 'src/main.ts'),
    nodeArgs: ['--import', 'tsx', '--conditions=source'],
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SUDOKU_POOL_SIZE: '0',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      ...env,
    },
  });
}
