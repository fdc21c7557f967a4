import { BENCHMARK_ETFS } from '@site/contract';
import { NEW_YORK } from '../calendar.js';
import type { DemoInstrument } from './universe.js';

/**
 * The demo market's exchange-traded funds: the benchmarks a wallet can be compared with
 * (docs/api.md#wallet-performance), each a New York listing with a seeded price path like the
 * companies' (price-series.ts). `startPrice` is roughly the split-adjusted price on the first demo
 * day (2000-01-03, or the listing date when later), `anchorPrice` roughly the close of 2025-01-02.
 */
export interface DemoEtf extends DemoInstrument {
  longName: string;
  /** Yahoo's exchange codes: PCX = NYSE Arca, NMS = Nasdaq. */
  exchange: 'PCX' | 'NMS';
  website: string;
  summary: string;
}

const M = 1_000_000;

const PATHS: Record<
  (typeof BENCHMARK_ETFS)[number]['symbol'],
  Omit<DemoEtf, 'symbol' | 'longName' | 'currency' | 'calendar'>
> = {
  SPY: {
    shortName: 'SPDR S&P 500',
    exchange: 'PCX',
    website: 'https://www.ssga.com',
    summary: 'Tracks the S&P 500: 500 large US companies weighted by market value.',
    listed: '1993-01-29',
    startPrice: 145,
    anchorPrice: 584,
    volatility: 0.18,
    drift: 0.08,
    avgVolume: 50 * M,
  },
  QQQ: {
    shortName: 'Invesco QQQ Trust, Series 1',
    exchange: 'NMS',
    website: 'https://www.invesco.com',
    summary: 'Tracks the Nasdaq-100: the 100 largest non-financial companies listed on Nasdaq.',
    listed: '1999-03-10',
    startPrice: 92,
    anchorPrice: 510,
    volatility: 0.24,
    drift: 0.1,
    avgVolume: 35 * M,
  },
  DIA: {
    shortName: 'SPDR Dow Jones Industrial Average',
    exchange: 'PCX',
    website: 'https://www.ssga.com',
    summary: 'Tracks the Dow Jones Industrial Average: 30 large US companies weighted by share price.',
    listed: '1998-01-20',
    startPrice: 115,
    anchorPrice: 426,
    volatility: 0.17,
    drift: 0.07,
    avgVolume: 3 * M,
  },
  IWM: {
    shortName: 'iShares Russell 2000 ETF',
    exchange: 'PCX',
    website: 'https://www.ishares.com',
    summary: 'Tracks the Russell 2000: about 2,000 small US companies.',
    listed: '2000-05-26',
    startPrice: 91,
    anchorPrice: 220,
    volatility: 0.23,
    drift: 0.07,
    avgVolume: 25 * M,
  },
  VTI: {
    shortName: 'Vanguard Total Stock Market ETF',
    exchange: 'PCX',
    website: 'https://investor.vanguard.com',
    summary: 'Tracks the CRSP US Total Market Index: nearly every US-listed stock, large and small.',
    listed: '2001-06-15',
    startPrice: 57,
    anchorPrice: 292,
    volatility: 0.18,
    drift: 0.08,
    avgVolume: 3.5 * M,
  },
};

export const DEMO_ETFS: DemoEtf[] = BENCHMARK_ETFS.map((etf) => ({
  ...PATHS[etf.symbol],
  symbol: etf.symbol,
  longName: etf.fund,
  currency: 'USD',
  calendar: NEW_YORK,
}));
