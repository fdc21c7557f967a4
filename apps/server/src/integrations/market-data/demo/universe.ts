import { z } from 'zod';
import { type ExchangeCalendar, FX, LONDON, NEW_YORK, TOKYO, XETRA } from '../calendar.js';
import universeJson from './universe.json' with { type: 'json' };

/**
 * The demo market's universe, kept as data in universe.json and checked against `universeSchema`
 * when loaded: well-known companies with public facts (names, exchanges, headquarters, web sites,
 * officers, approximate head counts and share counts) — mostly US listings, plus Tokyo, Xetra and
 * London ones quoted in yen, euros and pence, and the dollar rates of those currencies
 * (docs/api.md#money). Prices are simulated: `startPrice` is a split-adjusted price on the first
 * demo day (the listing date, or `dataStart` for older listings) and `anchorPrice` roughly the
 * close of `anchorDate`, in the listing's currency; the path in between is a seeded random walk
 * pinned to both (see price-series.ts).
 */

/** What a seeded price path needs. */
export interface DemoInstrument {
  symbol: string;
  shortName: string;
  /** The currency prices are quoted in, as Yahoo names it ('GBp' is pence). */
  currency: string;
  calendar: ExchangeCalendar;
  /** Listing (IPO) date. */
  listed: string;
  startPrice: number;
  anchorPrice: number;
  /** Annualised volatility of daily returns. */
  volatility: number;
  /** Annualised drift after the anchor date. */
  drift: number;
  /** Typical shares traded per day. */
  avgVolume: number;
  /** Decimals prices are rounded to; by default cents (hundredths of a cent below 1). */
  priceDecimals?: number;
}

/**
 * Yahoo's exchange codes (NMS = Nasdaq Global Select, NYQ = New York Stock Exchange, JPX = Tokyo,
 * GER = Xetra, LSE = London), each with the calendar its listings trade on and the currency they
 * are quoted in.
 */
const EXCHANGES = {
  NMS: { calendar: NEW_YORK, currency: 'USD' },
  NYQ: { calendar: NEW_YORK, currency: 'USD' },
  JPX: { calendar: TOKYO, currency: 'JPY' },
  GER: { calendar: XETRA, currency: 'EUR' },
  LSE: { calendar: LONDON, currency: 'GBp' },
} as const satisfies Record<string, { calendar: ExchangeCalendar; currency: string }>;

const isoDate = z.iso.date();
const text = z.string().min(1);
const price = z.number().positive();

/** The seeded price path's parameters (`DemoInstrument` less what the listing's exchange gives). */
const pathShape = {
  symbol: z.string().regex(/^[A-Z0-9][A-Z0-9.=-]*$/),
  shortName: text,
  listed: isoDate,
  startPrice: price,
  anchorPrice: price,
  priceDecimals: z.number().int().min(0).max(8).optional(),
  volatility: z.number().positive().max(2),
  drift: z.number().min(-1).max(1),
  avgVolume: z.number().int().nonnegative(),
};

const companySchema = z
  .strictObject({
    ...pathShape,
    longName: text,
    /** The short name headlines use, when cutting "Inc." and the like off `shortName` does not give it. */
    brand: text.optional(),
    exchange: z.enum(Object.keys(EXCHANGES) as [keyof typeof EXCHANGES, ...(keyof typeof EXCHANGES)[]]),
    currency: text,
    country: text,
    sector: text,
    industry: text,
    website: z.url(),
    irWebsite: z.url(),
    address1: text,
    address2: text.optional(),
    city: text,
    /** Null where addresses have no state or prefecture line. */
    state: text.nullable(),
    zip: text,
    fullTimeEmployees: z.number().int().positive(),
    summary: text,
    /** Name and title, the chief executive (or chair) first: news headlines quote the first. */
    officers: z.array(z.tuple([text, text])).min(1),
    sharesOutstanding: z.number().int().positive(),
    /**
     * Earnings per share over the twelve months before the anchor date, roughly as reported (the
     * 2024 fiscal year), in the listing's currency; negative for a loss. docs/api.md#stock-statistics
     * says how the demo moves it on from there.
     */
    trailingEps: z.number(),
  })
  .refine((company) => company.currency === EXCHANGES[company.exchange].currency, {
    message: 'a listing is quoted in its exchange’s currency',
    path: ['currency'],
  });

/** A currency's price in dollars, quoted like Yahoo's `JPYUSD=X`: no drift, no volume, listed from the start. */
const fxPairSchema = z.strictObject({
  symbol: z.string().regex(/^[A-Z]{3}USD=X$/),
  shortName: text,
  startPrice: price,
  anchorPrice: price,
  priceDecimals: pathShape.priceDecimals,
  volatility: pathShape.volatility,
});

export const universeSchema = z.strictObject({
  /** The first day of demo price data for companies listed before it. */
  dataStart: isoDate,
  /** The day each company's simulated close equals its `anchorPrice`. */
  anchorDate: isoDate,
  companies: z.array(companySchema).min(1),
  /** Anchored near their rates of `dataStart` and `anchorDate`. */
  fxPairs: z.array(fxPairSchema),
});

export type DemoCompany = z.output<typeof companySchema> & { calendar: ExchangeCalendar };

export interface DemoFxPair extends DemoInstrument {
  currency: 'USD';
}

const universe = universeSchema.parse(universeJson);

export const DEMO_DATA_START = universe.dataStart;
export const DEMO_ANCHOR_DATE = universe.anchorDate;

export const DEMO_UNIVERSE: DemoCompany[] = universe.companies.map((company) => ({
  ...company,
  calendar: EXCHANGES[company.exchange].calendar,
}));

/** The dollar rates of the foreign listings' currencies; they trade round the clock on weekdays. */
export const DEMO_FX_PAIRS: DemoFxPair[] = universe.fxPairs.map((pair) => ({
  ...pair,
  currency: 'USD',
  calendar: FX,
  listed: DEMO_DATA_START,
  drift: 0,
  avgVolume: 0,
}));
