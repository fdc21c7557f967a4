import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

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

/**
 * Named chunks, only for libraries each of whose modules goes where all of it is needed anyway: a
 * group gathers every matching module (with its dependencies) into one chunk, and whoever needs
 * one of them downloads all of them. A group for all of Mantine or zod put the code of every app
 * page into the first page (254 kB gzip then); left to rolldown, each page gets the Mantine
 * components it uses, and zod comes with the pages that validate with it.
 */
const vendorChunks = [
  // On every page: its own long-cached file, unchanged by app releases.
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  // Charts load only with the pages that draw them, never with the first page.
  { name: 'charts', test: /node_modules[\\/](lightweight-charts|fancy-canvas)[\\/]/, priority: 25 },
];

export default defineConfig({
  plugins: [react(), zodJitless()],
  resolve: {
    // 'source' makes workspace packages such as @site/contract resolve to their TypeScript
    // sources, so the web app never depends on a stale build of them.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    // The API runs as its own process in development; same-origin requests keep cookies simple.
    proxy: { '/api': { target: 'http://localhost:8000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy page needs (read by the bundle
    // bench and the size-budget test).
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorChunks } },
    },
  },
});
