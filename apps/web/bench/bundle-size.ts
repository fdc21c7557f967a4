/**
 * What each page of the built web app downloads, gzip -9: the JavaScript the first page `/` needs
 * (the entry and its static imports; lazy pages excluded), the JavaScript each app route adds
 * (its lazy page module and the static imports the entry does not already have), the CSS, where
 * lightweight-charts lives, and what the entry's bytes are made of (from the source maps).
 * Prints figures and PASS/MISS against the goals of docs/decisions.md; nothing is asserted here (the e2e
 * size-budget test asserts the limits).
 *
 *   npm run bench:bundle        (builds first when the build is missing or stale)
 */
import {
  bytesByPackage,
  chunksContaining,
  download,
  fileSize,
  firstPageKeys,
  kB,
  lazyRoutes,
  moduleKey,
  readManifest,
  staticGraph,
} from './bundle-graph.js';

/** Goal: the first page's JavaScript, gzip. kB = 1000 bytes, as Vite prints them. */
export const ENTRY_GOAL_BYTES = 150_000;
const CHARTS = 'lightweight-charts';

function main() {
  const manifest = readManifest();
  const entry = firstPageKeys(manifest);
  const entryGraph = staticGraph(manifest, ...entry);
  const first = download(manifest, entryGraph);

  console.log('Bundle bench: apps/web/dist, gzip level 9 (kB = 1000 bytes)');
  console.log(`\nFirst page "/": ${first.js.length} JS files`);
  console.table(
    Object.fromEntries(
      first.js
        .map((file) => [file, fileSize(file)] as const)
        .sort((a, b) => b[1].gzip - a[1].gzip)
        .map(([file, size]) => [file, { raw: kB(size.raw), gzip: kB(size.gzip) }]),
    ),
  );
  console.log(
    `"/" JavaScript: ${kB(first.jsGzip)} gzip (${kB(first.jsRaw)} minified); CSS: ${kB(first.cssGzip)} gzip ` +
      `(${first.css.join(', ')}); JS + CSS ${kB(first.jsGzip + first.cssGzip)}`,
  );

  // What the entry's JavaScript is made of: minified bytes per package from the source maps,
  // and each chunk's gzip size shared out in proportion.
  const composition = new Map<string, { raw: number; gzip: number }>();
  for (const file of first.js) {
    const parts = bytesByPackage(file);
    const total = [...parts.values()].reduce((a, b) => a + b, 0) || 1;
    const { gzip } = fileSize(file);
    for (const [pkg, bytes] of parts) {
      const row = composition.get(pkg) ?? { raw: 0, gzip: 0 };
      row.raw += bytes;
      row.gzip += (gzip * bytes) / total;
      composition.set(pkg, row);
    }
  }
  console.log('\n"/" JavaScript by package (from the source maps; gzip shared out by minified bytes, approximate):');
  console.table(
    Object.fromEntries(
      [...composition]
        .sort((a, b) => b[1].gzip - a[1].gzip)
        .filter(([, v]) => v.gzip >= 500)
        .map(([pkg, v]) => [pkg, { minified: kB(v.raw), '≈ gzip': kB(v.gzip) }]),
    ),
  );

  const chartChunks = chunksContaining(manifest, CHARTS);
  const routes = lazyRoutes();
  const routeRows: Record<string, Record<string, string>> = {};
  const chartsInRouteGraph: string[] = [];
  for (const route of routes) {
    const page = moduleKey(manifest, route.module);
    const graph = staticGraph(manifest, ...entry, page);
    const total = download(manifest, graph);
    const added = download(
      manifest,
      [...graph].filter((k) => !entryGraph.has(k)),
    );
    // Lazy imports of the page itself (charts) come after it renders.
    const lazy = (manifest[page]!.dynamicImports ?? []).filter((k) => !graph.has(k));
    const lazyGraph = staticGraph(manifest, ...lazy);
    const later = download(
      manifest,
      [...lazyGraph].filter((k) => !graph.has(k)),
    );
    if (chartChunks.some((c) => graph.has(c))) chartsInRouteGraph.push(route.path);
    routeRows[route.path] = {
      'page module': manifest[page]!.file,
      'JS added to "/"': kB(added.jsGzip),
      'JS total': kB(total.jsGzip),
      'CSS total': kB(total.cssGzip),
      'lazy after render':
        lazy.length > 0 ? `${kB(later.jsGzip)} (${lazy.map((k) => manifest[k]!.name).join(', ')})` : '',
    };
  }
  console.log('\nApp routes (gzip): a route loads "/" plus its lazy page module and that module\'s static imports');
  console.table(routeRows);

  const chartsInEntry = chartChunks.filter((c) => entryGraph.has(c));
  console.log(
    `\n${CHARTS} is in ${chartChunks.map((c) => `${manifest[c]!.file} (${kB(fileSize(manifest[c]!.file).gzip)} gzip)`).join(', ') || 'no chunk'}; ` +
      `loaded by ${
        Object.keys(manifest)
          .filter((k) => manifest[k]!.imports?.some((i) => chartChunks.includes(i)))
          .map((k) => manifest[k]!.src ?? k)
          .join(', ') || 'nothing'
      } (dynamic imports of the finance pages).`,
  );
  console.log(
    `Charts lazy-loaded, not in "/" nor in any route's static graph: ` +
      `${chartsInEntry.length === 0 && chartsInRouteGraph.length === 0 && chartChunks.length > 0 ? 'PASS' : 'MISS'}` +
      (chartsInRouteGraph.length ? ` (statically loaded by ${chartsInRouteGraph.join(', ')})` : ''),
  );
  const appCodeInEntry = routes.filter((r) => entryGraph.has(moduleKey(manifest, r.module)));
  console.log(
    `App pages lazy-loaded (no page module in the static graph of "/"): ${appCodeInEntry.length === 0 ? 'PASS' : `MISS (${appCodeInEntry.map((r) => r.path).join(', ')})`}`,
  );
  console.log(
    `"/" JavaScript ${kB(first.jsGzip)} gzip (goal ≤ ${kB(ENTRY_GOAL_BYTES)}): ${first.jsGzip <= ENTRY_GOAL_BYTES ? 'PASS' : 'MISS'}`,
  );
}

main();
