import { madeOnce } from './made-once';
/**
 * Number and money formatting for the UI (docs/product.md#constants: currency is USD in en-US format). Every
 * helper takes `null`/`undefined` (and NaN or ±Infinity) as "no value" and answers with a dash.
 */

export const NO_VALUE = '—';

type Maybe = number | null | undefined;

const LOCALE = 'en-US';

const usd = madeOnce(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD' }));
const compact = madeOnce(() => new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumSignificantDigits: 3 }));
const integer = madeOnce(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));
const percent = madeOnce(() => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const signedPercent = madeOnce(
  () =>
    new Intl.NumberFormat(LOCALE, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    }),
);
const signedUsd = madeOnce(
  () => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' }),
);

const isNumber = (value: Maybe): value is number => typeof value === 'number' && Number.isFinite(value);

/** `1234.5` → `$1,234.50`. */
export function formatUsd(value: Maybe): string {
  return isNumber(value) ? usd().format(value) : NO_VALUE;
}

/** Quotes in a currency's hundredth, as exchanges name them (London's pence, Johannesburg's cents), and the currency each is of. */
const SUB_UNIT_OF: Record<string, string> = { GBp: 'GBP', GBX: 'GBP', ZAc: 'ZAR', ILA: 'ILS' };
const SUB_UNITS = new Set(Object.keys(SUB_UNIT_OF));

/** The ISO currency of a quote's currency code: pence (`GBp`) are of `GBP`. */
export const baseCurrencyCode = (code: string) => SUB_UNIT_OF[code] ?? code.toUpperCase();

const currencyFormats = new Map<string, Intl.NumberFormat | null>();
/** A currency format of the ISO code, made once; null for a code Intl does not know. */
function currencyFormat(iso: string, options: 'price' | 'compact'): Intl.NumberFormat | null {
  const key = `${options}:${iso}`;
  let format = currencyFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(LOCALE, {
        style: 'currency',
        currency: iso,
        ...(options === 'price'
          ? { minimumFractionDigits: 0, maximumFractionDigits: 2 }
          : { notation: 'compact', maximumSignificantDigits: 3 }),
      });
    } catch {
      format = null;
    }
    currencyFormats.set(key, format);
  }
  return format;
}

/**
 * A price in its listing's currency (docs/api.md#money): `USD` → `$229.87`, `JPY` → `¥2,893.5`,
 * `EUR` → `€182.34`, pence → `2,550 GBp`. Unknown codes are written after the number.
 */
export function formatPrice(value: Maybe, currency: string | null | undefined = 'USD'): string {
  if (!isNumber(value)) return NO_VALUE;
  const code = currency ?? 'USD';
  if (code === 'USD') return usd().format(value);
  const format = SUB_UNITS.has(code) ? null : currencyFormat(code, 'price');
  return format ? format.format(value) : `${integerOrCents(value)} ${code}`;
}

const integerOrCents = (value: number) => value.toLocaleString(LOCALE, { maximumFractionDigits: 2 });

/** A change in the listing's currency with its sign: `+$1.23`, `-¥12.5`, `+3.5 GBp`. */
export function formatSignedPrice(value: Maybe, currency: string | null | undefined = 'USD'): string {
  if (!isNumber(value)) return NO_VALUE;
  if (!currency || currency === 'USD') return signedUsd().format(value);
  const sign = value > 0 ? '+' : value < 0 ? '-' : '';
  return `${sign}${formatPrice(Math.abs(value), currency)}`;
}

/** A large amount in the listing's currency: `$3.12T`, `¥45.2T`; pence in pounds: `15.1T GBp` → `£151B`. */
export function formatCompactPrice(value: Maybe, currency: string | null | undefined = 'USD'): string {
  if (!isNumber(value)) return NO_VALUE;
  const code = currency || 'USD';
  const base = SUB_UNIT_OF[code];
  const format = currencyFormat(base ?? code, 'compact');
  if (!format) return `${compact().format(value)} ${code}`;
  return format.format(base ? value / 100 : value);
}

/** A change in dollars with its sign: `1.5` → `+$1.50`, `-2` → `-$2.00`. */
export function formatSignedUsd(value: Maybe): string {
  return isNumber(value) ? signedUsd().format(value) : NO_VALUE;
}

/** Large numbers made readable: `3_120_000_000_000` → `3.12T`, `52_300_000` → `52.3M`, `950` → `950`. */
export function formatCompact(value: Maybe): string {
  return isNumber(value) ? compact().format(value) : NO_VALUE;
}

/** `3_120_000_000_000` → `$3.12T`. */
export function formatCompactUsd(value: Maybe): string {
  return formatCompactPrice(value, 'USD');
}

/** A ratio such as a P/E, to 2 decimals with grouping: `37.8076` → `37.81`, `1234.5` → `1,234.50`. */
export function formatRatio(value: Maybe): string {
  // Two decimals, as percentages are written (without the sign).
  return isNumber(value) ? percent().format(value) : NO_VALUE;
}

/** `164000` → `164,000` (rounded to a whole number). */
export function formatInteger(value: Maybe): string {
  return isNumber(value) ? integer().format(value) : NO_VALUE;
}

/**
 * A value already in percent, to 2 decimals (docs/product.md#constants): `0.5432` → `0.54%`. With `signed`, a
 * plus sign is shown for gains: `+0.54%`.
 */
export function formatPercent(value: Maybe, { signed = false }: { signed?: boolean } = {}): string {
  if (!isNumber(value)) return NO_VALUE;
  return `${(signed ? signedPercent : percent)().format(value)}%`;
}
