/*
 * The stock header's key statistics (docs/product.md#stock-page-appsfinancestocksymbol): what each
 * cell says, from the quote's fields (docs/api.md#stock-statistics). A missing value reads '—',
 * never 'NaN' or '$0.00'.
 */
import type { StockQuote } from '@site/contract';
import {
  formatCompact,
  formatCompactPrice,
  formatInteger,
  formatPercent,
  formatPrice,
  formatRatio,
  NO_VALUE,
} from '../../../lib/format';

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * `$227.05 – $231.20`; a currency written after the number is written once:
 * `2,504.26 – 2,602.72 GBp`. A dash when either end is missing.
 */
export function formatPriceRange(
  low: number | null | undefined,
  high: number | null | undefined,
  currency: string,
): string {
  if (!isNumber(low) || !isNumber(high)) return NO_VALUE;
  const from = formatPrice(low, currency);
  const to = formatPrice(high, currency);
  const suffix = ` ${currency}`;
  return from.endsWith(suffix) && to.endsWith(suffix) ? `${from.slice(0, -suffix.length)} – ${to}` : `${from} – ${to}`;
}

/** Where `value` lies between `low` and `high`, 0–1 (clamped); null when that cannot be said. */
export function rangePosition(
  low: number | null | undefined,
  high: number | null | undefined,
  value: number | null | undefined,
): number | null {
  if (!isNumber(low) || !isNumber(high) || !isNumber(value) || high <= low) return null;
  return Math.min(1, Math.max(0, (value - low) / (high - low)));
}

export interface RangeMeterValue {
  /** 0–1 along the bar. */
  position: number;
  /** The same in words, for screen readers. */
  label: string;
}

export interface KeyStat {
  label: string;
  value: string;
  /** A second, dimmed figure: the EPS under the P/E, the average under the volume. */
  detail?: string;
  /** The full figure behind an abbreviated one. */
  title?: string;
  meter?: RangeMeterValue;
}

/** The quote fields the statistics read. */
export type KeyStatisticsQuote = Pick<
  StockQuote,
  | 'currentPrice'
  | 'currency'
  | 'regularMarketDayLow'
  | 'regularMarketDayHigh'
  | 'fiftyTwoWeekLow'
  | 'fiftyTwoWeekHigh'
  | 'marketCap'
  | 'trailingPE'
  | 'trailingEps'
  | 'dividendYield'
  | 'dividendRate'
  | 'regularMarketVolume'
  | 'averageVolume'
>;

function meter(
  range: string,
  low: number | null,
  high: number | null,
  quote: KeyStatisticsQuote,
): RangeMeterValue | undefined {
  const position = rangePosition(low, high, quote.currentPrice);
  if (position === null) return undefined;
  const price = formatPrice(quote.currentPrice, quote.currency);
  return { position, label: `${price} is ${Math.round(position * 100)}% of the way up the ${range}` };
}

/** Day range, 52-week range, market cap, P/E, dividend yield and volume against its average, in that order. */
export function keyStatistics(quote: KeyStatisticsQuote): KeyStat[] {
  const { currency } = quote;
  const volume = quote.regularMarketVolume;
  const average = quote.averageVolume;
  return [
    {
      label: 'Day range',
      value: formatPriceRange(quote.regularMarketDayLow, quote.regularMarketDayHigh, currency),
      meter: meter("day's range", quote.regularMarketDayLow, quote.regularMarketDayHigh, quote),
    },
    {
      label: '52-week range',
      value: formatPriceRange(quote.fiftyTwoWeekLow, quote.fiftyTwoWeekHigh, currency),
      meter: meter('52-week range', quote.fiftyTwoWeekLow, quote.fiftyTwoWeekHigh, quote),
    },
    {
      label: 'Market cap',
      // In the listing's currency, like its prices (pence in pounds: '£151B').
      value: formatCompactPrice(quote.marketCap, currency),
      ...(isNumber(quote.marketCap) ? { title: formatPrice(quote.marketCap, currency) } : {}),
    },
    {
      label: 'P/E (TTM)',
      value: formatRatio(quote.trailingPE),
      ...(isNumber(quote.trailingEps) ? { detail: `EPS ${formatPrice(quote.trailingEps, currency)}` } : {}),
    },
    {
      label: 'Dividend yield',
      value: formatPercent(quote.dividendYield),
      ...(isNumber(quote.dividendRate) && isNumber(quote.dividendYield)
        ? { detail: `${formatPrice(quote.dividendRate, currency)} a year` }
        : {}),
    },
    {
      label: 'Volume',
      value: formatCompact(volume),
      ...(isNumber(average) ? { detail: `Avg. ${formatCompact(average)}` } : {}),
      ...(isNumber(volume)
        ? {
            title: isNumber(average)
              ? `${formatInteger(volume)} today, ${formatInteger(average)} a day on average over three months`
              : `${formatInteger(volume)} today`,
          }
        : {}),
    },
  ];
}
