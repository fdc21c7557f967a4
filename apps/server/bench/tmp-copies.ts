import { generatePuzzle, shufflePuzzle, mulberry32, type Difficulty } from '../src/features/sudoku/engine/index.js';
const rng = mulberry32(3);
function run(d: Difficulty, copies: number) {
  let base = generatePuzzle(d, rng); let left = copies;
  const op = () => { if (left-- > 0) return shufflePuzzle(base, rng); left = copies; base = generatePuzzle(d, rng); return base; };
  for (let r = 0; r < 3; r++) {
    let n = 0; const t = performance.now(); const c0 = process.cpuUsage();
    let fresh = 0;
    while (performance.now() - t < 1000) { op(); n++; }
    const c = process.cpuUsage(c0);
    console.log(d, copies, 'wall/s', Math.round(n / ((performance.now() - t) / 1000)), 'cpu/s', Math.round(n / ((c.user + c.system) / 1e6)));
  }
}
run('easy', 1000); run('hard', 1000); run('hard', 1e9);
let t = performance.now(); let n = 0; while (performance.now() - t < 2000) { generatePuzzle('hard', rng); n++; } console.log('hard fresh us', (2000 / n * 1000).toFixed(0));
