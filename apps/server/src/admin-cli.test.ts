import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompiledScripts, compileScripts } from './test/compiled-scripts.js';
import { runNodeScript, runServerScript } from './test/run-script.js';
import { sitesOnDisk } from './test/site-on-disk.js';
import { signUp, TEST_PASSWORD } from './test/test-app.js';

/** `npm run admin -- …` in a child process, through tsx from the sources as the root package.json runs it. */
const runAdmin = (args: string[], env: Record<string, string>) => runServerScript('admin', args, env);

/**
 * The same command compiled once (test/compiled-scripts.ts), for the five runs of the refusals:
 * through tsx, each run compiled and loaded the app again (~2 s of CPU).
 */
const adminSource = path.resolve(import.meta.dirname, 'admin.ts');
let compiled: CompiledScripts | undefined;
beforeAll(async () => {
  compiled = await compileScripts([adminSource]);
});
afterAll(() => compiled?.remove());
const runCompiledAdmin = (args: string[], env: Record<string, string>) => {
  if (!compiled) throw new Error('the admin command is not compiled');
  return runNodeScript([compiled.script(adminSource), ...args], env);
};

const { tempDir, startSite } = sitesOnDisk();

describe('npm run admin', () => {
  it('prints a reset link for a user of the configured database that the site accepts once', async () => {
    const dataDir = tempDir('site-admin-cli-');
    const site = await startSite(dataDir);
    const alice = await signUp(site, 'cli_alice');
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://me.example.com' };

    // The username in any case, as log-in takes it.
    const result = await runAdmin(['reset-link', 'CLI_Alice'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Password-reset link for cli_alice');
    const token = result.stdout.match(
      /^https:\/\/me\.example\.com\/reset-password\?token=([A-Za-z0-9_-]{43})$/m,
    )?.[1] as string;
    expect(token).toBeDefined();
    const row = await site.deps.database.db
      .selectFrom('password_reset_tokens')
      .select(['issued_by', 'user_id'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ issued_by: 'cli', user_id: alice.id });

    const post = (url: string, payload: object) => site.inject({ method: 'POST', url, payload });
    expect((await post('/api/password-reset/check', { token })).json()).toMatchObject({ username: 'cli_alice' });
    const confirm = await post('/api/password-reset/confirm', { token, new_password: 'set from the command line' });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await post('/api/login', { username: 'cli_alice', password: TEST_PASSWORD })).statusCode).toBe(401);
    expect(
      (await post('/api/login', { username: 'cli_alice', password: 'set from the command line' })).statusCode,
    ).toBe(200);
    expect((await post('/api/password-reset/confirm', { token, new_password: 'once more please' })).statusCode).toBe(
      400,
    );

    // Without PUBLIC_URL the link names localhost and the port, and says so.
    const local = await runAdmin(['reset-link', 'cli_alice'], { DATA_DIR: dataDir, PORT: '8123' });
    expect(local.code).toBe(0);
    expect(local.stdout).toMatch(/^http:\/\/localhost:8123\/reset-password\?token=[A-Za-z0-9_-]{43}$/m);
    expect(local.stdout).toContain('PUBLIC_URL is not set');
  });

  it('exits non-zero with a clear message for an unknown user, a missing argument or command', async () => {
    const dataDir = tempDir('site-admin-cli-');
    const env = { DATA_DIR: dataDir };
    const [unknown, missing, noCommand, badCommand, help] = await Promise.all([
      runCompiledAdmin(['reset-link', 'nobody_here'], env),
      runCompiledAdmin(['reset-link'], env),
      runCompiledAdmin([], env),
      runCompiledAdmin(['make-coffee'], env),
      runCompiledAdmin(['help'], env),
    ]);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('No user is named "nobody_here".');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('reset-link takes one username');
    expect(noCommand.code).toBe(2);
    expect(noCommand.stderr).toContain('Usage: npm run admin -- <command>');
    expect(badCommand.code).toBe(2);
    expect(badCommand.stderr).toContain('Unknown command: make-coffee');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('reset-link <username>');
  });
});
