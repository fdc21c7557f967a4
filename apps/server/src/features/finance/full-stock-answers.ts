import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type GetFullStockResponse,
  getFullStockResponseSchema,
  type HistoryInterval,
  type HistoryRange,
} from '@site/contract';
import { type StoredAnswer, storedAnswer } from '../../core/stored-answer.js';
import { type CacheLookupResult, TtlCache } from '../../core/ttl-cache.js';
import { buildLimit } from './build-limit.js';

/** One serialized `get_full_stock` answer (core/stored-answer.ts). */
export type FullStockAnswer = StoredAnswer;

/**
 * What the route's serializer would do (core/serializer.ts): validate, drop undeclared keys,
 * stringify. Each step of a `max` answer holds the event loop for ~5–30 ms: other requests (health
 * checks, small calls) are served between them.
 */
async function serializedAnswer(answer: GetFullStockResponse): Promise<FullStockAnswer> {
  await nextTurn();
  const checked = getFullStockResponseSchema.safeParse(answer);
  if (!checked.success) throw new Error(`get_full_stock built an answer outside its schema: ${checked.error.message}`);
  await nextTurn();
  return storedAnswer(Buffer.from(JSON.stringify(checked.data)));
}

export interface FullStockAnswersOptions {
  /** Builds the answer (quote, profile, history, news): the expensive part. */
  build: (symbol: string, range: HistoryRange, interval: HistoryInterval) => Promise<GetFullStockResponse>;
  /** How long an answer built now stays true: until the market data in it can change. */
  lifetimeMs: (now: number) => number;
  /** Builds of different keys at once; more wait their turn. */
  maxBuilds: number;
  /** Answers kept (a `max` range of daily bars is ~0.7 MB of JSON plus its encodings). */
  maxEntries: number;
  now?: () => number;
  /** Told of every lookup (metrics' cache_lookups_total, cache `full-stock`). */
  onLookup?: ((result: CacheLookupResult) => void) | undefined;
}

/**
 * `get_full_stock` answers kept serialized (and compressed once per encoding) per (symbol, range,
 * interval) for as long as their data holds (docs/api.md#other-behaviour): identical concurrent
 * requests share one build, and at most `maxBuilds` different ones are built at once, so a burst
 * of years-long histories cannot fill the event loop or the heap.
 */
export class FullStockAnswers {
  private readonly cache: TtlCache<FullStockAnswer>;
  private readonly limited: ReturnType<typeof buildLimit>;
  private readonly now: () => number;

  constructor(private readonly options: FullStockAnswersOptions) {
    this.now = options.now ?? (() => Date.now());
    this.cache = new TtlCache({ maxEntries: options.maxEntries, now: this.now, onLookup: options.onLookup });
    this.limited = buildLimit(options.maxBuilds);
  }

  get(symbol: string, range: HistoryRange, interval: HistoryInterval): Promise<FullStockAnswer> {
    // The lifetime counts from when the build starts: its data is at least that old.
    let builtAt = 0;
    return this.cache.getOrLoad(
      `${symbol}|${range}|${interval}`,
      () => this.options.lifetimeMs(builtAt) - (this.now() - builtAt),
      () =>
        this.limited(async () => {
          builtAt = this.now();
          return serializedAnswer(await this.options.build(symbol, range, interval));
        }),
    );
  }
}
