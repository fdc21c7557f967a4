import { describe, expect, it } from 'vitest';
import { formatQuoteTime, marketPhase, quoteTimeText } from './market-status';

describe('marketPhase', () => {
  it('reads Yahoo’s market states, and nothing it does not know', () => {
    expect(marketPhase('REGULAR')).toBe('open');
    expect(marketPhase('PREPRE')).toBe('pre');
    expect(marketPhase('POSTPOST')).toBe('post');
    expect(marketPhase('CLOSED')).toBe('closed');
    expect(marketPhase('HALTED')).toBeNull();
    expect(marketPhase(null)).toBeNull();
  });
});

describe('quoteTimeText', () => {
  it('gives the time in the exchange’s own zone', () => {
    expect(formatQuoteTime('2025-03-14T06:30:00.000Z', 'Asia/Tokyo')).toBe('Mar 14, 3:30 PM GMT+9');
    expect(formatQuoteTime('2025-03-14T15:00:00.000Z', 'America/New_York')).toBe('Mar 14, 11:00 AM EDT');
  });

  it('says "as of" while the market trades and "at close" otherwise', () => {
    expect(quoteTimeText('open', '2025-03-14T15:00:00.000Z', 'America/New_York')).toBe('As of Mar 14, 11:00 AM EDT');
    expect(quoteTimeText('pre', '2025-03-13T20:00:00.000Z', 'America/New_York')).toBe('At close: Mar 13, 4:00 PM EDT');
  });

  it('says nothing without a readable time, and survives a zone the browser does not know', () => {
    expect(quoteTimeText('open', null, 'America/New_York')).toBeNull();
    expect(quoteTimeText('open', 'yesterday', 'America/New_York')).toBeNull();
    expect(formatQuoteTime('2025-03-14T15:00:00.000Z', 'Mars/Olympus')).toBe('Mar 14, 3:00 PM UTC');
  });
});
