import { describe, expect, it } from 'vitest';
import { makeGame } from '../test-fixtures';
import { formatMmSs, savedGameLabel, savedGameOptions } from './format';

describe('formatMmSs', () => {
  it('formats seconds as mm:ss', () => {
    expect(formatMmSs(0)).toBe('00:00');
    expect(formatMmSs(125)).toBe('02:05');
    expect(formatMmSs(3725)).toBe('62:05');
  });
});

describe('saved game labels', () => {
  it('are the difficulty followed by the month and day', () => {
    expect(savedGameLabel(makeGame({ difficulty: 'hard', created_at: '2025-11-21T12:00:00Z' }))).toBe('hard Nov 21');
  });

  it('tell games of the same label apart by time played, then by number', () => {
    const options = savedGameOptions([
      makeGame({ id: 1, created_at: '2025-11-21T12:00:00Z', time: 125 }),
      makeGame({ id: 2, created_at: '2025-11-21T13:00:00Z', time: 60 }),
      makeGame({ id: 3, created_at: '2025-11-21T14:00:00Z', time: 60 }),
      makeGame({ id: 4, difficulty: 'medium', created_at: '2025-11-21T12:00:00Z' }),
    ]);
    expect(options.map((o) => o.label)).toEqual([
      'easy Nov 21 · 02:05 played',
      'easy Nov 21 · 01:00 played (1)',
      'easy Nov 21 · 01:00 played (2)',
      'medium Nov 21',
    ]);
    expect(options.map((o) => o.value)).toEqual(['1', '2', '3', '4']);
  });
});
