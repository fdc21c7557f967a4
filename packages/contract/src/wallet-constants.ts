import type { UserTextOptions } from './text-rules.js';

/**
 * The wallets' constants and the wallet-name rule as plain values, free of zod: the finance pages
 * use them in their forms without wallets.ts's schemas
 * (docs/decisions.md#main-thread-work-after-the-first-paint). wallets.ts re-exports them.
 */

// ---------------------------------------------------------------------------------------------
// Constants (docs/api.md)
// ---------------------------------------------------------------------------------------------

/** A new wallet starts with $100,000.00. */
export const STARTING_CASH_CENTS = 10_000_000;
/** One trade buys or sells at most this many shares. */
export const MAX_TRADE_QUANTITY = 1_000_000;
/** Wallet names are 1–50 characters after trimming, unique per user ignoring case. */
export const WALLET_NAME_MAX = 50;
/** The shared text rule (docs/api.md#text) for wallet names: `walletNameSchema` is built from it. */
export const WALLET_NAME_RULE: UserTextOptions = { label: 'Wallet name', max: WALLET_NAME_MAX, required: true };
/** A user owns at most this many wallets (create answers 400 beyond it). */
export const WALLETS_MAX = 20;
/** Ledger entries returned by get_wallet_ledger at most (newest first). */
export const WALLET_LEDGER_MAX = 500;

export const TRADE_SIDES = ['buy', 'sell'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

// ---------------------------------------------------------------------------------------------
// Benchmarks: the market universe's ETFs
// ---------------------------------------------------------------------------------------------

/** The ETFs a wallet can be compared with; the demo market lists each of them too. */
export const BENCHMARK_ETFS = [
  { symbol: 'SPY', index: 'S&P 500', fund: 'SPDR S&P 500 ETF Trust' },
  { symbol: 'QQQ', index: 'Nasdaq-100', fund: 'Invesco QQQ Trust' },
  { symbol: 'DIA', index: 'Dow Jones Industrial Average', fund: 'SPDR Dow Jones Industrial Average ETF Trust' },
  { symbol: 'IWM', index: 'Russell 2000', fund: 'iShares Russell 2000 ETF' },
  { symbol: 'VTI', index: 'US total stock market', fund: 'Vanguard Total Stock Market Index Fund ETF' },
] as const;
export type BenchmarkSymbol = (typeof BENCHMARK_ETFS)[number]['symbol'];
export const BENCHMARK_SYMBOLS = BENCHMARK_ETFS.map((etf) => etf.symbol) as [BenchmarkSymbol, ...BenchmarkSymbol[]];
export const DEFAULT_BENCHMARK: BenchmarkSymbol = 'SPY';
