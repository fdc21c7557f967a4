#!/usr/bin/env node
// `npm run bench [-- name ...]`: runs the benchmarks (all, or the named ones: `npm run bench -- http
// heavy`), shows their output as they run, and writes each one's output into its section of
// docs/benchmarks.md with the date, commit and machine, so the figures there are always the last
// run's and never typed by hand. The build is checked once first (scripts/build-if-stale.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const figuresFile = path.join(root, 'docs/benchmarks.md');
const readmeFile = path.join(root, 'README.md');

/** Each benchmark: its section name in docs/benchmarks.md and its package.json script. */
export const BENCHES = [
  'sudoku',
  'sudoku-path',
  'wallets',
  'orders',
  'wallet-performance',
  'todo',
  'todo-quick-add',
  'todo-views',
  'flat-costs',
  'http',
  'heavy',
  'mixed',
  'startup',
  'bundle',
  'lighthouse',
];

/** Colour codes and carriage-return progress lines make no sense in a Markdown file. */
const plain = (text) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ANSI escape itself
    .replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')
    .split('\n')
    .map((line) => line.slice(line.lastIndexOf('\r') + 1))
    .join('\n')
    .trim();

/** The section of `name` in `doc`, replaced by `body` (appended when the file has none yet). */
export function withSection(doc, name, body) {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${body}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from === -1 || to === -1 || to < from) return `${doc.trimEnd()}\n\n${block}\n`;
  return doc.slice(0, from) + block + doc.slice(to + end.length);
}

function machine() {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit || 'unknown'}, Node ${process.version}, ${os.cpus().length} CPUs, load average ${load} at the start`;
}

function runBench(name) {
  return new Promise((resolve) => {
    const header = machine();
    const child = spawn('npm', ['run', '-s', `bench:${name}`], {
      cwd: root,
      env: { ...process.env, SITE_BUILD_CHECKED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on('close', (code) => resolve({ header, output: plain(output), ok: code === 0 }));
  });
}

/**
 * The README's figures: each benchmark's goal lines (`…: PASS` / `…: MISS`, not table rows) from
 * docs/benchmarks.md with the date of its run, so no figure in the README is typed by hand.
 */
export function goalsSummary(doc) {
  const lines = [];
  for (const name of BENCHES) {
    const start = doc.indexOf(`<!-- bench:${name} -->`);
    const end = doc.indexOf(`<!-- /bench:${name} -->`);
    if (start === -1 || end === -1) continue;
    const section = doc.slice(start, end);
    const goals = section.split('\n').filter((line) => /: (PASS|MISS)\b/.test(line) && !line.startsWith('│'));
    if (goals.length === 0) continue;
    const when = section.match(/Last run: (\d{4}-\d{2}-\d{2})/)?.[1] ?? 'an unknown date';
    lines.push(`- \`${name}\` (${when}):`, ...goals.map((goal) => `  - ${goal.trim().replace(/^- /, '')}`));
  }
  return lines.join('\n');
}

/** README.md with its goals block rewritten from docs/benchmarks.md. */
export function readmeWithGoals(readme, doc) {
  return withSection(readme, 'goals', goalsSummary(doc));
}

async function main() {
  const asked = process.argv.slice(2);
  if (asked[0] === '--check-readme') {
    const readme = fs.readFileSync(readmeFile, 'utf8');
    const fresh = readmeWithGoals(readme, fs.readFileSync(figuresFile, 'utf8'));
    if (fresh === readme) process.exit(0);
    console.error("README.md's goals block does not match docs/benchmarks.md: run `node scripts/bench.mjs --readme`.");
    process.exit(1);
  }
  if (asked[0] === '--readme') {
    const readme = fs.readFileSync(readmeFile, 'utf8');
    fs.writeFileSync(readmeFile, readmeWithGoals(readme, fs.readFileSync(figuresFile, 'utf8')));
    process.exit(0);
  }
  const unknown = asked.filter((name) => !BENCHES.includes(name));
  if (unknown.length) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHES.join(', ')}`);
    process.exit(2);
  }
  // SITE_BUILD_CHECKED=1: the caller has built (or knows the build is current), as for each bench.
  if (process.env.SITE_BUILD_CHECKED !== '1') {
    const build = spawnSync('node', ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  let failed = 0;
  for (const name of asked.length ? asked : BENCHES) {
    console.log(`\n▶ npm run bench:${name}`);
    const { header, output, ok } = await runBench(name);
    if (!ok) failed++;
    const body = `Last run: ${header}${ok ? '' : ' — **it failed**'}.\n\n\`\`\`text\n${output}\n\`\`\``;
    // Read afresh each time: a long run may overlap an edit of the prose around the sections.
    const doc = fs.existsSync(figuresFile) ? fs.readFileSync(figuresFile, 'utf8') : '# Benchmarks\n';
    const figures = withSection(doc, name, body);
    fs.writeFileSync(figuresFile, figures);
    fs.writeFileSync(readmeFile, readmeWithGoals(fs.readFileSync(readmeFile, 'utf8'), figures));
  }
  console.log(
    `\nFigures written to docs/benchmarks.md and the goals to README.md${failed ? `; ${failed} benchmark(s) failed` : ''}.`,
  );
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
