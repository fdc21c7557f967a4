/**
 * A finished game's solving path (docs/api.md#sudoku-solving-path): time to compute it and the size of the
 * answer, per level, so the choice "computed on every call, stored nowhere, singles not folded" rests on figures.
 *
 *   npm run bench:sudoku-path
 *
 * For each level a fixed set of generated puzzles (seeded, the same every run): median, p95 and max time of
 * one path (the mean of REPEAT calls, after a warm-up), the steps, and the JSON answer's bytes, raw and
 * gzipped. The baseline, timed in the same run on the same puzzles, is one full grade (gradePuzzle), the work
 * the generator already does for every puzzle it serves.
 */
import { gzipSync } from 'node:zlib';
import {
  DIFFICULTIES,
  generatePuzzle,
  gradePuzzle,
  mulberry32,
  solvingPath,
} from '../src/features/sudoku/engine/index.js';

const PUZZLES = 30;
const REPEAT = 10;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const at = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const ms = (n: number) => (n < 1 ? n.toFixed(3) : n.toFixed(2));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function timeMs(op: () => unknown): number {
  const start = performance.now();
  for (let i = 0; i < REPEAT; i++) op();
  return (performance.now() - start) / REPEAT;
}

const rows = DIFFICULTIES.map((difficulty, level) => {
  const rng = mulberry32(2026 + level);
  const puzzles = Array.from({ length: PUZZLES }, () => generatePuzzle(difficulty, rng)).map((p) => ({
    board: p.puzzle,
    clues: p.puzzle.flat(),
    solution: p.solution.flat(),
  }));
  for (const p of puzzles.slice(0, 5)) solvingPath(p.clues, p.solution); // warm-up
  const times = puzzles.map((p) => timeMs(() => solvingPath(p.clues, p.solution)));
  const grades = puzzles.map((p) => timeMs(() => gradePuzzle(p.board)));
  const answers = puzzles.map((p) => {
    const steps = solvingPath(p.clues, p.solution);
    const json = JSON.stringify({ id: 1, puzzle: p.board, steps });
    return { steps: steps.length, bytes: Buffer.byteLength(json), gzip: gzipSync(json).length };
  });
  const pathMedian = at(times, 0.5);
  const gradeMedian = at(grades, 0.5);
  return [
    difficulty,
    `${at(
      answers.map((a) => a.steps),
      0.5,
    )} (max ${Math.max(...answers.map((a) => a.steps))})`,
    kb(
      at(
        answers.map((a) => a.bytes),
        0.5,
      ),
    ),
    kb(Math.max(...answers.map((a) => a.bytes))),
    kb(
      at(
        answers.map((a) => a.gzip),
        0.5,
      ),
    ),
    ms(pathMedian),
    ms(at(times, 0.95)),
    ms(Math.max(...times)),
    ms(gradeMedian),
    `${(pathMedian / gradeMedian).toFixed(1)}×`,
  ];
});

const headers = ['level', 'steps', 'json', 'json max', 'gzip', 'path ms', 'p95', 'max', 'grade ms', 'path/grade'];
const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(`Solving path per level: ${PUZZLES} puzzles, medians unless named (Node ${process.version})\n`);
console.log(line(headers));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
