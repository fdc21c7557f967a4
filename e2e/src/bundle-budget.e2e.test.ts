import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chunksContaining,
  download,
  firstPageKeys,
  kB,
  lazyRoutes,
  moduleKey,
  readManifest,
  staticGraph,
  webDist,
  webRoot,
} from '../../apps/web/bench/bundle-graph.js';

/**
 * Size budget of the built web app (docs/decisions.md), read from apps/web/dist/.vite/manifest.json: a size,
 * not a timing, so it is asserted here (it runs after `npm run build`). `npm run bench:bundle`
 * prints the figures and what the bytes are made of.
 */
const GOAL_BYTES = 150_000;
/** The first page's CSS, gzip: Mantine's one stylesheet alone was 36 kB; its shell needs ~11. */
const CSS_GOAL_BYTES = 15_000;

/** The root class of a Mantine component, from its class-name map (what its stylesheet styles). */
function mantineRootClass(component: string): string {
  // Wherever npm put the package the web app resolves (its own node_modules or the root's).
  const entry = createRequire(path.join(webRoot, 'package.json')).resolve('@mantine/core');
  const map = path.join(path.dirname(entry), `../esm/components/${component}/${component}.module.mjs`);
  const root = /"root":\s*"([\w-]+)"/.exec(fs.readFileSync(map, 'utf8'))?.[1];
  if (!root) throw new Error(`no root class in ${map}`);
  return root;
}
const cssText = (files: string[]) => files.map((f) => fs.readFileSync(path.join(webDist, f), 'utf8')).join('\n');

describe('bundle size budget of the built web app', () => {
  const manifest = readManifest();
  const entryGraph = staticGraph(manifest, ...firstPageKeys(manifest));
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

  // 254 kB before the first-page budget (all of Mantine and zod on the first page); about 126 kB after it.
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

  // docs/decisions.md#main-thread-work-after-the-first-paint: zod and a feature's schemas are built
  // as their modules are evaluated (a long task on a phone); the response schemas load with the
  // first call to their endpoint (the contract's endpoint-map.ts), and pages drawn with their data make none as they hydrate.
  // The contract's limits, choices and form rules the pages use live in zod-free modules
  // (todo-limits.ts, finance-constants.ts, text-rules.ts …); the wallet's order ticket loads its
  // schema with the first focus in it (lib/on-demand.ts).
  it('starts every page Lighthouse measures without zod: schemas load with the first call or use', () => {
    const zod = chunksContaining(manifest, 'zod');
    const measured = ['/apps/forecast', '/apps/sudoku', '/apps/sudoku/game', '/apps/todo', '/apps/finance'];
    measured.push('/apps/finance/wallet', '/apps/finance/stock/AAPL', '/portfolio', '/docs/todo');
    const routes = lazyRoutes().filter((r) => measured.includes(r.path));
    expect(routes.map((r) => r.path).sort()).toEqual([...measured].sort());
    for (const route of routes) {
      const graph = staticGraph(manifest, moduleKey(manifest, route.module));
      expect(
        zod.filter((c) => graph.has(c)),
        `${route.path} (${route.module}) imports zod before it renders`,
      ).toEqual([]);
    }
  });

  // apps/web/chunks.config.ts: the pages' Mantine and our modules the pages share each come in one
  // file; the first page needs neither. A Mantine component or hook the top bar or the home page
  // starts to use belongs in SHELL_COMPONENTS / SHELL_HOOKS there, or the first page loads them all.
  it('loads neither the pages’ Mantine file nor their shared modules on the first page', () => {
    const named = (name: string) => Object.keys(manifest).filter((k) => manifest[k]!.name === name);
    for (const name of ['ui-pages', 'app-shared']) {
      const chunks = named(name);
      expect(chunks.length, `the build has a ${name} chunk`).toBe(1);
      expect(
        chunks.filter((c) => entryGraph.has(c)),
        `the first page loads ${name}`,
      ).toEqual([]);
    }
    expect(
      named('ui').filter((c) => entryGraph.has(c)),
      'the first page loads ui',
    ).toHaveLength(1);
  });

  // 40–56 files per app page before chunks.config.ts grouped them, 20–28 after (each costs the main
  // thread a request, a compile and a link: docs/decisions.md#fewer-larger-chunks).
  it('starts each app page with at most 30 JavaScript files, the first page’s included', () => {
    for (const route of lazyRoutes()) {
      const graph = staticGraph(manifest, ...firstPageKeys(manifest), moduleKey(manifest, route.module));
      const scripts = [...graph].filter((k) => manifest[k]!.file.endsWith('.js'));
      expect(scripts.length, `${route.path} starts with ${scripts.length} scripts`).toBeLessThanOrEqual(30);
    }
  });

  it(`keeps the first page’s CSS within ${kB(CSS_GOAL_BYTES)} gzip: only the components it renders`, () => {
    expect(first.cssGzip, `"/" CSS is ${kB(first.cssGzip)} gzip`).toBeLessThanOrEqual(CSS_GOAL_BYTES);
  });

  it('ships each Mantine component’s rules with the code that renders it', () => {
    const firstCss = cssText(first.css);
    // The top bar's buttons are on every page.
    expect(firstCss).toContain(`.${mantineRootClass('Button')}`);
    // The forecast's grid is on the weather page, not the first: its rules come with that page.
    const grid = `.${mantineRootClass('Grid')}`;
    expect(firstCss).not.toContain(grid);
    const weather = lazyRoutes().find((r) => r.path === '/apps/forecast')!;
    const page = download(manifest, staticGraph(manifest, moduleKey(manifest, weather.module)));
    expect(cssText(page.css)).toContain(grid);
  });
});
