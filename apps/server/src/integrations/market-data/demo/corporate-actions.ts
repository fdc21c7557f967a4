/**
 * The demo market's corporate actions (docs/api.md#corporate-actions): the stock splits the real
 * companies made in the last few years, and a dividend policy for each listing whose company
 * pays one. Listings not named in DEMO_DIVIDENDS pay nothing (Amazon, Tesla, Netflix, AMD, Adobe;
 * Nvidia's token dividend, far below 0.5 %, is left out too).
 *
 * Prices: a `DemoInstrument`'s start and anchor prices are on today's share count (split-adjusted,
 * as charts show them). Trading happens at the prices of the day, so price-series.ts multiplies a
 * day before a split by the split ratios still to come; charts divide them back out as of the
 * clock (demo-provider.ts). Dividends do not move the simulated prices (as Yahoo's `close`, the
 * prices are not adjusted for dividends).
 */

export interface DemoSplit {
  /** The first trading day on the new share count (a weekday). */
  date: string;
  numerator: number;
  denominator: number;
}

/** How a company pays: the same amount at every payment of a calendar year, set by last year's close. */
export interface DividendPolicy {
  /** Payments a year: quarterly, twice a year or once. */
  perYear: 1 | 2 | 4;
  /** Month (1–12) of a year's first ex-date; the others follow every 12 / perYear months. */
  firstMonth: number;
  /** Day of the month the ex-date falls on, or the next trading day. */
  day: number;
  /** Calendar days from the ex-date to the pay date (or the next trading day). */
  payAfterDays: number;
  /** The year's dividends as a fraction of the previous year's last close (0.5–4 %). */
  yield: number;
  /** The first ex-date on or after this date (when the company began paying). */
  since?: string;
  /** No ex-date after this date (a suspended dividend). */
  until?: string;
}

/** Real splits of 2020–2024 (Toyota's ex-rights date for its 1 → 5 split of 2021-10-01). */
export const DEMO_SPLITS: Readonly<Record<string, readonly DemoSplit[]>> = {
  AAPL: [{ date: '2020-08-31', numerator: 4, denominator: 1 }],
  TSLA: [
    { date: '2020-08-31', numerator: 5, denominator: 1 },
    { date: '2022-08-25', numerator: 3, denominator: 1 },
  ],
  NVDA: [
    { date: '2021-07-20', numerator: 4, denominator: 1 },
    { date: '2024-06-10', numerator: 10, denominator: 1 },
  ],
  AMZN: [{ date: '2022-06-06', numerator: 20, denominator: 1 }],
  GOOGL: [{ date: '2022-07-18', numerator: 20, denominator: 1 }],
  WMT: [{ date: '2024-02-26', numerator: 3, denominator: 1 }],
  AVGO: [{ date: '2024-07-15', numerator: 10, denominator: 1 }],
  '7203.T': [{ date: '2021-09-29', numerator: 5, denominator: 1 }],
};

const q = (
  firstMonth: number,
  day: number,
  payAfterDays: number,
  yieldFraction: number,
  extra: Pick<DividendPolicy, 'since' | 'until'> = {},
): DividendPolicy => ({ perYear: 4, firstMonth, day, payAfterDays, yield: yieldFraction, ...extra });

/**
 * Roughly each company's real schedule (months, ex-dates, the wait until payment) and yield, kept
 * within 0.5–4 % (AT&T, Verizon, Pfizer, Chevron and UPS yield a little more in reality).
 */
export const DEMO_DIVIDENDS: Readonly<Record<string, DividendPolicy>> = {
  AAPL: q(2, 9, 4, 0.005, { since: '2012-08-01' }),
  MSFT: q(2, 17, 24, 0.008, { since: '2003-02-01' }),
  GOOGL: q(3, 9, 7, 0.005, { since: '2024-06-01' }),
  META: q(2, 20, 6, 0.005, { since: '2024-02-01' }),
  JPM: q(1, 5, 26, 0.022),
  V: q(2, 9, 20, 0.007, { since: '2008-06-01' }),
  JNJ: q(2, 18, 14, 0.03),
  WMT: q(3, 15, 20, 0.012),
  PG: q(1, 20, 25, 0.024),
  XOM: q(2, 12, 27, 0.034),
  KO: q(3, 14, 17, 0.03),
  PEP: q(3, 5, 24, 0.03),
  DIS: { perYear: 2, firstMonth: 1, day: 8, payAfterDays: 25, yield: 0.008, since: '2024-01-01' },
  INTC: q(2, 6, 25, 0.02, { until: '2024-08-31' }),
  IBM: q(2, 9, 30, 0.035),
  ORCL: q(1, 10, 14, 0.01, { since: '2009-04-01' }),
  CSCO: q(1, 4, 21, 0.028, { since: '2011-03-01' }),
  BA: q(2, 10, 25, 0.025, { until: '2020-02-29' }),
  CAT: q(1, 20, 20, 0.016),
  GE: q(3, 8, 17, 0.006),
  MCD: q(3, 1, 14, 0.023),
  NKE: q(3, 4, 27, 0.015),
  SBUX: q(2, 14, 14, 0.023, { since: '2010-04-01' }),
  T: q(1, 10, 22, 0.04),
  VZ: q(1, 10, 22, 0.04),
  PFE: q(1, 26, 40, 0.04),
  MRK: q(3, 15, 24, 0.028),
  UNH: q(3, 16, 14, 0.016),
  HD: q(3, 7, 14, 0.023),
  COST: q(2, 7, 14, 0.006, { since: '2004-05-01' }),
  BAC: q(3, 1, 27, 0.022),
  GS: q(2, 28, 28, 0.022),
  CVX: q(2, 14, 24, 0.04),
  AVGO: q(3, 20, 11, 0.015, { since: '2010-12-01' }),
  LLY: q(2, 14, 24, 0.007),
  MA: q(1, 9, 21, 0.006, { since: '2006-08-01' }),
  QCOM: q(3, 5, 21, 0.02, { since: '2003-03-01' }),
  UPS: q(2, 14, 20, 0.04, { since: '2000-02-01' }),
  CRM: q(3, 18, 24, 0.005, { since: '2024-03-01' }),
  '7203.T': { perYear: 2, firstMonth: 3, day: 28, payAfterDays: 60, yield: 0.025 },
  'SAP.DE': { perYear: 1, firstMonth: 5, day: 12, payAfterDays: 3, yield: 0.01 },
  'SHEL.L': q(2, 13, 35, 0.038),
};

/**
 * Decimals a declared dividend per share has, by the currency it is quoted in: whole yen, pence
 * to 2 places, dollars and euros to 3 (as in $0.205).
 */
export function dividendDecimals(currency: string): number {
  if (currency === 'JPY') return 0;
  if (currency === 'GBp') return 2;
  return 3;
}
