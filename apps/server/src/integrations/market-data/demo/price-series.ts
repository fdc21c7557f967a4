import { normal, seedOf, uniform } from '../../prng.js';
import {
  epochDayOf,
  epochDayOfTradingIndex,
  sessionMinutes,
  sessionMinuteTime,
  tradingIndexOnOrAfter,
  tradingIndexOnOrBefore,
} from '../calendar.js';
import type { Bar } from '../types.js';
import type { DemoSplit } from './corporate-actions.js';
import { DEMO_ANCHOR_DATE, DEMO_DATA_START, type DemoInstrument } from './universe.js';

/*
 * How demo prices are made (all deterministic, from the symbol and the trading day only):
 *
 * 1. Daily closes follow a geometric Brownian motion: each trading day's log return is
 *    (μ − σ²/2)/252 + σ/√252 · z, where z is a standard normal drawn from a hash of
 *    (symbol, trading index) — with an occasional 2.5× shock for fat tails. From the first demo
 *    day to the anchor date (2025-01-02) the returns are shifted by one constant so that the
 *    path starts at `startPrice` and lands on `anchorPrice` (a Brownian bridge in log price);
 *    after the anchor it drifts on with the company's own μ and σ. The closes of one symbol
 *    are simulated once (~7,000 numbers) and kept; later days are appended as time passes.
 * 2. A day's open gaps from the previous close, and its high and low reach beyond the open and
 *    close by hash-drawn wicks; its volume scales with the company's typical volume and the size
 *    of the move.
 * 3. Minute bars (one per minute of the exchange's regular session, see calendar.ts) are
 *    generated on demand for a day: a hash-seeded random walk turned into a bridge from the open
 *    to the close, stretched so that it touches the day's high and low exactly and clamped inside
 *    them; volume is spread over the minutes in a U shape. Aggregating a full day's minutes gives
 *    exactly the daily bar.
 *
 * Prices are rounded to cents (to 1/100 of a cent below 1), or to an instrument's own number of
 * decimals (currency pairs quote four to six).
 *
 * Splits (corporate-actions.ts): the simulated path is on today's share count. A day's bar is on
 * the share count of its own day — the path times the ratios of the splits still to come, then
 * rounded — so a quote or a trade before a split is at the price of the time and a split changes
 * the share count, not the value. `adjustedBar` puts a past bar on a later day's share count (what
 * charts show), as Yahoo adjusts its chart bars.
 */

const TRADING_DAYS_PER_YEAR = 252;
const ANCHOR_INDEX = tradingIndexOnOrBefore(epochDayOf(DEMO_ANCHOR_DATE));
const DATA_START_DAY = epochDayOf(DEMO_DATA_START);

/** Random streams, so that each use of randomness draws independent numbers. */
const STREAM = { ret: 1, shock: 2, gap: 3, upWick: 4, downWick: 5, volume: 6, minuteVolume: 7, walk: 8, tick: 9 };

/** Cents, or hundredths of a cent below $1. Monotonic, so rounding never breaks High ≥ Close etc. */
const roundPrice = (price: number) =>
  price >= 1 ? Math.round(price * 100) / 100 : Math.round(price * 10_000) / 10_000;

const roundTo = (decimals: number) => (price: number) => Math.round(price * 10 ** decimals) / 10 ** decimals;

export interface DayBar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** One day's minute bars as parallel arrays. */
export interface MinuteBars {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

export class PriceSeries {
  readonly seed: number;
  /** Trading index of the first day with data. */
  readonly firstIndex: number;
  /** Minute bars in one regular session of the instrument's exchange. */
  readonly sessionLength: number;
  private readonly dailySigma: number;
  private readonly round: (price: number) => number;
  private closes: Float64Array = new Float64Array(0);
  private length = 0;
  /** The splits by trading index of their first day, oldest first, with new shares per old one. */
  readonly splits: readonly { index: number; ratio: number; split: DemoSplit }[];

  constructor(
    readonly company: DemoInstrument,
    splits: readonly DemoSplit[] = [],
  ) {
    this.splits = splits
      .map((split) => ({
        index: tradingIndexOnOrAfter(epochDayOf(split.date)),
        ratio: split.numerator / split.denominator,
        split,
      }))
      .sort((a, b) => a.index - b.index);
    this.seed = seedOf(company.symbol);
    this.firstIndex = tradingIndexOnOrAfter(Math.max(epochDayOf(company.listed), DATA_START_DAY));
    this.dailySigma = company.volatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
    this.sessionLength = sessionMinutes(company.calendar);
    this.round = company.priceDecimals === undefined ? roundPrice : roundTo(company.priceDecimals);
  }

  /** UTC start of minute `j` of a trading day's session (j = session length: its close). */
  minuteTime(index: number, j: number): number {
    return sessionMinuteTime(this.company.calendar, epochDayOfTradingIndex(index), j);
  }

