#!/usr/bin/env node
// `npm test`: typecheck, lint, unit/API/component tests (SQLite, plus PostgreSQL and Redis when
// TEST_DATABASE_URL / TEST_REDIS_URL are set), the build, and the browser tests in Debian's Chromium
// on the built site. Every step runs at once (the browser tests once the build is done); each prints
// its output when it ends, the server's tests as they go: the server's and the browser tests wait on
// databases, sockets and the browser for part of their time (docs/testing.md#how-fast). Ends with
// each step's time and one line "tests: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test's file, name and first line of its message, repeated at the end of the run. */
const failures = [];

/** The whole suite's goal on the project's 2-core machines (printed, never enforced). */
const GOAL_MINUTES = 10;
const started = performance.now();
const steps = [];
const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};

/**
 * Runs a step; resolves with whether it passed. `quiet` steps keep their output and print it, under
 * their title, when they end, so steps running at once do not interleave their lines.
 */
function run(title, command, args, { env = {}, quiet = false, yieldCpu = false } = {}) {
  if (!quiet) console.log(`\n▶ ${title}`);
  const from = performance.now();
  // A step that only needs CPU runs at a lower priority: the build and the browser tests, on the
  // critical path and partly waiting on Chromium and their servers, get a core when they want one.
  if (yieldCpu && process.platform !== 'win32') [command, args] = ['nice', ['-n', '5', command, ...args]];
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      steps.push(`${title} ${minutes(performance.now() - from)}`);
      if (quiet) {
        console.log(`\n▶ ${title} (${code === 0 ? 'passed' : 'FAILED'})`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code === 0);
    });
  });
}

const firstLine = (text = '') =>
  text
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

function count(reportFile) {
  if (!fs.existsSync(reportFile)) return;
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    // A file that failed outside its tests (an import, a hook) has a message and no failed test.
    if (failed.length === 0 && file.status === 'failed') failures.push(`${where}: ${firstLine(file.message)}`);
    for (const test of failed) failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
}

function finish(ok, reason) {
  if (reason) console.error(`\n✖ ${reason}`);
  const took = performance.now() - started;
  console.log(
    `\ntime: ${minutes(took)} (${steps.join(', ')}); goal ≤ ${GOAL_MINUTES} min: ${took <= GOAL_MINUTES * 60_000 ? 'met' : 'missed'}`,
  );
  // The steps print their output as they end, so a failure can be far above the end of a long log.
  if (failures.length > 0) console.log(`\nfailed:\n${failures.map((line) => `  ✖ ${line}`).join('\n')}`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromium}. Install it with: sudo apt-get install -y chromium`);
    return false;
  }
  console.log('Installing Debian chromium for the browser tests…');
  const apt = (...args) =>
    spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status === 0;
  return apt('update', '-qq') && apt('install', '-y', '-qq', 'chromium');
}

/** Runs vitest with an extra JSON report, adds its counts to the totals, and resolves with whether it passed. */
async function vitest(title, name, extraArgs = [], options = {}) {
  const report = path.join(reports, `${name}.json`);
  const ok = await run(
    title,
    'npx',
    ['vitest', 'run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    options,
  );
  count(report);
  return ok;
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: database tests run on SQLite only (set it to add PostgreSQL).');
}
// The web app's component tests keep one worker (apps/web/vitest.config.ts), so they run as a
// process of their own beside the server's three rather than after them. The browser tests start
// as soon as the build is done, beside whatever is still running: much of their time is waiting on
// the browser and the server they start, which leaves the cores to the other steps.
const browserTests = run('build', 'npm', ['run', '-s', 'build'], { quiet: true }).then((built) => {
  if (!built) return { built, passed: false };
  if (!ensureChromium()) return { built, passed: false, reason: 'browser tests need Chromium' };
  return vitest('browser tests', 'e2e', ['--config', 'e2e/vitest.config.ts'], { quiet: true }).then((passed) => ({
    built,
    passed,
  }));
});
const [typecheckOk, lintOk, serverOk, webOk, e2e] = await Promise.all([
  run('typecheck', 'npm', ['run', '-s', 'typecheck'], { quiet: true, yieldCpu: true }),
  run('lint', 'npm', ['run', '-s', 'lint'], { quiet: true, yieldCpu: true }),
  vitest(
    'server, contract and deploy-kit tests',
    'server',
    ['--project', 'server', '--project', 'contract', '--project', 'deploy'],
    {
      yieldCpu: true,
    },
  ),
  // Not the web tests: one process, the longest of the steps once the others yield.
  vitest('web component tests', 'web', ['--project', 'web'], { quiet: true }),
  browserTests,
]);
if (!typecheckOk) finish(false, 'typecheck failed');
if (!lintOk) finish(false, 'lint failed');
if (!serverOk) finish(false, 'server, contract or deploy-kit tests failed');
if (!webOk) finish(false, 'web component tests failed');
if (!e2e.built) finish(false, 'build failed');
finish(e2e.passed, e2e.passed ? undefined : (e2e.reason ?? 'browser tests failed'));
