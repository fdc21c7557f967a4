import {
  type AllocationSlice,
  BENCHMARK_ETFS,
  type BenchmarkSymbol,
  type HistoryRange,
  PERFORMANCE_PERIODS,
  type StockQuote,
  type WalletPerformanceResponse,
} from '@site/contract';
import { HttpError, notFound } from '../../../core/http-errors.js';
import { isoDateOf } from '../../../integrations/market-data/calendar.js';
import { baseCurrency, usdPairSymbol } from '../../../integrations/market-data/fx.js';
import type { MarketDataProvider } from '../../../integrations/market-data/types.js';
import { centsToDollars, plural } from '../money.js';
import { type DailyClosesSource, dailyClosesSource, rangeCovering } from './daily-closes.js';
import { LedgerState, openingCashCents } from './ledger.js';
import type { LedgerRepository } from './ledger.repository.js';
import { attachmentDisposition, ledgerCsv } from './ledger-csv.js';
import { type LedgerDay, newYorkDay } from './ledger-days.js';
import {
  allocationByHolding,
  allocationBySector,
  annualizedVolatility,
  benchmarkSeries,
  type DailyCloses,
  METHODS,
  maxDrawdown,
  percent4,
  periodReturns,
  type Slice,
  toDollarCloses,
  tradingDays,
  valueSeriesByDay,
} from './performance.js';

const NOT_FOUND = 'Wallet not found';
const NEW_YORK_ZONE = 'America/New_York';
/** Currency pairs are stamped in London time (calendar.ts FX). */
const FX_ZONE = 'Europe/London';
/** Closes from this many days before the creation day, so each listing has one to carry into it. */
const LOOKBACK_DAYS = 10;

/** What a report needs of a whole ledger: its symbols, each one's latest currency, the symbols held at the end. */
interface LedgerFacts {
  /** Each symbol's currency as its latest ledger entry recorded, in the order the symbols first appear. */
  currencies: ReadonlyMap<string, string>;
  held: readonly string[];
}

/**
 * LedgerFacts remembered per days list: stored days come from the repository's cache as the same
 * list while the ledger is unchanged, and a long ledger has thousands of positions to go through.
 */
const factsOf = new WeakMap<readonly LedgerDay[], LedgerFacts>();
function ledgerFacts(ledger: readonly LedgerDay[]): LedgerFacts {
  let facts = factsOf.get(ledger);
  if (!facts) {
    const currencies = new Map<string, string>();
    const state = new LedgerState(0);
    for (const day of ledger) {
      for (const [symbol, , , currency] of day.positions) currencies.set(symbol, currency);
      state.applyDay(day);
    }
    facts = { currencies, held: [...state.holdings.keys()] };
    factsOf.set(ledger, facts);
  }
  return facts;
}

/** Every symbol's listing currency: its quote's, else the one its latest ledger entry recorded. */
function currencies(ledger: readonly LedgerDay[], quotes: ReadonlyMap<string, StockQuote>): Map<string, string> {
  const out = new Map(ledgerFacts(ledger).currencies);
  for (const [symbol, quote] of quotes) if (out.has(symbol)) out.set(symbol, quote.currency);
  return out;
}

/**
 * toDollarCloses remembered per closes object: the closes cache hands out the same objects until
 * it reloads them (never changing one), and converting a year of closes is most of a rebuild's CPU.
 */
function dollarClosesMemo() {
  const memo = new WeakMap<DailyCloses, { code: string; rates: DailyCloses | undefined; out: DailyCloses }[]>();
  return (local: DailyCloses, code: string, rates: DailyCloses | undefined): DailyCloses => {
    const known = memo.get(local) ?? [];
    const hit = known.find((item) => item.code === code && item.rates === rates);
    if (hit) return hit.out;
    const out = toDollarCloses(local, code, rates);
    memo.set(local, [...known.slice(-3), { code, rates, out }]);
    return out;
  };
}

function slicesOut(slices: readonly Slice[], totalCents: number): AllocationSlice[] {
  return slices.map((slice) => ({
    label: slice.label,
    symbol: slice.symbol,
    value: centsToDollars(slice.cents),
    value_cents: slice.cents,
    percent: totalCents > 0 ? percent4(slice.cents / totalCents) : 0,
  }));
}

