#!/usr/bin/env node
// Pre-renders each page of the contract's page table into the web build (docs/decisions.md#pre-rendered-pages):
// dist/prerendered/<name>.html is index.html with the page's markup already in #root, so the
// browser paints the frame and the page's text before any script has run; main.tsx then hydrates
// it. The server sends the file of the page a request matches (core/web-app.ts) and writes that
// page's head into it. Run by `npm run build` after the web build (which also builds the
// pre-rendering entry into apps/web/dist-ssr/); `node scripts/prerender-web.mjs [dist]` on its own.
import fs from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const started = performance.now();
const { PAGES, NOT_FOUND_PAGE, prerenderedFileName, dataTemplateFileName, PAGE_HTML_MARKER, PAGE_DATA_MARKER } =
  await import(path.join(root, 'packages/contract/dist/page-meta.js'));
const { renderRoute } = await import(path.join(root, 'apps/web/dist-ssr/entry-server.js'));

const template = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
/** Vite's manifest of the client build: each module's chunk, the chunks it imports and its CSS. */
const manifest = JSON.parse(await fs.readFile(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);

/** Every chunk `key` needs, itself first, without those the entry brings (index.html links them). */
function chunksOf(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk, ...(chunk.imports ?? []).flatMap((child) => chunksOf(child, seen))];
}
const entryFiles = new Set(chunksOf(Object.keys(manifest).find((key) => manifest[key] === entry)).map((c) => c.file));

/** The stylesheets of `key` and its imports, each chunk's after those of the chunks it imports. */
function stylesInOrder(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  const own = entryFiles.has(chunk.file) ? [] : (chunk.css ?? []);
  return [...(chunk.imports ?? []).flatMap((child) => stylesInOrder(child, seen)), ...own];
}

/** The app's own module, which main.tsx imports once the page has been painted (src/app/start.tsx). */
const APP_START = 'src/app/start.tsx';

/**
 * What a rendered page needs beyond the entry: the app's start module and each lazy page it
 * rendered (lib/lazy-page.ts, found by its file name). `scripts`: their chunks, which main.tsx
 * preloads once the page has painted (data-preload), so their download does not compete with
 * the first paint. `styles`: their stylesheets when their markup is in the page (all but a
 * 'shell' page's own), written into it below.
 */
function pageNeeds(pages, mode) {
  const scripts = new Set();
  const styles = new Set();
  const add = (key, withCss) => {
    for (const chunk of chunksOf(key)) {
      if (!entryFiles.has(chunk.file)) scripts.add(`/${chunk.file}`);
    }
    // Imported chunks' rules before the importer's, as Vite's loader adds them: a page's own
    // module CSS must come after the Mantine components' it restyles.
    if (withCss) for (const css of stylesInOrder(key)) styles.add(`<link rel="stylesheet" crossorigin href="/${css}">`);
  };
  if (!manifest[APP_START]) throw new Error(`prerender-web: no ${APP_START} in the manifest`);
  add(APP_START, true);
  for (const name of pages) {
    const key = Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && k.endsWith(`/${name}.tsx`));
    if (!key) throw new Error(`prerender-web: no chunk in the manifest for the lazy page ${name}`);
    add(key, mode === 'page');
  }
  return { scripts: [...scripts], styles: [...styles] };
}

const EMPTY_ROOT = '<div id="root"></div>';
if (!template.includes(EMPTY_ROOT)) throw new Error(`${dist}/index.html has no empty ${EMPTY_ROOT}`);

/** A concrete address for a pattern: its parameters get a placeholder (only 'shell' pages have any). */
const sampleUrl = (pattern) => (pattern === '*' ? '/not-a-page' : pattern.replace(/:\w+/g, 'sample'));

/**
 * The page's stylesheets written into it: the first paint needs no request but the page's own,
 * which on a phone's network is most of the time to first paint (docs/decisions.md#pre-rendered-pages).
 * The colour-scheme script too; the server allows it by its hash (core/web-app.ts).
 */
const inlined = new Map();
async function inline(html) {
  let out = html;
  for (const [tag, href] of html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)) {
    if (!inlined.has(href)) inlined.set(href, (await fs.readFile(path.join(dist, href), 'utf8')).trim());
    // The disabled link is never fetched; it tells Vite's loader of lazy chunks that this
    // stylesheet is already in the page, so it does not add it a second time.
    out = out.replace(tag, () => `<style>${inlined.get(href)}</style><link rel="stylesheet" href="/${href}" disabled>`);
  }
  const script = (await fs.readFile(path.join(dist, 'color-scheme.js'), 'utf8')).replace(/^\/\/.*\n/gm, '').trim();
  return out.replace('<script src="/color-scheme.js"></script>', () => `<script>${script}</script>`);
}

const outDir = path.join(dist, 'prerendered');
await fs.rm(outDir, { recursive: true, force: true });
await fs.mkdir(outDir, { recursive: true });
let bytes = 0;
for (const page of [...PAGES, NOT_FOUND_PAGE]) {
  const mode = page.prerender ?? 'page';
  const rendered = await renderRoute(sampleUrl(page.pattern), mode);
  const needs = pageNeeds(rendered.pages, mode);
  const rootTag = `<div id="root" data-pages="${rendered.pages.join(' ')}" data-preload="${needs.scripts.join(' ')}">`;
  const html = await inline(
    template
      .replace('</head>', `  ${needs.styles.join('\n    ')}\n  </head>`)
      .replace(EMPTY_ROOT, `${rootTag}${rendered.html}</div>`),
  );
  bytes += html.length;
  await fs.writeFile(path.join(outDir, prerenderedFileName(page.pattern)), html);
  if (page.data) await writeDataTemplate(page);
}

/**
 * A page the server draws with its data (docs/decisions.md#pages-rendered-with-their-data): the
 * frame's and the page's styles and scripts, as for a page pre-rendered whole, with markers where
 * the server writes the page's markup and its answers (core/web-app.ts).
 */
async function writeDataTemplate(page) {
  const rendered = await renderRoute(sampleUrl(page.pattern), 'page');
  const needs = pageNeeds(rendered.pages, 'page');
  const rootTag = `<div id="root" data-pages="${rendered.pages.join(' ')}" data-preload="${needs.scripts.join(' ')}">`;
  const html = await inline(
    template
      .replace('</head>', `  ${needs.styles.join('\n    ')}\n  </head>`)
      .replace(EMPTY_ROOT, `${rootTag}${PAGE_HTML_MARKER}</div>${PAGE_DATA_MARKER}`),
  );
  await fs.writeFile(path.join(outDir, dataTemplateFileName(page.pattern)), html);
}
console.log(
  `prerender-web: ${PAGES.length + 1} pages in ${path.relative(root, outDir)}, ` +
    `${(bytes / 1000).toFixed(1)} kB (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
