import { setTimeout as sleep } from 'node:timers/promises';
import type { GetFullStockResponse } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../integrations/market-data/demo/demo-provider.js';
import { buildLimit } from './build-limit.js';
import { financeService } from './finance.service.js';
import { FullStockAnswers } from './full-stock-answers.js';

describe('buildLimit', () => {
  it('runs at most `max` at once, the rest in arrival order, and frees a slot on failure', async () => {
    const limited = buildLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        limited(async () => {
          started.push(i);
          running++;
          peak = Math.max(peak, running);
          await sleep(2);
          running--;
          if (i % 3 === 0) throw new Error(`job ${i}`);
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(started).toEqual([...Array(12).keys()]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(4);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([1, 2, 4, 5, 7, 8, 10, 11]);
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => buildLimit(0)).toThrow();
    expect(() => buildLimit(1.5)).toThrow();
  });
});

describe('FullStockAnswers', () => {
  const NOW = Date.parse('2025-03-14T15:00:00Z');
  const service = financeService({} as never, new DemoMarketDataProvider({ now: () => NOW }));

  it('builds different keys at most `maxBuilds` at a time', async () => {
    let running = 0;
    let peak = 0;
    const answers = new FullStockAnswers({
      build: async (symbol, range, interval): Promise<GetFullStockResponse> => {
        running++;
        peak = Math.max(peak, running);
        await sleep(5);
        running--;
        return service.getFullStock(symbol, range, interval);
      },
      lifetimeMs: () => 60_000,
      maxBuilds: 2,
      maxEntries: 32,
    });
    const symbols = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'META', 'GOOGL'];
    const built = await Promise.all(symbols.map((s) => answers.get(s, 'max', '1wk')));
    expect(peak).toBe(2);
    expect(built.map((a) => JSON.parse(a.json.toString()).symbol)).toEqual(symbols);
  });

  it('keeps nothing whose lifetime ran out while it was built', async () => {
    let now = NOW;
    let builds = 0;
    const answers = new FullStockAnswers({
      build: async (symbol, range, interval) => {
        builds++;
        now += 1_000; // the build took a second of a one-second lifetime
        return service.getFullStock(symbol, range, interval);
      },
      lifetimeMs: () => 1_000,
      maxBuilds: 1,
      maxEntries: 4,
      now: () => now,
    });
    await answers.get('AAPL', '1y', '1d');
    await answers.get('AAPL', '1y', '1d');
    expect(builds).toBe(2);
  });
});
