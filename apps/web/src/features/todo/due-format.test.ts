import { describe, expect, it } from 'vitest';
import { addDays, dayHeading, dayIn, dueText } from './due-format';

// Saturday 28 November 2026.
const today = '2026-11-28';

describe('due dates as the rows show them', () => {
  it('names the near days, the coming week by weekday, then the date (with the year when not this one)', () => {
    expect(dueText('2026-11-28', today)).toBe('Today');
    expect(dueText('2026-11-29', today, '09:00')).toBe('Tomorrow 09:00');
    expect(dueText('2026-11-27', today)).toBe('Yesterday');
    expect(dueText('2026-12-01', today)).toBe('Tue');
    expect(dueText('2026-12-05', today)).toBe('5 Dec');
    expect(dueText('2026-11-20', today)).toBe('20 Nov');
    expect(dueText('2027-01-04', today)).toBe('4 Jan 2027');
  });

  it('reads the day in the user’s zone and counts calendar days across months and years', () => {
    const late = new Date('2026-11-28T23:30:00Z');
    expect(dayIn('UTC', late)).toBe('2026-11-28');
    expect(dayIn('Asia/Tokyo', late)).toBe('2026-11-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(dayHeading('2026-11-29', today)).toBe('Tomorrow · Sun 29 Nov');
  });
});
