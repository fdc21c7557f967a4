/*
 * The stock header's market line (docs/product.md#stock-page-appsfinancestocksymbol): whether the
 * listing's market is open, and the time of the price shown, in the exchange's own zone.
 */

export type MarketPhase = 'open' | 'pre' | 'post' | 'closed';

/** Yahoo's `marketState` values (the demo market uses the first four). */
const PHASES: Record<string, MarketPhase> = {
  REGULAR: 'open',
  PRE: 'pre',
  PREPRE: 'pre',
  POST: 'post',
  POSTPOST: 'post',
  CLOSED: 'closed',
};

export const PHASE_LABELS: Record<MarketPhase, string> = {
  open: 'Market open',
  pre: 'Pre-market',
  post: 'After hours',
  closed: 'Market closed',
};

/** The phase of a quote's `marketState`; null for a value we do not know (nothing is shown then). */
export function marketPhase(state: string | null | undefined): MarketPhase | null {
  return (state && PHASES[state.toUpperCase()]) || null;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    };
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // A zone this browser does not know: UTC, which the format names.
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formats.set(timeZone, format);
  }
  return format;
}

/** `2025-01-02T21:00:00Z` in New York → `Jan 2, 4:00 PM EST`; null without a valid time. */
export function formatQuoteTime(iso: string | null | undefined, timeZone: string | null | undefined): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  return formatIn(timeZone ?? 'America/New_York').format(ms);
}

/**
 * 'As of Jan 2, 10:35 AM EST' while the market trades; otherwise the price is the last regular close:
 * 'At close: Jan 2, 4:00 PM EST'. Null without a time.
 */
export function quoteTimeText(
  phase: MarketPhase | null,
  iso: string | null | undefined,
  timeZone: string | null | undefined,
): string | null {
  const time = formatQuoteTime(iso, timeZone);
  if (!time) return null;
  return phase === null || phase === 'open' ? `As of ${time}` : `At close: ${time}`;
}
