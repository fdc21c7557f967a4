import { describe, expect, it } from 'vitest';
import {
  chunksContaining,
  download,
  entryKey,
  kB,
  lazyRoutes,
  moduleKey,
  readManifest,
  staticGraph,
} from '../../apps/web/bench/bundle-graph.js';

/**
 * Size budget of the built web app (issue 9), read from apps/web/dist/.vite/manifest.json: a size,
 * not a timing, so it is asserted here (it runs after `npm run build`). `npm run bench:bundle`
 * prints the figures and what the bytes are made of.
 */
const GOAL_BYTES = 150_000;

describe('bundle size budget of the built web app', () => {
  const manifest = readManifest();
  const entryGraph = staticGraph(manifest, entryKey(manifest));
  const first = download(manifest, entryGraph);

  it('keeps lightweight-charts out of the first page and out of every page module’s static imports', () => {
    const charts = chunksContaining(manifest, 'lightweight-charts');
    expect(charts.length, 'no chunk of the build contains lightweight-charts').toBeGreaterThan(0);
    expect(charts.filter((c) => entryGraph.has(c))).toEqual([]);
    for (const route of lazyRoutes()) {
      const graph = staticGraph(manifest, moduleKey(manifest, route.module));
      expect(
        charts.filter((c) => graph.has(c)),
        `${route.path} loads the charts before it renders`,
      ).toEqual([]);
    }
  });

  it('loads every app page lazily: no page module is in the first page’s static graph', () => {
    const eager = lazyRoutes().filter((r) => entryGraph.has(moduleKey(manifest, r.module)));
    expect(eager.map((r) => r.path)).toEqual([]);
  });

  // 254 kB before issue 9's work (all of Mantine and zod on the first page); about 126 kB after it.
  it(`keeps the first page’s JavaScript within the goal of ${kB(GOAL_BYTES)} gzip`, () => {
    expect(first.jsGzip, `"/" JavaScript is ${kB(first.jsGzip)} gzip`).toBeLessThanOrEqual(GOAL_BYTES);
  });

  it('keeps zod and the contract’s schemas out of the first page', () => {
    for (const pkg of ['zod', '@site/contract']) {
      const chunks = chunksContaining(manifest, pkg);
      expect(chunks.length, `no chunk of the build contains ${pkg}`).toBeGreaterThan(0);
      expect(
        chunks.filter((c) => entryGraph.has(c)),
        `${pkg} is in the first page's JavaScript`,
      ).toEqual([]);
    }
  });
});