/**
 * docs/api.md#wallet-performance and #wallet-ledger-csv: reports on a wallet built from its
 * ledger (ledger.repository.ts `readLedger`, the one place ledger tables are read). Market data
 * comes from the app's provider: one batched quote call (currencies and exchanges' time zones),
 * one daily history per symbol, benchmark and currency (daily-closes.ts, cached), and the
 * profiles of the holdings for their sectors.
 */
export function walletReportsService(
  ledger: LedgerRepository,
  market: MarketDataProvider,
  options: { now?: () => number; closes?: DailyClosesSource } = {},
) {
  const now = options.now ?? (() => Date.now());
  const source = options.closes ?? dailyClosesSource(market);
  const inDollars = dollarClosesMemo();

  async function walletWithLedger(userId: number, walletId: number) {
    const found = await ledger.walletWithLedger(userId, walletId);
    if (!found) throw notFound(NOT_FOUND);
    return found;
  }

  /** Sectors of the symbols from their profiles; a profile that cannot be had leaves the sector unknown. */
  async function sectors(symbols: readonly string[]): Promise<Map<string, string | null>> {
    const entries = await Promise.all(
      symbols.map(async (symbol): Promise<[string, string | null]> => {
        try {
          return [symbol, (await market.getProfile(symbol)).sector];
        } catch {
          return [symbol, null];
        }
      }),
    );
    return new Map(entries);
  }

  /**
   * What a rebuild needs from the market: the benchmark's closes (its own, New York dates), every
   * ledger symbol's closes in dollars, and the sectors of the holdings, from one batched quote
   * call (currencies and exchanges' time zones), one daily history per symbol, benchmark and
   * currency pair, and the holdings' profiles, all at once.
   */
  async function marketInputs(ledger: readonly LedgerDay[], benchmark: BenchmarkSymbol, range: HistoryRange) {
    const symbols = [...ledgerFacts(ledger).currencies.keys()];
    const foreignPairs = (codes: Iterable<string>) =>
      [...new Set([...codes].map((code) => baseCurrency(code).currency))]
        .filter((currency) => currency !== 'USD')
        .map((currency) => [currency, usdPairSymbol(currency)] as const);
    const ledgerPairs = foreignPairs(currencies(ledger, new Map()).values());
    const quotes = await market.getQuotes([...symbols, benchmark, ...ledgerPairs.map(([, pair]) => pair)]);
    const codes = currencies(ledger, quotes);
    const pairs = foreignPairs(codes.values());
    const zoneOf = (symbol: string, fallback: string) => quotes.get(symbol)?.exchangeTimezoneName || fallback;
    // Symbols the provider does not know (absent from the quotes) have no closes to ask for.
    const known = symbols.filter((symbol) => quotes.has(symbol));

    const [benchmarkCloses, rateCloses, localCloses, sectorOf] = await Promise.all([
      source.closes(benchmark, range, zoneOf(benchmark, NEW_YORK_ZONE)),
      Promise.all(pairs.map(([, pair]) => source.closes(pair, range, zoneOf(pair, FX_ZONE)))),
      Promise.all(known.map((symbol) => source.heldCloses(symbol, range, zoneOf(symbol, NEW_YORK_ZONE)))),
      sectors(ledgerFacts(ledger).held),
    ]);
    if (benchmarkCloses.days.length === 0) {
      throw new HttpError(503, `No daily closes of ${benchmark} are available right now; try again later`);
    }
    const rates = new Map(pairs.map(([currency], i) => [currency, rateCloses[i]]));
    const closesE4 = new Map(
      known.map((symbol, i) => {
        const code = codes.get(symbol) ?? 'USD';
        const local = localCloses[i] ?? { days: [], closes: [] };
        return [symbol, inDollars(local, code, rates.get(baseCurrency(code).currency))] as const;
      }),
    );
    return { benchmarkCloses, closesE4, sectorOf };
  }

  return {
    async performance(
      userId: number,
      walletId: number,
      benchmark: BenchmarkSymbol,
    ): Promise<WalletPerformanceResponse> {
      const found = await ledger.walletWithLedgerDays(userId, walletId);
      if (!found) throw notFound(NOT_FOUND);
      const { wallet, days: ledgerByDay, rebuilt } = found;
      // Days summed from the ledger itself are stored for the next report (a failure only means it sums them again).
      if (rebuilt) await ledger.saveLedgerDays(walletId, rebuilt.version, rebuilt.days).catch(() => false);
      const startCents = openingCashCents(wallet.cash_cents, ledgerByDay);
      const today = newYorkDay(now());
      const firstDay = Math.min(newYorkDay(wallet.created_at), today);
      const range = rangeCovering(firstDay - LOOKBACK_DAYS, today);

      const { benchmarkCloses, closesE4, sectorOf } = await marketInputs(ledgerByDay, benchmark, range);
      const days = tradingDays(firstDay, today, benchmarkCloses);
      const series = valueSeriesByDay(days, ledgerByDay, startCents, closesE4);
      const benchmarkValues = benchmarkSeries(days, inDollars(benchmarkCloses, 'USD', undefined), startCents);
      const returns = periodReturns(days, series.values, benchmarkValues, startCents, PERFORMANCE_PERIODS);
      const drawdown = maxDrawdown(series.values);
      const volatility = annualizedVolatility(series.values);
      const byHolding = allocationByHolding(series);
      const totalCents = series.values.at(-1) ?? startCents;
      const etf = BENCHMARK_ETFS.find((item) => item.symbol === benchmark) ?? BENCHMARK_ETFS[0];
      const dateAt = (index: number | null) => (index === null ? null : isoDateOf(days[index] ?? 0));

      return {
        success: true,
        message: `${plural(days.length, 'trading day')} since ${isoDateOf(days[0] ?? today)}, compared with ${benchmark}`,
        wallet_id: wallet.id,
        wallet_name: wallet.name,
        created_at: wallet.created_at,
        start_value: centsToDollars(startCents),
        start_value_cents: startCents,
        benchmark: { symbol: etf.symbol, index: etf.index, fund: etf.fund },
        series: days.map((day, i) => {
          const value = series.values[i] ?? 0;
          const benchmarkValue = benchmarkValues[i] ?? 0;
          return {
            date: isoDateOf(day),
            value: centsToDollars(value),
            value_cents: value,
            benchmark_value: centsToDollars(benchmarkValue),
            benchmark_value_cents: benchmarkValue,
          };
        }),
        returns: {
          method: METHODS.returns,
          periods: returns.map((figure) => ({
            period: figure.period,
            start_date: figure.startIndex === null ? null : dateAt(Math.max(figure.startIndex, 0)),
            return_percent: figure.wallet === null ? null : percent4(figure.wallet),
            benchmark_return_percent: figure.benchmark === null ? null : percent4(figure.benchmark),
          })),
        },
        max_drawdown: {
          percent: percent4(drawdown.ratio),
          peak_date: dateAt(drawdown.peakIndex),
          peak_value_cents: drawdown.peakIndex === null ? null : (series.values[drawdown.peakIndex] ?? null),
          trough_date: dateAt(drawdown.troughIndex),
          trough_value_cents: drawdown.troughIndex === null ? null : (series.values[drawdown.troughIndex] ?? null),
          method: METHODS.maxDrawdown,
        },
        volatility: {
          annualized_percent: volatility.ratio === null ? null : percent4(volatility.ratio),
          daily_returns: volatility.count,
          method: METHODS.volatility,
        },
        allocation: {
          total_cents: totalCents,
          by_holding: slicesOut(byHolding, totalCents),
          by_sector: slicesOut(allocationBySector(byHolding, sectorOf), totalCents),
        },
        unpriced_symbols: [...series.unpriced].sort(),
      };
    },

    /** The ledger as CSV with the download's Content-Disposition (docs/api.md#wallet-ledger-csv). */
    async ledgerCsv(userId: number, walletId: number): Promise<{ csv: string; disposition: string }> {
      const { wallet, entries } = await walletWithLedger(userId, walletId);
      return {
        csv: ledgerCsv(wallet.name, entries, openingCashCents(wallet.cash_cents, entries)),
        disposition: attachmentDisposition(wallet.name),
      };
    },
  };
}
export type WalletReportsService = ReturnType<typeof walletReportsService>;
