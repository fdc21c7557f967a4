import type { StockQuote } from '@site/contract';
import { HttpError } from '../../core/http-errors.js';
import { baseCurrency, type Listing, toDollars, usdRates } from '../../integrations/market-data/fx.js';
import { type MarketDataProvider, unknownSymbol } from '../../integrations/market-data/types.js';
import { priceToE4 } from './money.js';

/** Dollar prices (1/10,000 $) by symbol, with how each came from its listing's own currency. */
export class Prices extends Map<string, number> {
  readonly listings = new Map<string, Listing>();
  /** The quotes the prices came from (market state, exchange time zone). */
  readonly quotes = new Map<string, StockQuote>();
  /** Symbols that have a price but no exchange rate for their currency, with that currency. */
  readonly withoutRate = new Map<string, string>();
}

export const isUpstreamFailure = (error: unknown) => error instanceof HttpError && error.statusCode >= 500;

/**
 * Dollar prices of `symbols` in 1/10,000 dollar units from ONE getQuotes call, plus one for the
 * exchange rates when a listing is in another currency (docs/api.md#money). An upstream failure
 * of the quotes gives an empty map (valued at cost) unless `required`; a failure of the rates
 * leaves only the foreign listings unpriced. A symbol without a usable price (or without a rate
 * for its currency) is absent.
 */
export async function dollarPrices(
  market: MarketDataProvider,
  symbols: Iterable<string>,
  required = false,
): Promise<Prices> {
  const unique = [...new Set(symbols)];
  const out = new Prices();
  if (unique.length === 0) return out;
  let quotes: Map<string, StockQuote>;
  try {
    quotes = await market.getQuotes(unique);
  } catch (error) {
    if (!required && isUpstreamFailure(error)) return out;
    throw error;
  }
  const rates = await usdRates(market, quotes.values()).catch((error: unknown) => {
    if (isUpstreamFailure(error)) return new Map<string, number>();
    throw error;
  });
  for (const [symbol, quote] of quotes) {
    const listing = toDollars(quote, rates);
    if (listing === undefined) out.withoutRate.set(symbol, baseCurrency(quote.currency).currency);
    const e4 = listing && priceToE4(listing.usdPrice);
    if (listing === undefined || e4 === undefined) continue;
    out.set(symbol, e4);
    out.listings.set(symbol, listing);
    out.quotes.set(symbol, quote);
  }
  return out;
}

/** 404 for a symbol nobody prices; 503 when only the rate for its currency is missing. */
export function noPrice(prices: Prices, symbol: string): HttpError {
  const currency = prices.withoutRate.get(symbol);
  return currency
    ? new HttpError(503, `No ${currency} to US dollar rate is available right now; try again later`)
    : unknownSymbol(symbol);
}
