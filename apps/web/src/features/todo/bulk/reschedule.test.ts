import { describe, expect, it } from 'vitest';
import { rescheduleDays, undoRequests } from './reschedule';
import { todoTask as task } from './test-fixtures';

describe('rescheduleDays', () => {
  it('gives today, tomorrow and the coming Monday in the zone asked', () => {
    // Thursday 26 November 2026, 23:30 in London, already Friday in Tokyo.
    const now = new Date('2026-11-26T23:30:00Z');
    expect(rescheduleDays(now, 'Europe/London')).toEqual({
      today: '2026-11-26',
      tomorrow: '2026-11-27',
      nextWeek: '2026-11-30',
    });
    expect(rescheduleDays(now, 'Asia/Tokyo')).toEqual({
      today: '2026-11-27',
      tomorrow: '2026-11-28',
      nextWeek: '2026-11-30',
    });
  });

  it('counts next week from a Monday as the Monday after, and from a Sunday as the next day', () => {
    expect(rescheduleDays(new Date('2026-11-30T12:00:00Z'), 'UTC').nextWeek).toBe('2026-12-07');
    expect(rescheduleDays(new Date('2026-11-29T12:00:00Z'), 'UTC').nextWeek).toBe('2026-11-30');
    // Across a year's end.
    expect(rescheduleDays(new Date('2026-12-31T12:00:00Z'), 'UTC')).toEqual({
      today: '2026-12-31',
      tomorrow: '2027-01-01',
      nextWeek: '2027-01-04',
    });
  });
});

describe('undoRequests', () => {
  const due = (date: string) => ({ date, time: null, zone: 'UTC' });

  it('reopens only what completing closed', () => {
    expect(undoRequests({ action: 'complete', ids: [1, 2] }, [task(1), task(2, { completed: true })])).toEqual([
      { action: 'uncomplete', ids: [1] },
    ]);
  });

  it('puts a repeating task back on its date instead of reopening it', () => {
    const repeating = task(3, { due: due('2026-11-26'), recurrence: { rule: 'FREQ=DAILY', basis: 'due' } });
    expect(undoRequests({ action: 'complete', ids: [1, 3] }, [task(1), repeating])).toEqual([
      { action: 'uncomplete', ids: [1] },
      { action: 'reschedule', ids: [3], due: due('2026-11-26') },
    ]);
  });

  it('moves each task back to the list it came from, leaving those already there', () => {
    const moved = [task(1, { list_id: 3 }), task(2), task(4, { list_id: 3 }), task(5, { list_id: 8 })];
    expect(undoRequests({ action: 'move', ids: [1, 2, 4, 5], list_id: 8 }, moved)).toEqual([
      { action: 'move', ids: [1, 4], list_id: 3 },
      { action: 'move', ids: [2], list_id: null },
    ]);
  });

  it('takes a label off only the tasks that did not have it (in any case)', () => {
    const labelled = [task(1, { labels: ['Urgent'] }), task(2)];
    expect(undoRequests({ action: 'label', ids: [1, 2], label: 'urgent' }, labelled)).toEqual([
      { action: 'unlabel', ids: [2], label: 'urgent' },
    ]);
  });

  it('puts each due date back, one call per date', () => {
    const dated = [task(1, { due: due('2026-12-01') }), task(2), task(3, { due: due('2026-12-01') })];
    expect(undoRequests({ action: 'reschedule', ids: [1, 2, 3], due: null }, dated)).toEqual([
      { action: 'reschedule', ids: [1, 3], due: due('2026-12-01') },
      { action: 'reschedule', ids: [2], due: null },
    ]);
  });

  it('offers no undo for a deletion', () => {
    expect(undoRequests({ action: 'delete', ids: [1] }, [task(1)])).toBeNull();
  });
});
