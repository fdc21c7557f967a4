/** A source of uniform numbers in [0, 1), like Math.random. Injectable so tests are deterministic. */
export type Rng = () => number;

/** mulberry32: a tiny, fast seeded PRNG with a full 2^32 period, good enough for shuffling puzzles. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const randomInt = (rng: Rng, n: number): number => Math.floor(rng() * n);

/** Fisher–Yates, in place, of the items from index `from` on. */
export function shuffleInPlace<T extends { length: number; [i: number]: unknown }>(items: T, rng: Rng, from = 0): T {
  for (let i = items.length - 1; i > from; i--) {
    const j = from + Math.floor(rng() * (i + 1 - from));
    const tmp = items[i];
    items[i] = items[j];
    items[j] = tmp;
  }
  return items;
}
