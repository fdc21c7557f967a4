/** The owner's initials, e.g. 'AM' for 'Alex Morgan' (the monogram in the bar, the hero, the favicon). */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** FNV-1a: a small, stable hash of the owner's name, so the same name always draws the same pattern. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

export interface PatternCell {
  row: number;
  column: number;
  /** 0 (absent) to 3 (largest). */
  weight: 0 | 1 | 2 | 3;
}

/**
 * The hero's generated pattern (docs/product.md#home): a `size` × `size` grid, mirrored left to
 * right like an identicon, each cell's weight taken from two bits of the name's hash stream. The
 * same name always gives the same picture; another owner gets another one.
 */
export function identityPattern(name: string, size = 7): PatternCell[] {
  const half = Math.ceil(size / 2);
  const cells: PatternCell[] = [];
  let seed = hash(name);
  let bits = 32;
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < half; column++) {
      if (bits < 2) {
        seed = hash(`${name}:${row}:${column}:${seed}`);
        bits = 32;
      }
      const weight = (seed & 3) as PatternCell['weight'];
      seed >>>= 2;
      bits -= 2;
      cells.push({ row, column, weight });
      const mirror = size - 1 - column;
      if (mirror !== column) cells.push({ row, column: mirror, weight });
    }
  }
  return cells;
}
