import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { escapeNonLatin1, hasNonLatin1 } from '../../scripts/latin1.mjs';
import { chunkGroups } from './chunks.config';
import { pwa } from './pwa.config';

/**
 * Resolves every `import … from 'zod'` (the app's and @site/contract's) to src/lib/zod-jitless.ts,
 * which configures zod before re-exporting it; only that module itself gets the real package.
 */
function zodJitless(): Plugin {
  const wrapper = path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts');
  return {
    name: 'zod-jitless',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || importer === wrapper) return null;
      return wrapper;
    },
  };
}

/** @mantine/hooks' useId module, as the package's index imports it. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Replaces @mantine/hooks' `useId` with src/lib/mantine-use-id.ts, which keeps the id Mantine
 * starts with instead of setting a random one once mounted (a second, blocking render of every
 * component that has an id: docs/decisions.md#main-thread-work-after-the-first-paint). Not in the
 * dev server, which pre-bundles Mantine without Vite's plugins.
 */
export function mantineStableId(): Plugin {
  const replacement = path.resolve(import.meta.dirname, 'src/lib/mantine-use-id.ts');
  return {
    name: 'mantine-stable-id',
    enforce: 'pre',
    load: (id) => (MANTINE_USE_ID.test(id) ? `export { useId } from ${JSON.stringify(replacement)};` : null),
  };
}

/** A Mantine component's class-name map, e.g. …/@mantine/core/esm/components/Button/Button.module.mjs. */
const CLASS_MAP = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/;
/** What main.tsx imports for Mantine's styles. */
const MANTINE_STYLES = 'virtual:mantine-styles';

/**
 * Mantine ships one stylesheet for all its components (295 kB, 36 kB gzip), render-blocking on
 * the first page although that page uses a few of them. It also ships one file per component
 * (`@mantine/core/styles/<Name>.css`) with exactly the rules of that component's class-name map
 * (`<Name>.module.mjs`, one to one). In the build, each class-name map imports its own file, so a
 * component's CSS goes into whichever chunk its code goes into: the first page gets the CSS of the
 * components it renders, and a lazy page brings the rest. Import order follows the module graph,
 * so a component's dependencies' rules (Input before Select) come first, as Mantine asks; main.tsx
 * gets only the global files (baseline, CSS variables, global classes).
 *
 * The dev server pre-bundles @mantine/core without Vite's plugins, so there main.tsx gets the one
 * stylesheet instead.
 */
function mantineComponentCss(): Plugin {
  let split = false;
  return {
    name: 'mantine-component-css',
    enforce: 'pre',
    configResolved(config) {
      split = config.command === 'build';
    },
    resolveId: (id) => (id === MANTINE_STYLES ? `\0${MANTINE_STYLES}` : null),
    load(id) {
      if (id !== `\0${MANTINE_STYLES}`) return null;
      const files = split ? ['styles/baseline', 'styles/default-css-variables', 'styles/global'] : ['styles'];
      return files.map((file) => `import '@mantine/core/${file}.css';`).join('\n');
    },
    transform(code, id) {
      const name = split ? CLASS_MAP.exec(id)?.[1] : undefined;
      if (!name) return null;
      // On the first line, so the module's source-map lines stay as they are.
      return { code: `import '@mantine/core/styles/${name}.css';${code}`, map: null };
    },
  };
}

/** The heading font's file (src/app/fonts.css), as Vite names it in the build: `assets/fraunces-latin-wght-normal-<hash>.woff2`. */
const HEADING_FONT_FILE = /(^|\/)fraunces-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Preloads the heading font (docs/decisions.md#site-identity-palette-and-heading-font): otherwise
 * the browser asks for it only once the stylesheet has been parsed and a heading laid out, and the
 * hero's name would be drawn in the fallback first. The file's hashed name is known only once the
 * bundle is written, hence a build-time hook rather than a line in index.html.
 */
function fontPreload(): Plugin {
  return {
    name: 'font-preload',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const file = Object.keys(context.bundle ?? {}).find((name) => HEADING_FONT_FILE.test(name));
        if (!file) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/**
 * React Router's package exports only its development build (remix-run/react-router#12532,
 * #14102): dev-only warnings and checks, run as every route renders. The build takes the
 * production files the package ships beside it; the dev server keeps the warnings.
 */
function reactRouterProduction() {
  const root = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return [
    { find: /^react-router$/, replacement: path.join(root, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(root, 'dist/production/dom-export.mjs') },
  ];
}

/**
 * The pre-rendering bundle, which the server keeps loaded, with one byte a character in V8
 * (scripts/latin1.mjs). Escaped once the bundle is final: code printed after `renderChunk` (the
 * build's own output transform) writes such characters back, and the build fails if a written
 * file still holds one.
 */
function latin1Output(): Plugin {
  let outDir = '';
  return {
    name: 'latin1-output',
    enforce: 'post',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') file.code = escapeNonLatin1(file.code, file.fileName);
      }
    },
    writeBundle(_, bundle) {
      const left = Object.values(bundle)
        .filter((file) => file.type === 'chunk')
        .filter((file) => hasNonLatin1(fs.readFileSync(path.join(outDir, file.fileName), 'utf8')));
      if (left.length > 0)
        throw new Error(`characters outside Latin-1 left in ${left.map((f) => f.fileName).join(', ')}`);
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The pre-rendering build (src/app/prerender/entry-server.tsx) needs no service worker or preload tags.
  plugins: isSsrBuild
    ? [react(), zodJitless(), mantineStableId(), mantineComponentCss(), latin1Output()]
    : [react(), zodJitless(), mantineStableId(), mantineComponentCss(), fontPreload(), pwa()],
  resolve: {
    // 'source' makes workspace packages such as @site/contract resolve to their TypeScript
    // sources, so the web app never depends on a stale build of them.
    conditions: ['source', ...defaultClientConditions],
    alias: command === 'build' ? reactRouterProduction() : [],
  },
  ssr: {
    // One self-contained file for scripts/prerender.mjs: no runtime resolution of the app's packages.
    noExternal: true,
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  server: {
    port: 5173,
    // The API runs as its own process in development; same-origin requests keep cookies simple.
    proxy: { '/api': { target: 'http://localhost:8000', changeOrigin: false } },
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : {
        outDir: 'dist',
        assetsDir: 'assets',
        // No modulepreload polyfill: every browser the site supports has modulepreload, and the
        // polyfill watches every DOM change of the page (a long task while React hydrates it).
        modulePreload: { polyfill: false },
        sourcemap: true,
        // dist/.vite/manifest.json: which chunks each entry and lazy page needs (read by the bundle
        // bench, the size-budget test and scripts/prerender.mjs).
        manifest: true,
        rolldownOptions: {
          // Fewer, larger files: chunks.config.ts.
          output: { codeSplitting: { groups: chunkGroups() } },
        },
      },
}));
