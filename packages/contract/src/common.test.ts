import { describe, expect, it } from 'vitest';
import { idSchema } from './common.js';

describe('idSchema', () => {
  it('accepts positive whole numbers, as numbers or as digit strings (query strings, forms)', () => {
    expect(idSchema.parse(7)).toBe(7);
    expect(idSchema.parse('42')).toBe(42);
    expect(idSchema.parse('2147483647')).toBe(2_147_483_647);
  });

  it.each([
    ['zero', 0],
    ['negative', -3],
    ['fraction', 1.5],
    ['too large', 2_147_483_648],
    ['boolean', true],
    ['array', [5]],
    ['hex text', '0x10'],
    ['padded text', ' 2 '],
    ['exponent text', '1e3'],
    ['empty text', ''],
    ['null', null],
    ['object', { id: 1 }],
  ])('refuses %s', (_name, value) => {
    expect(idSchema.safeParse(value).success).toBe(false);
  });
});
