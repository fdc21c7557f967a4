import { describe, expect, it } from 'vitest';
import { idSchema, userText } from './common.js';

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

describe('userText (docs/api.md#text)', () => {
  const line = userText({ label: 'Title', max: 20, required: true });
  const area = userText({ label: 'Notes', max: 20, multiline: true });
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it('trims and keeps ordinary text, right-to-left marks, emoji joiners and accents', () => {
    expect(line.parse('  Buy milk ')).toBe('Buy milk');
    expect(line.parse('שלום \u200F!')).toBe('שלום \u200F!');
    expect(line.parse('👩\u200D💻 café')).toBe('👩\u200D💻 café');
    expect(area.parse('one\ntwo\r\n\tthree')).toBe('one\ntwo\r\n\tthree');
  });

  it.each([
    ['NUL', '\u0000'],
    ['bell', '\u0007'],
    ['escape', '\u001B[31m'],
    ['DEL', '\u007F'],
    ['C1 next line', '\u0085'],
    ['C1 CSI', '\u009B'],
    ['line feed', '\n'],
    ['tab', '\t'],
    ['line separator', '\u2028'],
  ])('refuses %s inside a one-line field', (_name, char) => {
    expect(messages(line.safeParse(`a${char}b`))).toEqual(['Title may not contain control characters']);
  });

  it.each([
    ['NUL', '\u0000'],
    ['escape', '\u001B'],
    ['vertical tab', '\u000B'],
    ['DEL', '\u007F'],
    ['C1', '\u0090'],
  ])('refuses %s inside a multi-line field, which keeps line breaks and tabs', (_name, char) => {
    expect(messages(area.safeParse(`a\n${char}b`))).toEqual(['Notes may not contain control characters']);
  });

  it.each(['202A', '202B', '202C', '202D', '202E', '2066', '2067', '2068', '2069'])(
    'refuses the bidirectional control U+%s in both kinds of field',
    (hex) => {
      const char = String.fromCodePoint(Number.parseInt(hex, 16));
      const message = 'may not contain text-direction override characters';
      expect(messages(line.safeParse(`invoice${char}fdp.exe`))).toEqual([`Title ${message}`]);
      expect(messages(area.safeParse(`x${char}y`))).toEqual([`Notes ${message}`]);
    },
  );

  it('names the field when text is missing, empty or too long', () => {
    expect(messages(line.safeParse(undefined))).toEqual(['Title is required']);
    expect(messages(line.safeParse('   '))).toEqual(['Title is required']);
    expect(messages(area.safeParse(5))).toEqual(['Notes must be text']);
    expect(area.parse('')).toBe('');
    expect(messages(line.safeParse('x'.repeat(21)))).toEqual(['Title must be at most 20 characters']);
  });
});
