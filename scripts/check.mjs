#!/usr/bin/env node
// `npm run check`, the inner loop: lint, typecheck (incremental), then the tests next to what
// changed since the last commit (uncommitted and untracked files): a changed test file itself,
// and the tests in the folder of a changed source file (tests sit next to the code). Not
// `vitest --changed`: it follows imports, and every server test builds the whole app, so any
// server change would run nearly the whole suite. `npm test` runs everything.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = new Set([...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')]);

const isUnitTest = (file) => /^(apps|packages)\/.*\.test\.tsx?$|^deploy\/[^/]+\.test\.ts$/.test(file);
const tests = new Set();
// The deploy kit's check reads every file beside it (unit files, Dockerfile, compose.yaml).
if ([...changed].some((file) => /^deploy\/[^/]+$/.test(file))) tests.add('deploy/kit.test.ts');
for (const file of changed) {
  if (!/^(apps|packages)\/.*\.tsx?$/.test(file) || !fs.existsSync(path.join(root, file))) continue;
  if (isUnitTest(file)) {
    tests.add(file);
    continue;
  }
  const dir = path.dirname(file);
  for (const name of fs.readdirSync(path.join(root, dir)))
    if (isUnitTest(`${dir}/${name}`)) tests.add(`${dir}/${name}`);
}

function run(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * The TypeScript projects a change can break (as in the `typecheck` script, incremental): the
 * contract reaches all of them; the server's test helpers reach the browser tests too.
 */
const projects = [
  { name: 'contract', tsconfig: 'packages/contract/tsconfig.check.json', reachedBy: ['packages/contract/'] },
  { name: 'server', tsconfig: 'apps/server/tsconfig.check.json', reachedBy: ['packages/', 'apps/server/src/'] },
  { name: 'server-bench', tsconfig: 'apps/server/bench', reachedBy: ['packages/', 'apps/server/'] },
  { name: 'web', tsconfig: 'apps/web', reachedBy: ['packages/', 'apps/web/src/'] },
  { name: 'web-bench', tsconfig: 'apps/web/bench', reachedBy: ['packages/', 'apps/web/'] },
  { name: 'e2e', tsconfig: 'e2e', reachedBy: ['packages/', 'apps/server/src/test/', 'e2e/'] },
  { name: 'deploy', tsconfig: 'deploy', reachedBy: ['packages/', 'apps/server/src/', 'deploy/'] },
  {
    name: 'deploy-stack',
    tsconfig: 'deploy/stack',
    reachedBy: ['packages/', 'apps/server/src/test/', 'e2e/', 'deploy/'],
  },
].filter(({ reachedBy }) => [...changed].some((file) => reachedBy.some((prefix) => file.startsWith(prefix))));

/** Two projects at a time (tsc uses one core each); resolves with whether all passed. */
async function typecheck() {
  const queue = [...projects];
  let ok = true;
  const worker = async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const args = ['tsc', '-p', project.tsconfig, '--incremental', '--tsBuildInfoFile'];
      args.push(`node_modules/.cache/tsc/${project.name}.tsbuildinfo`);
      const child = spawn('npx', args, { cwd: root, stdio: 'inherit' });
      const code = await new Promise((resolve) => child.on('close', resolve));
      if (code !== 0) ok = false;
    }
  };
  await Promise.all([worker(), worker()]);
  return ok;
}

run('lint', 'npm', ['run', '-s', 'lint']);
console.log(`\n▶ typecheck: ${projects.map((p) => p.name).join(', ') || 'nothing changed'}`);
if (!(await typecheck())) process.exit(1);
if (tests.size === 0) console.log('\nNo tests next to the changed files.');
else run(`${tests.size} test files next to the changed files`, 'npx', ['vitest', 'run', ...tests]);
