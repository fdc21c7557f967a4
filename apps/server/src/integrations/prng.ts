/**
 * Stateless pseudo-randomness: every number is a pure function of its integer coordinates
 * (symbol seed, day, stream, step), so any day can be computed on its own and the same inputs
 * always give the same outputs.
 */

/** 32-bit FNV-1a of a string, for turning symbols into seeds. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A well-mixed 32-bit hash of up to four integers (murmur3 finaliser over a simple combine). */
export function hash32(a: number, b = 0, c = 0, d = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ Math.imul(c, 0x27d4eb2f), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ Math.imul(d, 0x165667b1), 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in (0, 1). */
export const uniform = (a: number, b = 0, c = 0, d = 0) => (hash32(a, b, c, d) + 0.5) / 4_294_967_296;

/** Standard normal (Box–Muller over two independent uniforms). */
export function normal(a: number, b = 0, c = 0, d = 0): number {
  const u1 = uniform(a, b, c, d * 2 + 1);
  const u2 = uniform(a, b, c, d * 2 + 2);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** An integer in [0, n). */
export const pick = (n: number, a: number, b = 0, c = 0, d = 0) => Math.floor(uniform(a, b, c, d) * n);
