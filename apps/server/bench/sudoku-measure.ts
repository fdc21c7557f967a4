/**
 * Timing and printing helpers shared by the `npm run bench:sudoku` tables. Rates count this process's CPU
 * time rather than wall time, so other jobs on a shared machine disturb the comparison less.
 */
import os from 'node:os';

export const ROUNDS = 5;
export const ROUND_MS = 500;
const WARM_UP_MS = 200;

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU time this process has used, in ms: unlike wall time, it barely moves when other work shares the cores. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Median operations per CPU-second of `op` over `rounds` rounds of at least ROUND_MS, after a warm-up. */
export function rate(op: () => void, rounds = ROUNDS): number {
  const warm = performance.now();
  do op();
  while (performance.now() - warm < WARM_UP_MS);
  const rates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let n = 0;
    const start = cpuMs();
    const wallStart = performance.now();
    do {
      op();
      n++;
    } while (performance.now() - wallStart < ROUND_MS);
    rates.push((n * 1000) / (cpuMs() - start));
  }
  return median(rates);
}

/** The 1, 5 and 15 minute load averages: how busy the shared cores were around a measurement. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

export const fmt = (n: number) =>
  n >= 100 ? Math.round(n).toLocaleString('en-US') : n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3);
export const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/** Columns padded to their widest cell: the first two left-aligned (names), the rest right-aligned (figures). */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log();
}
