import { describe, expect, it } from 'vitest';
import { type UserTextOptions, userText } from './common.js';
import { checkSymbol, symbolSchema } from './finance.js';
import { langSchema, parseLang } from './geocoding.js';
import { WEATHER_UNIT_CHOICES, weatherPreferencesSchema } from './preferences.js';
import { puzzleTextProblem } from './sudoku.js';
import { sudokuPuzzleTextSchema } from './sudoku-puzzles.js';
import { userTextProblem } from './text-rules.js';
import { WALLET_NAME_RULE, walletNameSchema } from './wallets.js';

/**
 * The zod-free twins of some schemas (pages check forms with them without loading zod:
 * docs/decisions.md#main-thread-work-after-the-first-paint) must answer exactly as the schemas do:
 * the same verdict, the same first message and the same normalised value.
 */
const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? '(no message)');

const SYMBOLS = [
  'AAPL',
  ' msft ',
  'brk.b',
  '^GSPC',
  'EURUSD=X',
  '',
  '   ',
  'A'.repeat(15),
  'A'.repeat(16),
  'AB CD',
  '.A',
  'ÄPFEL',
  '😀'.repeat(8),
  '^',
  'x-y',
  '<script>',
];

describe('checkSymbol agrees with symbolSchema', () => {
  it.each(SYMBOLS)('%j', (text) => {
    const parsed = symbolSchema.safeParse(text);
    const checked = checkSymbol(text);
    expect(checked.ok).toBe(parsed.success);
    if (checked.ok && parsed.success) expect(checked.symbol).toBe(parsed.data);
    else if (!checked.ok) expect(checked.error).toBe(firstIssue(parsed));
  });
});

const TEXTS = [
  'My wallet',
  '  padded  ',
  '',
  '   ',
  'x'.repeat(50),
  `  ${'x'.repeat(50)}  `,
  'x'.repeat(51),
  'line\nbreak',
  'tab\there',
  'nul\u0000',
  'bell\u0007',
  'c1\u0085',
  'sep\u2028',
  'gnp\u202Eexe',
  'isolate\u2066x',
  'rtl \u200F mark',
  '👩‍💻 emoji',
  '\u202E',
  '😀'.repeat(10),
  '😀'.repeat(11),
  `${'😀'.repeat(25)}x`,
];

describe('userTextProblem agrees with userText', () => {
  const rules: UserTextOptions[] = [
    WALLET_NAME_RULE,
    { label: 'Description', max: 20, multiline: true },
    { label: 'Nickname', max: 10 },
  ];
  for (const rule of rules) {
    it.each(TEXTS)(`${rule.label} (max ${rule.max}${rule.multiline ? ', multi-line' : ''}): %j`, (text) => {
      expect(userTextProblem(rule, text)).toBe(firstIssue(userText(rule).safeParse(text)));
    });
  }

  it('is the rule walletNameSchema is built from', () => {
    for (const text of TEXTS) {
      expect(userTextProblem(WALLET_NAME_RULE, text)).toBe(firstIssue(walletNameSchema.safeParse(text)));
    }
  });
});

describe('puzzleTextProblem agrees with sudokuPuzzleTextSchema', () => {
  const puzzle = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
  it.each([
    puzzle,
    puzzle.replaceAll('.', '0'),
    puzzle.match(/.{9}/g)!.join('\n'),
    ` ${puzzle} `,
    puzzle.slice(1),
    `${puzzle}1`,
    puzzle.replace('5', 'x'),
    puzzle.replace('5', '-'),
    '',
    'abc',
  ])('%j', (text) => {
    expect(puzzleTextProblem(text)).toBe(firstIssue(sudokuPuzzleTextSchema.safeParse(text)));
  });
});

describe('parseLang agrees with langSchema', () => {
  it.each(['en', 'DE', 'fr', 'e', 'eng', 'e1', '', 'é!'])('%j', (text) => {
    const parsed = langSchema.safeParse(text);
    const checked = parseLang(text);
    expect(checked.ok).toBe(parsed.success);
    if (checked.ok && parsed.success) expect(checked.value).toBe(parsed.data);
    else if (!checked.ok) expect(checked.error).toBe(firstIssue(parsed));
  });
});

describe('WEATHER_UNIT_CHOICES are what weatherPreferencesSchema allows', () => {
  it('names every setting of the schema, and only those', () => {
    expect(Object.keys(WEATHER_UNIT_CHOICES).sort()).toEqual(Object.keys(weatherPreferencesSchema.shape).sort());
  });

  it.each(Object.entries(WEATHER_UNIT_CHOICES))('%s', (key, choices) => {
    const field = weatherPreferencesSchema.shape[key as keyof typeof weatherPreferencesSchema.shape];
    for (const choice of choices) expect(field.safeParse(choice).success).toBe(true);
    for (const other of ['', 'x', 'f', 'KMH', 12]) expect(field.safeParse(other).success).toBe(false);
  });
});
