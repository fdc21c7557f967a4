import { DIFFICULTIES, type Difficulty } from './board.js';
import type { Puzzle } from './generator.js';

export interface PuzzlePoolOptions {
  /** Puzzles kept ready per difficulty. */
  size?: number;
  /** Makes one puzzle; the pool calls it synchronously, one puzzle per event-loop turn. */
  generate: (difficulty: Difficulty) => Puzzle;
  /** Told about a failed refill (which then stops until the next take); defaults to ignoring it. */
  onError?: (error: unknown) => void;
}

/**
 * Ready-made puzzles per difficulty so a request never waits for generation. Refilling makes one puzzle
 * per setImmediate turn (a few milliseconds at most), so requests keep being served in between, and the
 * timer is unref'd so a pool never keeps the process alive.
 */
export class PuzzlePool {
  private readonly size: number;
  private readonly generate: (difficulty: Difficulty) => Puzzle;
  private readonly onError: (error: unknown) => void;
  private readonly stock = new Map<Difficulty, Puzzle[]>(DIFFICULTIES.map((d) => [d, []]));
  private running = false;
  private timer: NodeJS.Immediate | undefined;

  constructor(options: PuzzlePoolOptions) {
    this.size = Math.max(0, Math.floor(options.size ?? 20));
    this.generate = options.generate;
    this.onError = options.onError ?? (() => {});
  }

  /** Starts filling every difficulty up to `size` in the background. */
  start(): void {
    this.running = true;
    this.schedule();
  }

  /** Cancels any pending refill; take() still works, generating on demand. */
  stop(): void {
    this.running = false;
    if (this.timer) clearImmediate(this.timer);
    this.timer = undefined;
  }

  /** A puzzle from stock if there is one, else one made now; either way the stock is topped up later. */
  take(difficulty: Difficulty): Puzzle {
    const puzzle = this.shelf(difficulty).shift() ?? this.generate(difficulty);
    this.schedule();
    return puzzle;
  }

  /** Puzzles ready for a difficulty. */
  available(difficulty: Difficulty): number {
    return this.shelf(difficulty).length;
  }

  private shelf(difficulty: Difficulty): Puzzle[] {
    const shelf = this.stock.get(difficulty);
    if (!shelf) throw new RangeError(`Unknown difficulty: ${String(difficulty)}`);
    return shelf;
  }

  /** The difficulty furthest below size, so every level fills evenly; undefined when all are full. */
  private neediest(): Difficulty | undefined {
    let best: Difficulty | undefined;
    let fewest = this.size;
    for (const [difficulty, shelf] of this.stock) {
      if (shelf.length < fewest) {
        best = difficulty;
        fewest = shelf.length;
      }
    }
    return best;
  }

  private schedule(): void {
    if (!this.running || this.timer || this.neediest() === undefined) return;
    this.timer = setImmediate(() => this.refillOne());
    this.timer.unref();
  }

  private refillOne(): void {
    this.timer = undefined;
    const difficulty = this.neediest();
    if (!this.running || difficulty === undefined) return;
    try {
      this.shelf(difficulty).push(this.generate(difficulty));
    } catch (error) {
      this.onError(error);
      return; // no retry loop on a broken generator; the next take schedules again
    }
    this.schedule();
  }
}
