import { execFile } from 'node:child_process';
import path from 'node:path';
import { serverRoot } from '../server-root.js';

/** How the root package.json runs the server's scripts: tsx, from sources. */
export const sourceNodeArgs = ['--import', 'tsx', '--conditions=source'];

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * One of the server's command-line scripts (`src/<name>.ts`) in a child process, as
 * `npm run <name> -- <args>` runs it; only PATH and `env` are in its environment.
 */
export const runServerScript = (name: string, args: string[], env: Record<string, string>): Promise<ScriptResult> =>
  runNodeScript([...sourceNodeArgs, path.join(serverRoot, `src/${name}.ts`), ...args], env);

/** `node <argv>` in the server's directory with only PATH and `env` in its environment. */
export function runNodeScript(argv: string[], env: Record<string, string>): Promise<ScriptResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      argv,
      { cwd: serverRoot, env: { PATH: process.env.PATH, ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number | undefined) ?? null) : 0, stdout, stderr }),
    );
  });
}
