import { INTERVALS, isIntervalAllowed, RANGES } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { intervalForRange, PREFERRED_INTERVAL } from './interval-choice';

const auto = (interval: (typeof INTERVALS)[number]) => ({ interval, explicit: false });
const picked = (interval: (typeof INTERVALS)[number]) => ({ interval, explicit: true });

describe('intervalForRange', () => {
  it('prefers intraday bars for Day and Week, daily bars otherwise, each allowed for its range', () => {
    expect(intervalForRange('1d', auto('1d'))).toEqual(auto('5m'));
    expect(intervalForRange('5d', auto('1d'))).toEqual(auto('30m'));
    expect(intervalForRange('1y', auto('5m'))).toEqual(auto('1d'));
    for (const range of RANGES) expect(isIntervalAllowed(range, PREFERRED_INTERVAL[range])).toBe(true);
  });

  it('keeps an interval the person picked while the new range allows it', () => {
    expect(intervalForRange('5d', picked('1h'))).toEqual(picked('1h'));
    expect(intervalForRange('1mo', picked('1h'))).toEqual(picked('1h'));
    expect(intervalForRange('1d', picked('1d'))).toEqual(picked('1d'));
    expect(intervalForRange('max', picked('1wk'))).toEqual(picked('1wk'));
  });

  it('moves a picked interval the new range forbids to that range’s preferred one', () => {
    expect(intervalForRange('3mo', picked('1h'))).toEqual(auto('1d'));
    expect(intervalForRange('1d', picked('1wk'))).toEqual(auto('5m'));
    expect(intervalForRange('5d', picked('1mo'))).toEqual(auto('30m'));
  });

  it('always lands on an allowed interval', () => {
    for (const range of RANGES) {
      for (const interval of INTERVALS) {
        for (const explicit of [false, true]) {
          const next = intervalForRange(range, { interval, explicit });
          expect(isIntervalAllowed(range, next.interval), `${range} from ${interval}`).toBe(true);
        }
      }
    }
  });
});
