/**
 * The to-do quick-add grammar (packages/contract/src/todo-quick-add.ts): time of one parseQuickAdd
 * call, which the browser runs on every keystroke to highlight the line and the API once per
 * `quick` to-do. Goal: a median of at most 1 ms for a typical line.
 *
 *   npx tsx --conditions=source apps/server/bench/todo-quick-add.bench.ts
 *
 * Several hundred lines (every title × "when" × tags below, the same every run), each parsed ROUNDS
 * times after one warm-up pass: median, p95 and max µs of one parse, overall and by what the line
 * holds, and the process's first three parses (regular expressions compiled cold).
 */
import os from 'node:os';
import { parseQuickAdd, type QuickAddOptions } from '@site/contract/todo-quick-add';

const ROUNDS = Number(process.env.BENCH_QUICK_ADD_ROUNDS ?? 20);

const TITLES = [
  'Pay rent',
  'Call mom about the trip',
  'Buy milk, eggs and bread',
  'Review the quarterly report before the board meeting',
  'Book dentist',
  '🎉 Plan the party',
  'Café crème with Zoë',
  '東京 出張の準備',
  'Read "Tomorrow never dies"',
  'Email bob@example.com the invoice',
];
const WHEN = [
  '',
  'tomorrow',
  'tomorrow 5pm',
  'next Wed',
  'in 3 days',
  'Jan 27',
  'at 9',
  'by Friday',
  'in 2 hours',
  'every day at 9am',
  'every other Monday',
  'every month on the 1st 9am',
  'every last Friday',
  'every weekday',
];
const TAGS = ['', '#Home', '#"Work stuff" @focus', '@bills p1', '#Errands @car @weekend p3'];

const LINES = TITLES.flatMap((title) =>
  WHEN.flatMap((when) => TAGS.map((tags) => [title, when, tags].filter(Boolean).join(' '))),
);
const OPTIONS: QuickAddOptions = { now: new Date('2026-03-07T15:00:00Z'), timeZone: 'America/New_York' };

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const at = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const us = (ms: number) => (ms * 1000).toFixed(0);

function timeUs(line: string): number {
  const start = performance.now();
  parseQuickAdd(line, OPTIONS);
  return performance.now() - start;
}

// The first parses of a process pay for chrono compiling its regular expressions, then V8
// compiling them again to machine code: once per page in the browser, once per server process.
const cold = LINES.slice(0, 3).map(timeUs);
for (const line of LINES) parseQuickAdd(line, OPTIONS);

const byKind: Record<string, number[]> = { 'all lines': [], 'no date': [], 'a date or time': [], 'a recurrence': [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const line of LINES) {
    const ms = timeUs(line);
    const result = parseQuickAdd(line, OPTIONS);
    const kind = result.recurrence ? 'a recurrence' : result.due ? 'a date or time' : 'no date';
    byKind['all lines']!.push(ms);
    byKind[kind]!.push(ms);
  }
}

console.log(
  `Quick-add bench: ${LINES.length} lines × ${ROUNDS} rounds after a warm-up pass; ` +
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log(`The process's first three parses (cold): ${cold.map(us).join(', ')} µs`);
const table: Record<string, Record<string, string>> = {};
for (const [kind, times] of Object.entries(byKind)) {
  table[kind] = {
    parses: String(times.length),
    'median µs': us(at(times, 0.5)),
    'p95 µs': us(at(times, 0.95)),
    'max µs': us(at(times, 1)),
  };
}
console.table(table);
