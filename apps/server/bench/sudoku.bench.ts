/**
 * The Sudoku engine against the npm packages sudoku-gen and sudoku-core: graded unique puzzles per second,
 * solves per second, and how many of each peer's puzzles really have one solution. Prints figures only.
 *
 *   npm run bench:sudoku
 *
 * Every rate is the median of ROUNDS rounds of at least ROUND_MS each (a slow operation gets one call per
 * round), after a short warm-up, all in one process. The last table times hints (sudoku-hints.ts). Rates count this process's CPU time rather than wall
 * time, so other jobs on a shared machine disturb the comparison less.
 */
import os from 'node:os';
import { generate as coreGenerate, solve as coreSolve } from 'sudoku-core';
import { getSudoku } from 'sudoku-gen';
import {
  type Board,
  countSolutions,
  DIFFICULTIES,
  type Difficulty,
  generatePuzzle,
  gradePuzzle,
  mulberry32,
  type Puzzle,
  parseBoard,
  shufflePuzzle,
  solve,
} from '../src/features/sudoku/engine/index.js';
import { hintTable } from './sudoku-hints.js';

const ROUNDS = 5;
const ROUND_MS = 500;
const WARM_UP_MS = 200;
/** Generated puzzles per generator and difficulty kept for the uniqueness check after timing. */
const SAMPLE = 1000;
/** For the "fresh + copies" row: shuffled equivalents served per freshly generated puzzle. */
const COPIES = 1000;
const TARGET = 10;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU time this process has used, in ms: unlike wall time, it barely moves when other work shares the cores. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Median operations per CPU-second of `op` over the rounds. */
function rate(op: () => void): number {
  const warm = performance.now();
  do op();
  while (performance.now() - warm < WARM_UP_MS);
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
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

/** 81 characters, anything but 1–9 meaning empty, as both peers print boards. */
const fromCore = (board: (number | null)[]) => board.map((v) => v ?? 0).join('');
const toCore = (text: string) => [...text].map((c) => (c >= '1' && c <= '9' ? Number(c) : null));
const toText = (board: Board) => board.flat().join('');

/** Runs fn with Math.random seeded, so sudoku-gen's picks for the fixed solve set are reproducible. */
function withSeededMathRandom<T>(seed: number, fn: () => T): T {
  const original = Math.random;
  Math.random = mulberry32(seed);
  try {
    return fn();
  } finally {
    Math.random = original;
  }
}

const fmt = (n: number) =>
  n >= 100 ? Math.round(n).toLocaleString('en-US') : n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3);
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log();
}

// ---------------------------------------------------------------------------------------------------------
// Generation: graded unique puzzles per second

interface GeneratorRow {
  difficulty: Difficulty;
  name: string;
  perSecond: number;
  unique: number;
  /** Share of the sample our grader puts at each difficulty, then beyond our techniques. */
  grades: [number, number, number, number];
  peer: boolean;
}

/**
 * Times a generator, then checks the first SAMPLE puzzles it made with our solver (uniqueness) and our
 * grader (what we would call them). Samples are kept as text, not as the generator's objects: objects that
 * survive teach V8 to allocate that code's later objects straight into the old generation, which would
 * slow every later measurement. Converting costs only the first SAMPLE calls, mostly during warm-up.
 */
function generation<T>(
  difficulty: Difficulty,
  name: string,
  make: () => T,
  text: (made: T) => string,
  peer: boolean,
): GeneratorRow {
  const sample: string[] = [];
  const perSecond = rate(() => {
    const puzzle = make();
    if (sample.length < SAMPLE) sample.push(text(puzzle));
  });
  let unique = 0;
  const grades: [number, number, number, number] = [0, 0, 0, 0];
  for (const puzzle of sample) {
    const board = parseBoard(puzzle);
    if (countSolutions(board) === 1) unique++;
    const graded = gradePuzzle(board).difficulty;
    grades[graded === null ? 3 : DIFFICULTIES.indexOf(graded)]! += 1 / sample.length;
  }
  return { difficulty, name, perSecond, unique: unique / sample.length, grades, peer };
}

