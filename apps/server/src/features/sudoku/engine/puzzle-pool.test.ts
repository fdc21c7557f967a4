import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Difficulty } from './board.js';
import type { Puzzle } from './generator.js';
import { PuzzlePool } from './puzzle-pool.js';

/** A stand-in generator that numbers its puzzles, so tests can tell stock from fresh ones. */
function countingGenerator() {
  let made = 0;
  const generate = vi.fn((difficulty: Difficulty): Puzzle => {
    made++;
    return { puzzle: [], solution: [], difficulty, clues: made };
  });
  return { generate, made: () => made };
}

/** Lets pending setImmediate refills run. */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('PuzzlePool', () => {
  let pool: PuzzlePool | undefined;
  afterEach(() => pool?.stop());

  it('fills every difficulty up to its size in the background, one puzzle per turn', async () => {
    const { generate } = countingGenerator();
    pool = new PuzzlePool({ size: 3, generate });
    expect(generate).not.toHaveBeenCalled();
    pool.start();
    expect(generate).not.toHaveBeenCalled(); // nothing synchronous in start()
    await turns(1);
    expect(generate).toHaveBeenCalledTimes(1);
    await turns(20);
    expect(generate).toHaveBeenCalledTimes(9);
    for (const d of ['easy', 'medium', 'hard'] as const) expect(pool.available(d)).toBe(3);
  });

  it('answers from stock and then tops the stock up', async () => {
    const { generate } = countingGenerator();
    pool = new PuzzlePool({ size: 2, generate });
    pool.start();
    await turns(10);
    const calls = generate.mock.calls.length;
    const puzzle = pool.take('hard');
    expect(puzzle.difficulty).toBe('hard');
    expect(generate).toHaveBeenCalledTimes(calls); // served from stock, nothing generated on the spot
    expect(pool.available('hard')).toBe(1);
    await turns(3);
    expect(pool.available('hard')).toBe(2);
    expect(generate).toHaveBeenCalledTimes(calls + 1);
  });

  it('generates synchronously when the stock is empty', () => {
    const { generate } = countingGenerator();
    pool = new PuzzlePool({ size: 5, generate });
    const puzzle = pool.take('medium');
    expect(puzzle.difficulty).toBe('medium');
    expect(generate).toHaveBeenCalledTimes(1);
  });

  it('stop() cancels pending refills', async () => {
    const { generate } = countingGenerator();
    pool = new PuzzlePool({ size: 10, generate });
    pool.start();
    await turns(2);
    pool.stop();
    const calls = generate.mock.calls.length;
    await turns(10);
    expect(generate).toHaveBeenCalledTimes(calls);
    pool.take('easy'); // still works after stop, without restarting refills
    await turns(5);
    expect(generate.mock.calls.length).toBeLessThanOrEqual(calls + 1);
  });

  it('does not keep the process alive', () => {
    const spy = vi.spyOn(globalThis, 'setImmediate');
    pool = new PuzzlePool({ size: 1, generate: countingGenerator().generate });
    pool.start();
    const timer = spy.mock.results[0]?.value as NodeJS.Immediate;
    expect(timer.hasRef()).toBe(false);
    spy.mockRestore();
  });

  it('reports a failing generator once instead of looping', async () => {
    const onError = vi.fn();
    const generate = vi.fn(() => {
      throw new Error('boom');
    });
    pool = new PuzzlePool({ size: 3, generate, onError });
    pool.start();
    await turns(10);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(generate).toHaveBeenCalledTimes(1);
  });

  it('with size 0 keeps no stock and always generates on demand', async () => {
    const { generate } = countingGenerator();
    pool = new PuzzlePool({ size: 0, generate });
    pool.start();
    await turns(5);
    expect(generate).not.toHaveBeenCalled();
    pool.take('easy');
    expect(generate).toHaveBeenCalledTimes(1);
  });
});
