import { HttpError } from '../../../core/http-errors.js';
import { isoNow } from '../../../core/time.js';
import { baseCurrency, usdPairSymbol } from '../../../integrations/market-data/fx.js';
import type { CorporateActions, Dividend, MarketDataProvider, Split } from '../../../integrations/market-data/types.js';
import { priceToE4, saleProceedsCents, toSafeNumber } from '../money.js';
import { type PriceMap, stocksValueCents } from '../valuation.js';
import type {
  AppliedAction,
  ApplyResult,
  CorporateActionsRepository,
  LedgerTrade,
} from './corporate-actions.repository.js';

const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What one run did. */
export interface ApplySummary {
  dividends: number;
  splits: number;
  /** Cash credited by this run, in cents. */
  cashCents: number;
  /** Symbols whose actions could not be read this time (the next run tries again). */
  unavailable: string[];
  /** Actions left for the next run (no exchange rate or price yet, or an error). */
  deferred: number;
}

export interface CorporateActionsApplierOptions {
  /** The clock; tests pin it. */
  now?: () => number;
  /** Told of an action that failed for a wallet (it is tried again on the next run). */
  onError?: (error: unknown, context: { symbol: string; walletId: number }) => void;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/** A ratio in lowest whole terms (a source may send 1.5 : 1 for 3 : 2): `numerator` new shares per `denominator` old. */
function wholeRatio(numerator: number, denominator: number): [bigint, bigint] {
  let scale = 1;
  while (scale < 1e6 && (!Number.isInteger(numerator * scale) || !Number.isInteger(denominator * scale))) scale *= 10;
  const n = BigInt(Math.round(numerator * scale));
  const d = BigInt(Math.round(denominator * scale));
  const common = gcd(n, d);
  return [n / common, d / common];
}

/** One step of a symbol's timeline: what it is, and when it fixes the shares it applies to. */
type Step =
  | { kind: 'split'; date: string; cutoff: number; due: number; split: Split }
  | { kind: 'dividend'; date: string; cutoff: number; due: number; dividend: Dividend };

/**
 * Applies dividends and splits to every wallet that held the shares (docs/api.md#corporate-actions),
 * with the app's one market-data provider. A run catches up on everything since each symbol's first
 * trade, so dates missed while the server was down are applied on the next run; what was applied
 * before is skipped (the table's unique key makes that hold for two instances at once, too).
 *
 * Entitlement is reconstructed from the ledger, never read from today's holding: the shares held
 * before the ex-date's (or split date's) session open are the trades before it plus the shares
 * earlier splits added. So a buy on the ex-date gets nothing and a sale on it still gets paid.
 */
export function corporateActionsApplier(
  repository: CorporateActionsRepository,
  market: MarketDataProvider,
  options: CorporateActionsApplierOptions = {},
) {
  const clock = options.now ?? Date.now;

  /** Lazily, once per run: US dollars per unit of a currency, and the holdings' prices for history snapshots. */
  function marketOfRun() {
    const rates = new Map<string, Promise<number | undefined>>();
    let prices: Promise<PriceMap> | undefined;

    /** Dollars per quoted unit ('GBp': per penny); undefined without a rate. */
    function rateOf(code: string): Promise<number | undefined> {
      const { currency, perUnit } = baseCurrency(code);
      if (currency === 'USD') return Promise.resolve(1 / perUnit);
      let rate = rates.get(currency);
      if (!rate) {
        rate = market.getQuotes([usdPairSymbol(currency)]).then(
          (quotes) => {
            const price = quotes.get(usdPairSymbol(currency))?.currentPrice;
            return price && price > 0 ? price / perUnit : undefined;
          },
          () => undefined,
        );
        rates.set(currency, rate);
      }
      return rate;
    }

    /** Every held symbol's dollar price; holdings without one are valued at cost (valuation.ts). */
    async function load(): Promise<PriceMap> {
      const out = new Map<string, number>();
      try {
        const quotes = await market.getQuotes(await repository.heldSymbols());
        for (const [symbol, quote] of quotes) {
          const rate = await rateOf(quote.currency);
          const e4 = rate === undefined ? undefined : priceToE4(quote.currentPrice * rate);
          if (e4 !== undefined) out.set(symbol, e4);
        }
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
      }
      return out;
    }
    return { rateOf, prices: () => (prices ??= load()) };
  }

  return {
    /** Applies everything due by now that was not applied yet. */
    async run(): Promise<ApplySummary> {
      const now = clock();
      const summary: ApplySummary = { dividends: 0, splits: 0, cashCents: 0, unavailable: [], deferred: 0 };
      const runMarket = marketOfRun();
      // A day ahead of UTC's date: Tokyo's calendar is.
      const to = isoDate(now + DAY_MS);
      for (const { symbol, firstTradeAt } of await repository.tradedSymbols()) {
        let actions: CorporateActions;
        try {
          actions = await market.corporateActions(symbol, isoDate(Date.parse(firstTradeAt) - DAY_MS), to);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          summary.unavailable.push(symbol);
          continue;
        }
        await applySymbol(actions, now, runMarket, summary);
      }
      return summary;
    },
  };

  async function applySymbol(
    actions: CorporateActions,
    now: number,
    runMarket: ReturnType<typeof marketOfRun>,
    summary: ApplySummary,
  ) {
    const { symbol, currency } = actions;
    // Splits before dividends of the same moment: a dividend going ex on a split's first day is
    // declared on the new share count.
    const steps: Step[] = [
      ...actions.splits.map((split) => ({
        kind: 'split' as const,
        date: split.date,
        cutoff: split.time,
        due: split.time,
        split,
      })),
      ...actions.dividends.map((dividend) => ({
        kind: 'dividend' as const,
        date: dividend.exDate,
        cutoff: dividend.exTime,
        due: dividend.payTime,
        dividend,
      })),
    ]
      .filter((step) => step.due <= now)
      .sort((a, b) => a.cutoff - b.cutoff || (a.kind === b.kind ? 0 : a.kind === 'split' ? -1 : 1));
    if (steps.length === 0) return;

    const { trades, applied } = await repository.ledger(symbol);
    const tradesOf = new Map<number, LedgerTrade[]>();
    for (const trade of trades) tradesOf.set(trade.wallet_id, [...(tradesOf.get(trade.wallet_id) ?? []), trade]);
    const appliedOf = new Map<number, AppliedAction[]>();
    for (const row of applied) appliedOf.set(row.wallet_id, [...(appliedOf.get(row.wallet_id) ?? []), row]);
    /** Wallets where a step failed: their later steps wait for the next run, or their shares would be counted wrong. */
    const stopped = new Set<number>();

    /** Shares held before the step: trades before its cutoff, plus what splits before it added. */
    function heldBefore(walletId: number, step: Step): number {
      let held = 0;
      for (const trade of tradesOf.get(walletId) ?? []) {
        if (Date.parse(trade.created_at) < step.cutoff) held += trade.side === 'buy' ? trade.quantity : -trade.quantity;
      }
      for (const row of appliedOf.get(walletId) ?? []) {
        if (row.kind === 'split' && (step.kind === 'split' ? row.date < step.date : row.date <= step.date)) {
          held += row.shares_delta;
        }
      }
      return held;
    }

    for (const step of steps) {
      for (const walletId of tradesOf.keys()) {
        if (stopped.has(walletId)) continue;
        if ((appliedOf.get(walletId) ?? []).some((row) => row.kind === step.kind && row.date === step.date)) continue;
        const held = heldBefore(walletId, step);
        if (held <= 0) continue;
        let result: ApplyResult | 'deferred';
        try {
          result =
            step.kind === 'dividend'
              ? await payDividend(walletId, held, step.dividend)
              : await split(walletId, held, step.split);
        } catch (error) {
          options.onError?.(error, { symbol, walletId });
          result = 'deferred';
        }
        if (result === 'deferred') {
          summary.deferred += 1;
          stopped.add(walletId);
        } else if (result === 'already') {
          // Another instance got there first: count its split's shares for the steps after it.
          appliedOf.set(walletId, await repository.appliedTo(walletId, symbol));
        }
      }
    }

    async function payDividend(walletId: number, held: number, dividend: Dividend): Promise<ApplyResult | 'deferred'> {
      const fxRate = await runMarket.rateOf(currency);
      // Never yen taken for dollars: without a rate the dividend waits for the next run.
      const amountE4 = fxRate === undefined ? undefined : priceToE4(dividend.amount * fxRate);
      if (fxRate === undefined || amountE4 === undefined) return 'deferred';
      const cashCents = saleProceedsCents(amountE4, held);
      const prices = await runMarket.prices();
      const result = await repository.applyDividend({
        walletId,
        symbol,
        date: dividend.exDate,
        payDate: dividend.payDate,
        currency,
        quantity: held,
        amountPerShare: dividend.amount,
        fxRate,
        amountE4,
        cashCents,
        now: isoNow(clock()),
        stocksValueCents: (holdings) => stocksValueCents(holdings, prices),
      });
      if (result === 'applied') {
        summary.dividends += 1;
        summary.cashCents += cashCents;
        appliedOf.set(walletId, [
          ...(appliedOf.get(walletId) ?? []),
          { wallet_id: walletId, kind: 'dividend', date: dividend.exDate, shares_delta: 0 },
        ]);
      }
      return result;
    }

    /**
     * held × numerator / denominator new shares; whole shares only (wallet quantities are whole),
     * the fraction paid out at the split day's price, or the current one when the source has none
     * (docs/api.md#corporate-actions).
     */
    async function split(walletId: number, held: number, step: Split): Promise<ApplyResult | 'deferred'> {
      const [numerator, denominator] = wholeRatio(step.numerator, step.denominator);
      const exact = BigInt(held) * numerator;
      const whole = toSafeNumber(exact / denominator);
      const fraction = exact % denominator;
      let cashCents = 0;
      if (fraction > 0n) {
        const fxRate = await runMarket.rateOf(currency);
        // The split day's price; when the source has none, the current one.
        const priceE4 =
          step.price !== null && fxRate !== undefined
            ? priceToE4(step.price * fxRate)
            : (await runMarket.prices()).get(symbol);
        if (priceE4 === undefined) return 'deferred';
        // Rounded down, like a sale (money.ts).
        cashCents = toSafeNumber((fraction * BigInt(priceE4)) / (denominator * 100n));
      }
      const result = await repository.applySplit({
        walletId,
        symbol,
        date: step.date,
        currency,
        numerator: toSafeNumber(numerator),
        denominator: toSafeNumber(denominator),
        quantity: held,
        sharesDelta: whole - held,
        cashCents,
        now: isoNow(clock()),
      });
      if (result === 'applied') {
        summary.splits += 1;
        summary.cashCents += cashCents;
        appliedOf.set(walletId, [
          ...(appliedOf.get(walletId) ?? []),
          { wallet_id: walletId, kind: 'split', date: step.date, shares_delta: whole - held },
        ]);
      }
      return result;
    }
  }
}
export type CorporateActionsApplier = ReturnType<typeof corporateActionsApplier>;