/** Our generator where every COPIES+1-th puzzle is fresh and the rest are shuffled copies of it. */
function freshPlusCopies(difficulty: Difficulty, rng: () => number): () => Puzzle {
  let base = generatePuzzle(difficulty, rng);
  let left = COPIES;
  return () => {
    if (left-- > 0) return shufflePuzzle(base, rng);
    left = COPIES;
    base = generatePuzzle(difficulty, rng);
    return base;
  };
}

function generationTable(): GeneratorRow[] {
  const rows: GeneratorRow[] = [];
  const rng = mulberry32(2025);
  for (const difficulty of DIFFICULTIES) {
    const ourText = (p: Puzzle) => toText(p.puzzle);
    rows.push(
      generation(difficulty, 'ours, every puzzle fresh', () => generatePuzzle(difficulty, rng), ourText, false),
    );
    const copies = freshPlusCopies(difficulty, rng);
    rows.push(generation(difficulty, `ours, fresh + ${COPIES} shuffled copies`, copies, ourText, false));
    rows.push(
      generation(
        difficulty,
        'sudoku-gen',
        () => getSudoku(difficulty),
        (s) => s.puzzle,
        true,
      ),
    );
    rows.push(generation(difficulty, 'sudoku-core', () => coreGenerate(difficulty), fromCore, true));
    console.error(`  measured ${difficulty} generation`);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// Solving: the same fixed set for every solver

interface SolveRow {
  name: string;
  perSecond: number;
  correct: number;
  total: number;
}

function solveSet(): { puzzle: string; solution: string }[] {
  const rng = mulberry32(7);
  const texts: string[] = [];
  withSeededMathRandom(7, () => {
    for (const d of ['easy', 'medium', 'hard', 'expert'] as const) {
      for (let i = 0; i < 4; i++) texts.push(getSudoku(d).puzzle);
    }
  });
  for (const d of DIFFICULTIES) for (let i = 0; i < 4; i++) texts.push(toText(generatePuzzle(d, rng).puzzle));
  return texts.map((text) => {
    const solution = solve(parseBoard(text));
    if (!solution) throw new Error(`fixed set puzzle without a unique solution: ${text}`);
    return { puzzle: text.replace(/[^1-9]/g, '0'), solution: toText(solution) };
  });
}

function forEach<T>(items: T[], fn: (item: T) => unknown): void {
  for (const item of items) fn(item);
}

function solveTable(): SolveRow[] {
  const set = solveSet();
  const boards = set.map((p) => parseBoard(p.puzzle));
  const coreBoards = set.map((p) => toCore(p.puzzle));
  const famous = [
    '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
    '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..',
    '.......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...',
    '000000010400000000020000000000050407008000300001090000300400200050100000000806000',
  ].map(parseBoard);

  const ours: SolveRow = {
    name: 'ours: solve()',
    perSecond: rate(() => forEach(boards, solve)) * set.length,
    correct: set.filter((p, i) => toText(solve(boards[i]!) ?? []) === p.solution).length,
    total: set.length,
  };
  const core: SolveRow = {
    name: 'sudoku-core: solve()',
    perSecond: rate(() => forEach(coreBoards, coreSolve)) * set.length,
    correct: set.filter((p, i) => {
      const result = coreSolve(coreBoards[i]!);
      return result.solved && result.board && fromCore(result.board) === p.solution;
    }).length,
    total: set.length,
  };
  const grader: SolveRow = {
    name: 'ours: gradePuzzle() (finished by logic)',
    perSecond: rate(() => forEach(boards, gradePuzzle)) * set.length,
    correct: boards.filter((b) => gradePuzzle(b).solvedByLogic).length,
    total: set.length,
  };
  const hardest: SolveRow = {
    name: 'ours: solve() on 4 famous hardest',
    perSecond: rate(() => forEach(famous, solve)) * famous.length,
    correct: famous.filter((b) => solve(b) !== null).length,
    total: famous.length,
  };
  return [ours, core, grader, hardest];
}

// ---------------------------------------------------------------------------------------------------------

function main(): void {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`Sudoku engine benchmark — Node ${process.version}, ${cpu}, ${os.cpus().length} cores`);
  console.log(`Rates are per second of this process's CPU time, medians of ${ROUNDS} rounds of ≥${ROUND_MS} ms.`);
  console.log(
    `Uniqueness and grade are checked on the first ${SAMPLE} puzzles of each row with our solver and grader.`,
  );
  console.log('effective/s = puzzles/s × unique share.');
  console.log('Our difficulties: easy = singles only; medium = needs pairs/triples/pointing/box-line;');
  console.log(
    'hard = needs X-Wing, Swordfish, XY-Wing, XYZ-Wing or simple colouring; beyond = those do not finish it.\n',
  );

  console.error('Measuring (one to two minutes; sudoku-core is slow)…');
  const gen = generationTable();
  const solves = solveTable();

  console.log('Generation: graded puzzles per second');
  printTable(
    ['difficulty', 'generator', 'puzzles/s', 'unique', 'our grader says e / m / h / beyond', 'effective/s'],
    gen.map((r) => [
      r.difficulty,
      r.name,
      fmt(r.perSecond),
      pct(r.unique),
      r.grades.map((g) => `${Math.round(g * 100)}%`.padStart(4)).join(' / '),
      fmt(r.perSecond * r.unique),
    ]),
  );
  console.log(
    `"fresh + ${COPIES} shuffled copies" is the method sudoku-gen uses (relabel digits, permute rows, columns,`,
  );
  console.log('bands and stacks, transpose: same solution count, same grade) applied to our puzzles, with a freshly');
  console.log(
    `generated and graded puzzle after every ${COPIES} copies. sudoku-gen shuffles 10 fixed seed puzzles per level.\n`,
  );

  console.log('Solving: the same fixed set of 28 puzzles (16 from sudoku-gen incl. expert, 12 of ours)');
  printTable(
    ['solver', 'set', 'puzzles/s', 'solved correctly'],
    solves.map((r) => [r.name, r.total === 4 ? 'famous' : 'fixed', fmt(r.perSecond), `${r.correct}/${r.total}`]),
  );

  console.log(`Ratios against the fastest peer (effective unique puzzles/s), target ≥${TARGET}×`);
  const ratioRows: string[][] = [];
  for (const difficulty of DIFFICULTIES) {
    const rows = gen.filter((r) => r.difficulty === difficulty);
    const effective = (r: GeneratorRow) => r.perSecond * r.unique;
    const best = rows.filter((r) => r.peer).sort((a, b) => effective(b) - effective(a))[0]!;
    for (const ours of rows.filter((r) => !r.peer)) {
      const ratio = effective(ours) / effective(best);
      ratioRows.push([difficulty, ours.name, best.name, `${ratio.toFixed(2)}×`, ratio >= TARGET ? 'met' : 'NOT met']);
    }
  }
  const [ourSolve, coreSolveRow] = solves;
  const solveRatio = ourSolve!.perSecond / coreSolveRow!.perSecond;
  ratioRows.push([
    '-',
    'ours: solve()',
    'sudoku-core: solve()',
    `${fmt(solveRatio)}×`,
    solveRatio >= TARGET ? 'met' : 'NOT met',
  ]);
  printTable(['difficulty', 'ours', 'fastest peer', 'ratio', `≥${TARGET}×`], ratioRows);

  console.log('Hints: latency per position while hints solve 20 puzzles per level (wall time, mean of 20 calls each)');
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  printTable(
    ['difficulty', 'positions', 'hint median', 'hint p95', 'hint max', 'baseline: full grade median', 'median < 50 ms'],
    hintTable().map((r) => [
      r.difficulty,
      String(r.positions),
      ms(r.medianMs),
      ms(r.p95Ms),
      ms(r.maxMs),
      ms(r.gradeMedianMs),
      r.medianMs < 50 ? 'met' : 'NOT met',
    ]),
  );
}

main();
