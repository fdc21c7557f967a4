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

// Library chunks that change rarely get their own long-cached files, so an app release only
// invalidates the app's own chunks.
const vendorChunks = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, priority: 20 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 20 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
  // Charts load only with the pages that draw them, never with the first page.
  { name: 'charts', test: /node_modules[\\/](lightweight-charts|fancy-canvas)[\\/]/, priority: 25 },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
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
