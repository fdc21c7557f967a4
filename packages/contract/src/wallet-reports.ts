import { z } from 'zod';
import { claimedUserField, idSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';
import { BENCHMARK_SYMBOLS, DEFAULT_BENCHMARK } from './wallet-constants.js';

/*
 * Wallet reports (docs/api.md#wallet-performance, docs/api.md#wallet-ledger-csv): a wallet's
 * performance rebuilt from its ledger and daily closes, against a benchmark ETF, and its ledger
 * as a CSV download. Both need a signed-in user; a wallet that is not yours answers 404.
 */

/** A benchmark symbol, any case; absent means SPY. Anything else is a 400 naming the choices. */
export const benchmarkSchema = z
  .string({ error: 'Benchmark must be text' })
  .trim()
  .toUpperCase()
  .pipe(z.enum(BENCHMARK_SYMBOLS, { error: `Benchmark must be one of ${BENCHMARK_SYMBOLS.join(', ')}` }))
  .default(DEFAULT_BENCHMARK);

/** The periods returns are given for, shortest first; ALL is since the wallet was created. */
export const PERFORMANCE_PERIODS = ['1D', '1W', '1M', 'YTD', '1Y', 'ALL'] as const;
export type PerformancePeriod = (typeof PERFORMANCE_PERIODS)[number];

// ---------------------------------------------------------------------------------------------
// GET /api/finance/get_wallet_performance?wallet_id=&benchmark=SPY
// ---------------------------------------------------------------------------------------------

export const walletPerformanceQuerySchema = z.object({
  wallet_id: idSchema,
  benchmark: benchmarkSchema,
  user_id: claimedUserField,
});
export type WalletPerformanceQuery = z.input<typeof walletPerformanceQuerySchema>;

/** One New York trading day: the wallet's value at that day's closes, and the benchmark's. */
export const performancePointSchema = z.object({
  /** YYYY-MM-DD, a New York trading day. */
  date: z.string(),
  /** Cash after the day's ledger entries + Σ shares held × the day's close (in dollars), dollars. */
  value: z.number(),
  value_cents: z.number().int(),
  /** The wallet's starting money put into the benchmark at the creation day's close, dollars. */
  benchmark_value: z.number(),
  benchmark_value_cents: z.number().int(),
});
export type PerformancePoint = z.infer<typeof performancePointSchema>;

export const periodReturnSchema = z.object({
  period: z.enum(PERFORMANCE_PERIODS),
  /** The close the period is measured from; for ALL the creation day (from the starting money). */
  start_date: z.string().nullable(),
  /** Percent with 4 decimals; null when the wallet is younger than the period. */
  return_percent: z.number().nullable(),
  benchmark_return_percent: z.number().nullable(),
});
export type PeriodReturn = z.infer<typeof periodReturnSchema>;

export const maxDrawdownSchema = z.object({
  /** Trough ÷ peak − 1 as a percent (≤ 0, 4 decimals); 0 when the value never fell below a peak. */
  percent: z.number(),
  peak_date: z.string().nullable(),
  peak_value_cents: z.number().int().nullable(),
  trough_date: z.string().nullable(),
  trough_value_cents: z.number().int().nullable(),
  /** How it is computed, in words. */
  method: z.string(),
});
export type MaxDrawdown = z.infer<typeof maxDrawdownSchema>;

export const volatilitySchema = z.object({
  /** Percent with 4 decimals; null with fewer than 2 daily returns. */
  annualized_percent: z.number().nullable(),
  /** How many daily returns it is computed from. */
  daily_returns: z.number().int(),
  method: z.string(),
});
export type Volatility = z.infer<typeof volatilitySchema>;

export const allocationSliceSchema = z.object({
  /** The symbol, the sector, or 'Cash'. */
  label: z.string(),
  /** The holding's symbol; null for cash and sectors. */
  symbol: z.string().nullable(),
  value: z.number(),
  value_cents: z.number().int(),
  /** Share of the wallet's value, percent with 4 decimals. */
  percent: z.number(),
});
export type AllocationSlice = z.infer<typeof allocationSliceSchema>;

export const walletPerformanceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  wallet_id: z.number().int(),
  wallet_name: z.string(),
  /** ISO-8601 UTC. */
  created_at: z.string(),
  /** The cash the wallet started with (before any trade), dollars. */
  start_value: z.number(),
  start_value_cents: z.number().int(),
  benchmark: z.object({ symbol: z.enum(BENCHMARK_SYMBOLS), index: z.string(), fund: z.string() }),
  /** Every New York trading day from the creation day to today, oldest first. */
  series: z.array(performancePointSchema),
  returns: z.object({ method: z.string(), periods: z.array(periodReturnSchema) }),
  max_drawdown: maxDrawdownSchema,
  volatility: volatilitySchema,
  /** Today's value split by holding and by sector, largest first, cash last. */
  allocation: z.object({
    total_cents: z.number().int(),
    by_holding: z.array(allocationSliceSchema),
    by_sector: z.array(allocationSliceSchema),
  }),
  /** Held symbols without daily closes, valued at their last trade price instead. */
  unpriced_symbols: z.array(z.string()),
});
export type WalletPerformanceResponse = z.infer<typeof walletPerformanceResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/finance/get_wallet_ledger_csv?wallet_id=
// ---------------------------------------------------------------------------------------------

/** The CSV's columns, in order (docs/api.md#wallet-ledger-csv). */
export const LEDGER_CSV_COLUMNS = [
  'date',
  'type',
  'symbol',
  'quantity',
  'price',
  'amount',
  'currency',
  'local_price',
  'fx_rate',
  'realized_gain',
  'cash_after',
  'wallet',
] as const;

export const walletLedgerCsvQuerySchema = z.object({ wallet_id: idSchema, user_id: claimedUserField });

const tags = ['wallets'];

export const walletReportsEndpoints = {
  performance: endpoint(routes.walletReports.performance, {
    tags,
    summary: 'A wallet’s value every trading day since it was created, against a benchmark ETF, with returns and risk',
    description:
      'Rebuilt from the ledger and daily closes (docs/api.md#wallet-performance): time-weighted returns over ' +
      '1D, 1W, 1M, YTD, 1Y and all time, maximum drawdown, annualised volatility and the allocation by holding ' +
      'and sector. `benchmark` is one of the universe’s ETFs (SPY when absent; 400 otherwise).',
    query: walletPerformanceQuerySchema,
    response: walletPerformanceResponseSchema,
    errors: [400, 401, 403, 404, 502, 503],
  }),
  ledgerCsv: endpoint(routes.walletReports.ledgerCsv, {
    tags,
    summary: 'The wallet’s ledger as a CSV download (text/csv)',
    description:
      'Oldest first, one row per ledger entry, with the columns of docs/api.md#wallet-ledger-csv ' +
      `(${LEDGER_CSV_COLUMNS.join(', ')}); RFC 4180 quoting, and text cells that a spreadsheet would ` +
      'read as a formula start with an apostrophe.',
    query: walletLedgerCsvQuerySchema,
    errors: [400, 401, 403, 404],
  }),
};
