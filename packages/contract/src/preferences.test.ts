import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, preferencesResponseSchema, updatePreferencesRequestSchema } from './preferences.js';

const weather = { temperature: 'C', wind: 'kn', precipitation: 'mm', time: '24h' } as const;

describe('the preferences answer', () => {
  it('reads an answer without the Sudoku section (a server from before it) with its defaults', () => {
    expect(preferencesResponseSchema.parse({ weather, updated_at: null })).toEqual({
      weather,
      sudoku: DEFAULT_PREFERENCES.sudoku,
      updated_at: null,
    });
    expect(DEFAULT_PREFERENCES.sudoku).toEqual({ mistakes: 'conflicts' });
  });

  it('keeps a Sudoku section it is sent, and refuses an unknown mistake check', () => {
    const answer = { weather, sudoku: { mistakes: 'solution' }, updated_at: 'x' };
    expect(preferencesResponseSchema.parse(answer).sudoku).toEqual({ mistakes: 'solution' });
    expect(preferencesResponseSchema.safeParse({ ...answer, sudoku: { mistakes: 'always' } }).success).toBe(false);
  });
});

describe('PUT /api/preferences body, Sudoku section', () => {
  it('accepts the three mistake checks alone or beside weather units', () => {
    for (const mistakes of ['off', 'conflicts', 'solution'] as const) {
      expect(updatePreferencesRequestSchema.parse({ sudoku: { mistakes } })).toEqual({ sudoku: { mistakes } });
    }
    expect(updatePreferencesRequestSchema.parse({ sudoku: {}, weather: { wind: 'kn' } })).toEqual({
      sudoku: {},
      weather: { wind: 'kn' },
    });
  });

  it('refuses unknown values and keys with a message naming the field', () => {
    const wrong = updatePreferencesRequestSchema.safeParse({ sudoku: { mistakes: 'always' } });
    expect(wrong.error?.issues[0]?.message).toBe('sudoku.mistakes must be one of: off, conflicts, solution');
    expect(updatePreferencesRequestSchema.safeParse({ sudoku: { mistakes: 'off', colours: 6 } }).success).toBe(false);
    expect(updatePreferencesRequestSchema.safeParse({ sudoku: null }).success).toBe(false);
  });
});
