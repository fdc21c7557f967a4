import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../server-root.js';
import { type CompiledScripts, compileScripts } from '../test/compiled-scripts.js';
import { runNodeScript } from '../test/run-script.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

const source = (name: 'main' | 'backup' | 'restore') => path.join(serverRoot, `src/${name}.ts`);

/**
 * The server and both commands, compiled once for the seven starts of this file
 * (test/compiled-scripts.ts): through tsx, each start compiled and loaded the app again.
 * admin-cli.test.ts runs its command through tsx, as the root package.json runs them all.
 */
let compiled: CompiledScripts | undefined;
beforeAll(async () => {
  compiled = await compileScripts([source('main'), source('backup'), source('restore')]);
});
afterAll(() => compiled?.remove());
const script = (name: 'main' | 'backup' | 'restore') => {
  if (!compiled) throw new Error('the scripts are not compiled');
  return compiled.script(source(name));
};

/**
 * `npm run backup` / `npm run restore -- …`: the command in a child process with only PATH and
 * `env` in its environment, in the server's directory.
 */
const runCli = (command: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  runNodeScript([script(command), ...args], env);

const dirs: string[] = [];
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup / restore', () => {
  it('refuse on PostgreSQL with the pg_dump / pg_restore advice', async () => {
    // Nothing listens there: the commands must refuse before connecting.
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/site' };
    const [backup, restore] = await Promise.all([
      runCli('backup', [], env),
      runCli('restore', ['/tmp/whatever.sqlite'], env),
    ]);
    for (const result of [backup, restore]) {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('pg_dump --format=custom');
      expect(result.stderr).toContain('pg_restore --clean');
    }
  });

  it('back up a running server, refuse to restore into it, and restore once it is stopped', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-cli-'));
    dirs.push(dataDir);
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'admin-test-password',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      SUDOKU_POOL_SIZE: '0',
    };
    server = await startServerProcess({
      script: script('main'),
      cwd: serverRoot,
      env: { PATH: process.env.PATH, ...env },
    });

    const backup = await runCli('backup', [], env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const snapshot = backup.stdout.match(/Snapshot written: (\S+)/)?.[1] as string;
    expect(path.dirname(snapshot)).toBe(path.join(dataDir, 'backups'));
    expect(fs.existsSync(snapshot)).toBe(true);

    const whileRunning = await runCli('restore', [snapshot], env);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toMatch(/in use: stop the site/);

    const junk = path.join(dataDir, 'junk.sqlite');
    fs.writeFileSync(junk, 'not a database\n'.repeat(100));
    const notSqlite = await runCli('restore', [junk], env);
    expect(notSqlite.code).toBe(1);
    expect(notSqlite.stderr).toMatch(/not a SQLite database/);

    const usage = await runCli('restore', [], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run restore -- <snapshot.sqlite>/);

    await server.stop();
    server = undefined;
    const restored = await runCli('restore', [snapshot], env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Kept the previous database as .*site\.sqlite\.before-restore-\d{8}T\d{6}Z/);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('before-restore'))).toHaveLength(1);
  }, 120_000);
});
