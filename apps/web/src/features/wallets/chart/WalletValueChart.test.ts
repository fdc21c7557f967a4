import type { TickMarkFormatter, UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { TICK_MARK } from '../../../lib/charts/time';
import { WALLET_CHART_OPTIONS } from './WalletValueChart';

const at = (iso: string) => (Date.parse(iso) / 1000) as UTCTimestamp;

describe('the wallet value chart’s time axis', () => {
  const label = WALLET_CHART_OPTIONS.timeScale?.tickMarkFormatter as TickMarkFormatter | undefined;
  const tick = (iso: string, type: number) => label?.(at(iso), type as never, 'en-US');

  it('never shows seconds, however short the history: whole minutes only', () => {
    expect(WALLET_CHART_OPTIONS.timeScale?.secondsVisible).toBe(false);
    for (const type of [TICK_MARK.Time, TICK_MARK.TimeWithSeconds]) {
      expect(tick('2026-11-28T17:05:00Z', type)).toBe('17:05');
      expect(tick('2026-11-28T17:05:07Z', type)).toBe('');
    }
  });

  it('labels days, months and years as dates', () => {
    expect(tick('2026-11-28T00:00:00Z', TICK_MARK.DayOfMonth)).toBe('Nov 28');
    expect(tick('2026-11-01T00:00:00Z', TICK_MARK.Month)).toBe('Nov');
    expect(tick('2026-01-01T00:00:00Z', TICK_MARK.Year)).toBe('2026');
  });
});
