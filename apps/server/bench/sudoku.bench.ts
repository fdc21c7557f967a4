/**
 * The Sudoku engine against the npm packages sudoku-gen and sudoku-core: graded puzzles per second, counting
 * a peer's puzzle only when it has one solution and our grader agrees with the level the peer gave it;
 * solves per second; famous hardest puzzles solved per second against our previous solver and tdoku's
 * published rate (sudoku-hardest.ts); hint latency per level (sudoku-hints.ts); CPU per check of a player's
 * puzzle with and without the solver's step budget (sudoku-custom.ts). Prints figures only.
 *
 *   npm run bench:sudoku
 *   npm run bench:sudoku -- --only=custom    (the custom-puzzle check table alone, a few seconds)
 *
 * Every rate is the median of ROUNDS rounds of at least ROUND_MS each (a slow operation gets one call per
 * round), after a short warm-up, all in one process, per second of this process's CPU time (sudoku-measure.ts).
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
import { CHECK_MAX_STEPS } from '../src/features/sudoku/puzzles/custom-puzzle.js';
import { customCheckTable } from './sudoku-custom.js';
import { FAMOUS_HARDEST, hardestTable, TDOKU_PER_SECOND } from './sudoku-hardest.js';
import { hintTable } from './sudoku-hints.js';
import { fmt, loadAverage, pct, printTable, ROUND_MS, ROUNDS, rate } from './sudoku-measure.js';

/** Generated puzzles per generator and difficulty kept for the uniqueness check after timing. */
const SAMPLE = 1000;
/** For the "fresh + copies" row: shuffled equivalents served per freshly generated puzzle. */
const COPIES = 1000;
const TARGET = 10;

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

// ---------------------------------------------------------------------------------------------------------
// Generation: graded unique puzzles per second

interface GeneratorRow {
  difficulty: Difficulty;
  name: string;
  perSecond: number;
  unique: number;
  /** Share of the sample our grader puts at each difficulty, then beyond our techniques. */
  grades: [number, number, number, number];
  /** Puzzles checked, and how many of them agree: one solution, and our grader's level is the one asked for. */
  checked: number;
  agreeing: number;
  peer: boolean;
}

/** Puzzles per second that count: those with one solution at the level asked for, by our grader. */
const effective = (r: GeneratorRow) => (r.perSecond * r.agreeing) / r.checked;
/** The old measure, kept for reference: every puzzle with one solution counts, whatever its level. */
const rawEffective = (r: GeneratorRow) => r.perSecond * r.unique;

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
  let agreeing = 0;
  const grades: [number, number, number, number] = [0, 0, 0, 0];
  for (const puzzle of sample) {
    const board = parseBoard(puzzle);
    const isUnique = countSolutions(board) === 1;
    if (isUnique) unique++;
    const graded = gradePuzzle(board).difficulty;
    grades[graded === null ? 3 : DIFFICULTIES.indexOf(graded)]! += 1 / sample.length;
    if (isUnique && graded === difficulty) agreeing++;
  }
  const checked = sample.length;
  return { difficulty, name, perSecond, unique: unique / checked, grades, checked, agreeing, peer };
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
  return [ours, core, grader];
}

// ---------------------------------------------------------------------------------------------------------

function printCustomChecks(): void {
  console.log(
    `Own and shared puzzles: ms of CPU per check (medians of ${ROUNDS} rounds), step budget ${fmt(CHECK_MAX_STEPS)}`,
  );
  console.log(`(before = the same check with an unbounded search; load ${loadAverage()})`);
  printTable(
    ['puzzle', 'answer now', 'steps unbounded', 'steps now', 'ms CPU before', 'ms CPU now'],
    customCheckTable().map((r) => [
      r.name,
      r.answer,
      r.unboundedSteps.toLocaleString('en-US'),
      r.boundedSteps.toLocaleString('en-US'),
      r.beforeMs.toFixed(3),
      r.afterMs.toFixed(3),
    ]),
  );
}

