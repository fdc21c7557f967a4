import type { StockQuote } from '@site/contract';
import type { MarketDataProvider } from './types.js';

/**
 * Listings quoted in a currency's sub-unit, as market data sources name them: London in pence
 * (GBp, also GBX), Johannesburg in cents (ZAc), Tel Aviv in agorot (ILA). docs/api.md#money.
 */
const SUB_UNITS: Record<string, { currency: string; perUnit: number }> = {
  GBp: { currency: 'GBP', perUnit: 100 },
  GBX: { currency: 'GBP', perUnit: 100 },
  ZAc: { currency: 'ZAR', perUnit: 100 },
  ILA: { currency: 'ILS', perUnit: 100 },
};

/** The ISO currency a quote's price is in, and how many of the quoted units make one of it. */
export function baseCurrency(code: string): { currency: string; perUnit: number } {
  return SUB_UNITS[code] ?? { currency: code.toUpperCase(), perUnit: 1 };
}

/** The symbol of a currency's price in US dollars, as Yahoo names the pair ('JPYUSD=X'). */
export const usdPairSymbol = (currency: string) => `${currency}USD=X`;

/** How one listing's price became dollars: its own currency and price, and the rate used. */
export interface Listing {
  currency: string;
  localPrice: number;
  /** US dollars per quoted unit (a pence quote: per pound / 100). */
  fxRate: number;
  /** The price in US dollars. */
  usdPrice: number;
}

/** The currencies other than the dollar that `quotes` are in (sub-units folded into their currency). */
export function foreignCurrencies(quotes: Iterable<StockQuote>): string[] {
  const out = new Set<string>();
  for (const quote of quotes) {
    const { currency } = baseCurrency(quote.currency);
    if (currency !== 'USD') out.add(currency);
  }
  return [...out];
}

/**
 * US dollars per unit of each foreign currency among `quotes`, from ONE batched call of their USD
 * pairs; no call at all when every quote is in dollars. A pair without a usable price is left out.
 * Upstream failures are the caller's to handle.
 */
export async function usdRates(market: MarketDataProvider, quotes: Iterable<StockQuote>): Promise<Map<string, number>> {
  const rates = new Map<string, number>();
  const foreign = foreignCurrencies(quotes);
  if (foreign.length === 0) return rates;
  const pairs = await market.getQuotes(foreign.map(usdPairSymbol));
  for (const currency of foreign) {
    const pair = pairs.get(usdPairSymbol(currency));
    if (pair && pair.currentPrice > 0) rates.set(currency, pair.currentPrice);
  }
  return rates;
}

/**
 * A quote in dollars at `rates` (US dollars per unit of each currency); undefined when its
 * currency has no rate — then it cannot be priced, rather than be taken for dollars.
 */
export function toDollars(quote: StockQuote, rates: ReadonlyMap<string, number>): Listing | undefined {
  const { currency, perUnit } = baseCurrency(quote.currency);
  const rate = currency === 'USD' ? 1 : rates.get(currency);
  if (rate === undefined || !(rate > 0)) return undefined;
  const fxRate = rate / perUnit;
  return { currency: quote.currency, localPrice: quote.currentPrice, fxRate, usdPrice: quote.currentPrice * fxRate };
}

/** A price in its listing's currency for messages: '¥2,893.5', '€182.34', '2,550 GBp'. */
export function formatListingPrice(price: number, code: string): string {
  if (SUB_UNITS[code]) return `${price.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${code}`;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }).format(price);
  } catch {
    return `${price.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${code}`;
  }
}
