import { ALL_DIGITS, PEERS } from '@site/contract';

/**
 * The pencil marks of a person solving step by step. Solved cells hold a value and an empty candidate mask,
 * so unit scans only see open cells. Reused across puzzles to keep grading allocation-free.
 */
export class GradingState {
  readonly cand = new Uint16Array(81);
  readonly value = new Uint8Array(81);
  unsolved = 81;
  /** Set when the marks contradict themselves (clashing clues or an unsolvable puzzle). */
  broken = false;

  load(grid: ArrayLike<number>): void {
    this.cand.fill(ALL_DIGITS);
    this.value.fill(0);
    this.unsolved = 81;
    this.broken = false;
    for (let cell = 0; cell < 81; cell++) {
      const v = grid[cell]!;
      if (v === 0) continue;
      if ((this.cand[cell]! & (1 << (v - 1))) === 0) this.broken = true;
      else this.place(cell, v);
    }
  }

  place(cell: number, digit: number): void {
    const cand = this.cand;
    const peers = PEERS;
    const keep = ~(1 << (digit - 1));
    this.value[cell] = digit;
    cand[cell] = 0;
    this.unsolved--;
    for (let k = cell * 20, end = k + 20; k < end; k++) {
      const p = peers[k]!;
      cand[p]! &= keep;
    }
  }

  /** Removes `mask` from a cell's candidates; true when that changed anything. */
  eliminate(cell: number, mask: number): boolean {
    const before = this.cand[cell]!;
    const after = before & ~mask;
    if (after === before) return false;
    this.cand[cell] = after;
    if (after === 0) this.broken = true;
    return true;
  }
}
