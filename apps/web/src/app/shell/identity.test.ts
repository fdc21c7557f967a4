import { describe, expect, it } from 'vitest';
import { identityPattern, initials } from './identity';

describe('identity', () => {
  it('takes the first letters of the first two names', () => {
    expect(initials('Alex Morgan')).toBe('AM');
    expect(initials('ada  lovelace byron')).toBe('AL');
    expect(initials('Prince')).toBe('P');
  });

  it('draws a full, left-right mirrored grid that depends on the name only', () => {
    const cells = identityPattern('Alex Morgan', 7);
    expect(cells).toHaveLength(49);
    const at = (row: number, column: number) => cells.find((c) => c.row === row && c.column === column)?.weight;
    for (let row = 0; row < 7; row++) {
      for (let column = 0; column < 7; column++) expect(at(row, column)).toBe(at(row, 6 - column));
    }
    expect(identityPattern('Alex Morgan', 7)).toEqual(cells);
    expect(identityPattern('Sam Carter', 7)).not.toEqual(cells);
    // Not blank and not solid: some cells of each kind.
    expect(new Set(cells.map((cell) => cell.weight)).size).toBeGreaterThan(2);
  });
});
