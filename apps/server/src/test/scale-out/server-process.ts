import path from 'node:path';
import { serverRoot } from '../../server-root.js';
import { compileScripts } from '../compiled-scripts.js';
import { type ServerProcess, startServerProcess as start } from '../server-process.js';

export { freePort, type ServerProcess } from '../server-process.js';

const mainSource = path.join(serverRoot, 'src/main.ts');
let compiledMain: Promise<string> | undefined;

/**
 * `src/main.ts` compiled once per test process (../compiled-scripts.ts): started through tsx, each
 * start compiled the whole app again, and two at once on a busy machine took over a minute.
 */
function mainScript(): Promise<string> {
  // Removed when the run ends (remove-compiled-scripts.ts).
  compiledMain ??= compileScripts([mainSource]).then((compiled) => compiled.script(mainSource));
  return compiledMain;
}

/**
 * Runs the server (`src/main.ts`, compiled as above) as its own process with `env`, and waits
 * until /api/health answers. Unit tests run before the build, so this cannot use `dist`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { tempDataDir }: { tempDataDir?: string } = {},
): Promise<ServerProcess> {
  return start({
    script: await mainScript(),
    cwd: serverRoot,
    tempDataDir,
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
