/**
 * Wallet money arithmetic (docs/api.md#money): never a float. Cash and values are integer cents;
 * prices are integer "e4" units (1/10,000 dollar). Products and quotients go through BigInt, so any
 * quantity the API allows is exact. A trade's cash is rounded against the trader — a buy costs
 * price × quantity rounded up to the cent, a sale brings it rounded down — so no sequence of trades
 * at one price can make money from rounding. Dollars for JSON come from the
 * integers by one division (`cents / 100`), which IEEE-754 rounds correctly: the number is the
 * same double as the decimal literal "1234.56".
 */

export const CENTS_PER_DOLLAR = 100;
/** Price units per dollar: prices keep at most 4 decimals. */
export const PRICE_SCALE = 10_000;
/**
 * A provider price at or above this many dollars is treated as bogus. It also keeps every trade
 * the API allows (≤ 1,000,000 shares) below 2^53 cents.
 */
export const MAX_PRICE_DOLLARS = 10_000_000;

const E4_PER_CENT = 100n;

/** n / d rounded half-up, or half away from zero when n is negative (d > 0). */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  if (n < 0n) return -divRoundHalfUp(-n, d);
  return (n * 2n + d) / (2n * d);
}

/** n / d rounded down (n ≥ 0, d > 0). */
function divFloor(n: bigint, d: bigint): bigint {
  if (n < 0n || d <= 0n) throw new RangeError('expected n ≥ 0 and d > 0');
  return n / d;
}

/** n / d rounded up (n ≥ 0, d > 0). */
function divCeil(n: bigint, d: bigint): bigint {
  return divFloor(n + d - 1n, d);
}

/** A bigint that must fit a JS number exactly (it always does for amounts the API allows). */
export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount ${value} is too large`);
  }
  return Number(value);
}

const DECIMAL = /^(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * A provider price (a JS number such as 187.4312) as integer units of 1/10,000 dollar, rounded
 * half-up at the 4th decimal. The price is read as the decimal it was written as (its shortest
 * round-trip form, `String(price)`), so 1.005 is 1.0050 and 1.00005 becomes 1.0001 — unlike
 * `Math.round(1.00005 * 1e4)`, which sees 10000.499999… Returns undefined for anything that is
 * not a positive finite price below MAX_PRICE_DOLLARS or that rounds to 0.
 */
export function priceToE4(price: number): number | undefined {
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0 || price >= MAX_PRICE_DOLLARS) {
    return undefined;
  }
  const match = DECIMAL.exec(String(price));
  if (!match) return undefined;
  const [, whole = '0', fraction = '', exponentText = '0'] = match;
  // digits × 10^(exponent − fraction length) = price exactly (as written).
  const digits = BigInt(whole + fraction);
  const shift = Number.parseInt(exponentText, 10) - fraction.length + 4;
  let e4: bigint;
  if (shift >= 0) e4 = digits * 10n ** BigInt(shift);
  else e4 = divRoundHalfUp(digits, 10n ** BigInt(-shift));
  return e4 > 0n ? toSafeNumber(e4) : undefined;
}

/**
 * What a buy of `quantity` shares at `priceE4` costs: quantity × price rounded UP to the cent, so
 * never less than the shares are worth (and never nothing: at least 1¢).
 */
export function buyCostCents(priceE4: number, quantity: number): number {
  return toSafeNumber(divCeil(BigInt(priceE4) * BigInt(quantity), E4_PER_CENT));
}

/**
 * What a sale of `quantity` shares at `priceE4` brings: quantity × price rounded DOWN to the cent,
 * so never more than the shares are worth. Holdings are valued the same way (what selling them
 * now would bring).
 */
export function saleProceedsCents(priceE4: number, quantity: number): number {
  return toSafeNumber(divFloor(BigInt(priceE4) * BigInt(quantity), E4_PER_CENT));
}

/** quantity × price exactly, in price units (1/10,000 dollar): for messages about sub-cent amounts. */
export function exactAmountE4(priceE4: number, quantity: number): number {
  return toSafeNumber(BigInt(priceE4) * BigInt(quantity));
}

/** Average cost per share in price units: cost basis / quantity, rounded half-up (0 for no shares). */
export function averagePriceE4(costCents: number, quantity: number): number {
  if (quantity <= 0) return 0;
  return toSafeNumber(divRoundHalfUp(BigInt(costCents) * E4_PER_CENT, BigInt(quantity)));
}

/**
 * The cost basis that leaves a holding when `sold` of its `held` shares are sold: the proportional
 * share, rounded down; all of it when everything is sold. What stays is `costCents − basis`, so the
 * total basis is conserved exactly across any sequence of partial sells. Rounding down keeps what
 * stays at least its proportional share: since buys round up, a holding bought at one price always
 * has a basis of at least its shares at that price, so a sale at that price never shows a gain.
 */
export function proportionalBasisCents(costCents: number, held: number, sold: number): number {
  if (!Number.isInteger(held) || !Number.isInteger(sold) || sold <= 0 || sold > held) {
    throw new RangeError(`Cannot sell ${sold} of ${held} shares`);
  }
  if (sold === held) return costCents;
  return toSafeNumber(divFloor(BigInt(costCents) * BigInt(sold), BigInt(held)));
}

export interface SellAmounts {
  /** Cash received. */
  proceedsCents: number;
  /** Cost basis of the shares sold (removed from the holding). */
  basisCents: number;
  /** proceeds − basis (negative for a loss). */
  realizedGainCents: number;
}

/** Proceeds, basis removed and realized gain of selling `sold` of `held` shares that cost `costCents` in total. */
export function sellAmounts(priceE4: number, costCents: number, held: number, sold: number): SellAmounts {
  const proceedsCents = saleProceedsCents(priceE4, sold);
  const basisCents = proportionalBasisCents(costCents, held, sold);
  return { proceedsCents, basisCents, realizedGainCents: proceedsCents - basisCents };
}

/** gain / basis × 100 rounded to 2 decimals (half away from zero); 0 when there is no basis. */
export function gainPercent(gainCents: number, basisCents: number): number {
  if (basisCents <= 0) return 0;
  const hundredths = divRoundHalfUp(BigInt(gainCents) * 10_000n, BigInt(basisCents));
  return toSafeNumber(hundredths) / 100;
}

/** Cents as dollars for JSON (2 decimals at most): 1234567 → 12345.67. */
export const centsToDollars = (cents: number): number => cents / CENTS_PER_DOLLAR;

/** Price units as dollars for JSON (4 decimals at most): 1874312 → 187.4312. */
export const e4ToDollars = (e4: number): number => e4 / PRICE_SCALE;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** en-US currency text from integer cents, exactly: -123456 → "-$1,234.56". */
export function formatCents(cents: number): string {
  const negative = cents < 0;
  const abs = BigInt(Math.abs(cents));
  const dollars = groupThousands((abs / 100n).toString());
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}$${dollars}.${rest}`;
}

/** en-US price text from price units with 2 to 4 decimals: 1874300 → "$187.43", 1874312 → "$187.4312". */
export function formatPriceE4(e4: number): string {
  const abs = BigInt(Math.abs(e4));
  const dollars = groupThousands((abs / 10_000n).toString());
  let fraction = (abs % 10_000n).toString().padStart(4, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${e4 < 0 ? '-' : ''}$${dollars}.${fraction}`;
}

/** A count with its noun for messages: 1 → "1 share", 1200 → "1,200 shares". */
export const plural = (n: number, word: string): string => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
