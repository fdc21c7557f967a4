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

/** An ISO timestamp of a local date and time, so the labels read the same in every time zone. */
const local = (month: number, day: number, hour: number, minute: number) =>
  new Date(2025, month - 1, day, hour, minute).toISOString();

describe('saved game labels', () => {
  it('are the difficulty, the month and day, and the local time', () => {
    expect(savedGameLabel(makeGame({ difficulty: 'hard', created_at: local(11, 23, 14, 5) }))).toBe(
      'hard Nov 23, 14:05',
    );
    expect(savedGameLabel(makeGame({ difficulty: 'easy', created_at: local(1, 2, 0, 9) }))).toBe('easy Jan 2, 00:09');
  });

  it('tell games of the same day and level apart by time, then by number within a minute', () => {
    const options = savedGameOptions([
      makeGame({ id: 1, difficulty: 'hard', created_at: local(11, 23, 9, 30) }),
      makeGame({ id: 2, difficulty: 'hard', created_at: local(11, 23, 14, 5) }),
      makeGame({ id: 3, difficulty: 'hard', created_at: new Date(2025, 10, 23, 14, 5, 40).toISOString() }),
      makeGame({ id: 4, difficulty: 'medium', created_at: local(11, 23, 9, 30) }),
    ]);
    expect(options.map((o) => o.label)).toEqual([
      'hard Nov 23, 09:30',
      'hard Nov 23, 14:05 (1)',
      'hard Nov 23, 14:05 (2)',
      'medium Nov 23, 09:30',
    ]);
    expect(options.map((o) => o.value)).toEqual(['1', '2', '3', '4']);
  });
});