  /** UTC time of a trading day's open, which daily bars are stamped with. */
  openTime(index: number): number {
    return this.minuteTime(index, 0);
  }

  private dailyReturn(index: number, drift: number): number {
    const sigma = this.company.volatility;
    const shock = uniform(this.seed, index, STREAM.shock) < 0.015 ? 2.5 : 1;
    return (
      (drift - (sigma * sigma) / 2) / TRADING_DAYS_PER_YEAR +
      this.dailySigma * normal(this.seed, index, STREAM.ret) * shock
    );
  }

  /** Simulates closes up to `index` (inclusive) if not done yet. */
  private ensure(index: number) {
    const needed = index - this.firstIndex + 1;
    if (needed <= this.length) return;
    // The bridged stretch up to the anchor is always simulated as a whole.
    const bridged = ANCHOR_INDEX - this.firstIndex;
    const size = Math.max(needed, bridged + 1) + TRADING_DAYS_PER_YEAR;
    if (size > this.closes.length) {
      const grown = new Float64Array(size);
      grown.set(this.closes.subarray(0, this.length));
      this.closes = grown;
    }

    if (this.length === 0) {
      this.closes[0] = this.company.startPrice;
      this.length = 1;
      if (bridged > 0) {
        // Raw returns, then one constant shift so the walk ends exactly on the anchor price.
        let sum = 0;
        for (let k = 1; k <= bridged; k++) {
          const r = this.dailyReturn(this.firstIndex + k, this.company.drift);
          this.closes[k] = r;
          sum += r;
        }
        const shift = (Math.log(this.company.anchorPrice / this.company.startPrice) - sum) / bridged;
        for (let k = 1; k <= bridged; k++) {
          this.closes[k] = (this.closes[k - 1] ?? 0) * Math.exp((this.closes[k] ?? 0) + shift);
        }
        this.length = bridged + 1;
      }
    }
    for (let k = this.length; k < needed; k++) {
      this.closes[k] = (this.closes[k - 1] ?? 0) * Math.exp(this.dailyReturn(this.firstIndex + k, this.company.drift));
    }
    this.length = Math.max(this.length, needed);
  }

  /**
   * New shares per share of day `index` by day `asOf`: the product of the split ratios of the days
   * after `index` up to `asOf` (1 when none split in between).
   */
  splitFactor(index: number, asOf = Number.POSITIVE_INFINITY): number {
    let factor = 1;
    for (const { index: day, ratio } of this.splits) if (day > index && day <= asOf) factor *= ratio;
    return factor;
  }

  /**
   * A bar of day `index` on the share count of day `asOf` (charts: as of today): prices divided by
   * the splits in between and kept to 4 decimals, volume multiplied. Unchanged without a split.
   */
  adjustedBar<B extends DayBar>(bar: B, index: number, asOf: number): B {
    const factor = this.splitFactor(index, asOf);
    if (factor === 1) return bar;
    const r = (price: number) => Math.round((price / factor) * 10_000) / 10_000;
    return {
      ...bar,
      open: r(bar.open),
      high: r(bar.high),
      low: r(bar.low),
      close: r(bar.close),
      volume: Math.round(bar.volume * factor),
    };
  }

  /** Unrounded simulated close of a trading day (index ≥ firstIndex) on today's share count. */
  rawClose(index: number): number {
    this.ensure(index);
    return this.closes[index - this.firstIndex] ?? Number.NaN;
  }

  /** The full day's bar, at the prices of the day (on its own share count). */
  dailyBar(index: number): DayBar {
    const shares = this.splitFactor(index);
    const close = this.rawClose(index) * shares;
    const previous = index > this.firstIndex ? this.rawClose(index - 1) * shares : close;
    const s = this.dailySigma;
    const open = previous * Math.exp(0.3 * s * normal(this.seed, index, STREAM.gap));
    const high = Math.max(open, close) * Math.exp(0.55 * s * Math.abs(normal(this.seed, index, STREAM.upWick)));
    const low = Math.min(open, close) * Math.exp(-0.55 * s * Math.abs(normal(this.seed, index, STREAM.downWick)));
    const move = Math.min(Math.abs(Math.log(close / previous)) / s, 5);
    const volume = Math.max(
      1000,
      Math.round(
        (this.company.avgVolume * Math.exp(0.28 * normal(this.seed, index, STREAM.volume)) * (0.7 + 0.3 * move)) /
          shares,
      ),
    );
    const r = this.round;
    return { open: r(open), high: r(high), low: r(low), close: r(close), volume };
  }