function main(): void {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  if (process.argv.includes('--only=custom')) {
    console.log(`Sudoku custom-puzzle checks — Node ${process.version}, ${cpu}, ${os.cpus().length} cores`);
    printCustomChecks();
    return;
  }
  console.log(`Sudoku engine benchmark — Node ${process.version}, ${cpu}, ${os.cpus().length} cores`);
  console.log(`Rates are per second of this process's CPU time, medians of ${ROUNDS} rounds of ≥${ROUND_MS} ms.`);
  console.log(`Load average (1 / 5 / 15 min) at the start: ${loadAverage()}.`);
  console.log(
    `Uniqueness and grade are checked on the first ${SAMPLE} puzzles of each row with our solver and grader.`,
  );
  console.log('A puzzle agrees when it has one solution and our grader puts it at the level it was made for;');
  console.log(
    'effective/s = puzzles/s × agreeing share. raw effective/s = puzzles/s × unique share (the old measure).',
  );
  console.log('Our difficulties: easy = singles only; medium = needs pairs/triples/pointing/box-line;');
  console.log(
    'hard = needs X-Wing, Swordfish, XY-Wing, XYZ-Wing or simple colouring; beyond = those do not finish it.\n',
  );

  console.error('Measuring (two to three minutes; sudoku-core is slow)…');
  const gen = generationTable();
  const solves = solveTable();
  console.error('  measured the fixed solve set');
  const hardest = hardestTable();
  console.error('  measured the famous hardest puzzles');
  const hints = hintTable();
  console.error('  measured hints');

  console.log('Generation: graded puzzles per second');
  printTable(
    [
      'difficulty',
      'generator',
      'generated',
      'agreeing',
      'effective/s',
      'our grader says e / m / h / beyond',
      'raw: puzzles/s',
      'unique',
      'raw effective/s',
    ],
    gen.map((r) => [
      r.difficulty,
      r.name,
      String(r.checked),
      `${r.agreeing} (${pct(r.agreeing / r.checked)})`,
      fmt(effective(r)),
      r.grades.map((g) => `${Math.round(g * 100)}%`.padStart(4)).join(' / '),
      fmt(r.perSecond),
      pct(r.unique),
      fmt(rawEffective(r)),
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
    solves.map((r) => [r.name, 'fixed', fmt(r.perSecond), `${r.correct}/${r.total}`]),
  );

  const half = TDOKU_PER_SECOND / 2;
  console.log(
    `Solving the ${FAMOUS_HARDEST.length} famous hardest puzzles (medians of 9 rounds; load ${loadAverage()})`,
  );
  const hardestRow = (name: string, perSecond: number) => [
    name,
    'famous',
    fmt(perSecond),
    `${(perSecond / hardest.baselinePerSecond).toFixed(2)}×`,
    pct(perSecond / TDOKU_PER_SECOND),
    perSecond >= half ? 'met' : 'NOT met',
  ];
  printTable(
    ['solver', 'set', 'puzzles/s', 'vs baseline', `vs tdoku ${fmt(TDOKU_PER_SECOND)}/s`, `≥ ${fmt(half)}/s`],
    [
      hardestRow('ours: solve()', hardest.oursPerSecond),
      hardestRow('baseline: previous solver', hardest.baselinePerSecond),
    ],
  );
  printTable(
    ['puzzle', 'clues', 'ours: µs per solve', 'baseline: µs per solve'],
    hardest.perPuzzle.map(([name, clues, ours, baseline]) => [name, String(clues), fmt(ours), fmt(baseline)]),
  );
  console.log(`Both solvers give the same single solution for ${hardest.agreeing}/${FAMOUS_HARDEST.length}.`);
  console.log('The baseline is the single-cell search solver.ts keeps for seeded random grids, run in the same');
  console.log(`process. tdoku's ${fmt(TDOKU_PER_SECOND)}/s is its published C++ figure on its forum_hardest_1905`);
  console.log(`list on its authors' machine, not measured here; the goal is half of it, ${fmt(half)}/s.\n`);

  console.log(`Ratios against the fastest peer (effective/s: agreeing puzzles only), target ≥${TARGET}×`);
  const ratioText = (ratio: number) => (Number.isFinite(ratio) ? `${fmt(ratio)}×` : '∞ (no peer puzzle agrees)');
  const ratioRows: string[][] = [];
  for (const difficulty of DIFFICULTIES) {
    const rows = gen.filter((r) => r.difficulty === difficulty);
    const peers = rows.filter((r) => r.peer);
    const best = [...peers].sort((a, b) => effective(b) - effective(a))[0]!;
    const bestRaw = [...peers].sort((a, b) => rawEffective(b) - rawEffective(a))[0]!;
    for (const ours of rows.filter((r) => !r.peer)) {
      const ratio = effective(best) > 0 ? effective(ours) / effective(best) : Number.POSITIVE_INFINITY;
      const raw = rawEffective(ours) / rawEffective(bestRaw);
      ratioRows.push([
        difficulty,
        ours.name,
        best.name,
        ratioText(ratio),
        ratio >= TARGET ? 'met' : 'NOT met',
        `${fmt(raw)}× ${bestRaw.name}`,
      ]);
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
    '-',
  ]);
  printTable(['difficulty', 'ours', 'fastest peer', 'ratio', `≥${TARGET}×`, 'raw ratio (old measure)'], ratioRows);

  console.log('Hints: latency per position while hints solve 20 puzzles per level, with the notes gathered so far and');
  console.log(`without notes (wall time, mean of 20 calls each; load ${loadAverage()})`);
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  printTable(
    [
      'difficulty',
      'notes',
      'positions',
      'hint median',
      'hint p95',
      'hint max',
      'baseline: full grade median',
      'median < 50 ms',
    ],
    hints.map((r) => [
      r.difficulty,
      r.notes ? 'with notes' : 'no notes',
      String(r.positions),
      ms(r.medianMs),
      ms(r.p95Ms),
      ms(r.maxMs),
      ms(r.gradeMedianMs),
      r.medianMs < 50 ? 'met' : 'NOT met',
    ]),
  );
  printCustomChecks();
}

main();