  /** The day's minute bars, consistent with `dailyBar(index)`. */
  minuteBars(index: number): MinuteBars {
    const { open: O, high: H, low: L, close: C, volume: V } = this.dailyBar(index);
    const n = this.sessionLength;
    const round = this.round;
    // A random walk W_0..W_n, turned into a bridge B (B_0 = B_n = 0).
    const walk = new Float64Array(n + 1);
    for (let j = 1; j <= n; j++) walk[j] = (walk[j - 1] ?? 0) + normal(this.seed, index, STREAM.walk, j);
    const end = walk[n] ?? 0;
    let top = 1;
    let bottom = 1;
    for (let j = 1; j < n; j++) {
      walk[j] = (walk[j] ?? 0) - (end * j) / n;
      if ((walk[j] ?? 0) > (walk[top] ?? 0)) top = j;
      if ((walk[j] ?? 0) < (walk[bottom] ?? 0)) bottom = j;
    }
    walk[0] = 0;
    walk[n] = 0;
    const base = (j: number) => O + ((C - O) * j) / n;
    // Stretch the part above the line so its peak reaches the high, the part below to the low.
    const up = (walk[top] ?? 0) > 0 ? (H - base(top)) / (walk[top] ?? 1) : 0;
    const down = (walk[bottom] ?? 0) < 0 ? (base(bottom) - L) / -(walk[bottom] ?? -1) : 0;
    // A bridge that never rises above (or falls below) the line gets its extreme at a random minute.
    if (up === 0) top = 1 + Math.floor(uniform(this.seed, index, STREAM.walk, -1) * (n - 1));
    if (down === 0 || bottom === top) {
      bottom = 1 + Math.floor(uniform(this.seed, index, STREAM.walk, -2) * (n - 2));
      if (bottom >= top) bottom += 1;
    }
    const points = new Float64Array(n + 1);
    for (let j = 0; j <= n; j++) {
      const b = walk[j] ?? 0;
      const p = base(j) + (b > 0 ? up * b : down * b);
      points[j] = round(Math.min(H, Math.max(L, p)));
    }
    points[0] = O;
    points[n] = C;
    points[top] = H;
    points[bottom] = L;

    // Volume: more at the open and the close, never zero, summing exactly to the day's volume.
    const weights = new Float64Array(n);
    let total = 0;
    for (let j = 0; j < n; j++) {
      const shape = 1 + 2.2 * Math.exp(-j / 20) + 1.6 * Math.exp(-(n - 1 - j) / 25);
      weights[j] = shape * Math.exp(0.35 * normal(this.seed, index, STREAM.minuteVolume, j));
      total += weights[j] ?? 0;
    }
    const bars: MinuteBars = {
      open: new Float64Array(n),
      high: new Float64Array(n),
      low: new Float64Array(n),
      close: new Float64Array(n),
      volume: new Float64Array(n),
    };
    const tick = this.dailySigma / Math.sqrt(n);
    let assigned = 0;
    for (let j = 0; j < n; j++) {
      const a = points[j] ?? O;
      const b = points[j + 1] ?? C;
      bars.open[j] = a;
      bars.close[j] = b;
      bars.high[j] = round(
        Math.min(H, Math.max(a, b) * (1 + 0.5 * tick * Math.abs(normal(this.seed, index, STREAM.tick, 2 * j)))),
      );
      bars.low[j] = round(
        Math.max(L, Math.min(a, b) * (1 - 0.5 * tick * Math.abs(normal(this.seed, index, STREAM.tick, 2 * j + 1)))),
      );
      const volume = j === n - 1 ? V - assigned : Math.max(1, Math.floor((V * (weights[j] ?? 0)) / total));
      bars.volume[j] = volume;
      assigned += volume;
    }
    return bars;
  }
}

/** Aggregates consecutive minute bars [from, to) of a day into one bar starting at `time`. */
export function aggregateMinutes(bars: MinuteBars, from: number, to: number, time: number): Bar {
  let high = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  let volume = 0;
  for (let j = from; j < to; j++) {
    high = Math.max(high, bars.high[j] ?? high);
    low = Math.min(low, bars.low[j] ?? low);
    volume += bars.volume[j] ?? 0;
  }
  return { time, open: bars.open[from] ?? 0, high, low, close: bars.close[to - 1] ?? 0, volume };
}

/** Aggregates bars (oldest first) into groups by key, keeping the first bar's time. */
export function aggregateBars(bars: Bar[], keyOf: (bar: Bar) => string | number): Bar[] {
  const out: Bar[] = [];
  let key: string | number | undefined;
  for (const bar of bars) {
    const k = keyOf(bar);
    const last = out[out.length - 1];
    if (last && k === key) {
      last.high = Math.max(last.high, bar.high);
      last.low = Math.min(last.low, bar.low);
      last.close = bar.close;
      last.volume += bar.volume;
    } else {
      out.push({ ...bar });
      key = k;
    }
  }
  return out;
}
