/**
 * Reads the web build (`apps/web/dist`, with `build.manifest: true`) to answer what each page
 * downloads: the entry's static import graph, each route's lazy page module with its own static
 * imports, their CSS, gzip sizes (level 9), and which chunk holds a given package (from the source
 * maps). Used by the bundle-size bench and by the e2e size-budget test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const webRoot = path.resolve(import.meta.dirname, '..');
export const webDist = path.join(webRoot, 'dist');
export const manifestFile = path.join(webDist, '.vite/manifest.json');

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist = webDist): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: build the web app (npm run build) with build.manifest enabled`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The manifest key of the HTML entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('The manifest has no entry');
  return key;
}

/**
 * What every page loads before its own code: the HTML entry (main.tsx) and the app it starts
 * once the page has painted (src/app/start.tsx, a dynamic import: docs/decisions.md#pre-rendered-pages).
 */
export function firstPageKeys(manifest: Manifest): string[] {
  const start = 'src/app/start.tsx';
  if (!manifest[start]) throw new Error(`The manifest has no chunk ${start}`);
  return [entryKey(manifest), start];
}

/** The chunks loaded before `keys` can run: themselves and their static imports, transitively (not dynamic ones). */
export function staticGraph(manifest: Manifest, ...keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

const gzipCache = new Map<string, { raw: number; gzip: number }>();
/** Raw and gzip -9 size of a file of the build. */
export function fileSize(file: string, dist = webDist): { raw: number; gzip: number } {
  const full = path.join(dist, file);
  let size = gzipCache.get(full);
  if (!size) {
    const bytes = fs.readFileSync(full);
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    gzipCache.set(full, size);
  }
  return size;
}

export interface Download {
  js: string[];
  css: string[];
  jsRaw: number;
  jsGzip: number;
  cssGzip: number;
}

/** JS and CSS files of a set of chunks, with their summed sizes. */
export function download(manifest: Manifest, keys: Iterable<string>, dist = webDist): Download {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
  }
  const sum = (files: Set<string>, f: (s: { raw: number; gzip: number }) => number) =>
    [...files].reduce((n, file) => n + f(fileSize(file, dist)), 0);
  return {
    js: [...js],
    css: [...css],
    jsRaw: sum(js, (s) => s.raw),
    jsGzip: sum(js, (s) => s.gzip),
    cssGzip: sum(css, (s) => s.gzip),
  };
}

export interface RoutePage {
  /** The route as the browser shows it, e.g. `/apps/todo` (`:symbol` filled in). */
  path: string;
  /** The lazily loaded page component and its module, relative to apps/web. */
  component: string;
  module: string;
}

/**
 * Every route of `src/app/routes.tsx` whose element is a `lazyPage(() => import(…))` component,
 * read from the source so a new page is measured without editing the bench.
 */
export function lazyRoutes(): RoutePage[] {
  const source = fs.readFileSync(path.join(webRoot, 'src/app/routes.tsx'), 'utf8');
  const modules = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = lazyPage\(\(\) => import\('([^']+)'\)/g)) {
    modules.set(m[1]!, path.posix.join('src/app', m[2]!));
  }
  const routes: RoutePage[] = [];
  for (const m of source.matchAll(/<Route path="([^"]+)" element=\{<(\w+) \/>\}/g)) {
    const [, routePath, component] = m;
    const module = modules.get(component!);
    if (!module || routePath === '*') continue;
    routes.push({
      path: `/${routePath!.replace(':symbol', 'AAPL').replace(':app', 'todo')}`,
      component: component!,
      module,
    });
  }
  if (routes.length === 0) throw new Error('No lazy routes found in src/app/routes.tsx');
  return routes;
}

/** The manifest key of a source module (`src/features/todo/TodoPage` → `src/features/todo/TodoPage.tsx`). */
export function moduleKey(manifest: Manifest, module: string): string {
  const key = ['.tsx', '.ts', '.jsx', '.js', ''].map((ext) => module + ext).find((k) => manifest[k]);
  if (!key) throw new Error(`${module} is not a chunk of the build`);
  return key;
}

// Source maps: which package each byte of a chunk comes from.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one segment of a source map's `mappings` (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUES.get(char)!;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * `react-dom`, `@mantine/core`, `app` (apps/web/src), `@site/contract` … from a source path of a map.
 * The contract's plain route table (`@site/contract/routes`: paths and methods, no zod) counts
 * apart from its schemas: the first page uses it to call `/api/me`, `/api/health` and log out.
 */
export function packageOf(source: string): string {
  const m = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1]!;
  // The contract's zod-free modules, which the first page may use (docs/architecture.md#the-contract-packagescontract).
  const plain = source.match(/packages\/contract\/(?:src|dist)\/(routes|page-meta|profile-defaults)\.[jt]s$/);
  if (plain) return `@site/contract/${plain[1]}`;
  if (source.includes('packages/contract/')) return '@site/contract';
  if (source.includes('/src/') || source.startsWith('src/')) return 'app code';
  return 'other';
}

/** Minified bytes of a chunk per package, from its source map (generated columns mapped to each source). */
export function bytesByPackage(file: string, dist = webDist): Map<string, number> {
  const mapFile = path.join(dist, `${file}.map`);
  const result = new Map<string, number>();
  const add = (pkg: string, n: number) => result.set(pkg, (result.get(pkg) ?? 0) + n);
  if (!fs.existsSync(mapFile)) {
    add('(no source map)', fileSize(file, dist).raw);
    return result;
  }
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = fs.readFileSync(path.join(dist, file), 'utf8').split('\n');
  const packages = map.sources.map(packageOf);
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const length = lines[index]?.length ?? 0;
    let column = 0;
    let previous: { column: number; pkg: string } | undefined;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const [dColumn, dSource] = decodeSegment(segment);
      column += dColumn!;
      if (previous) add(previous.pkg, column - previous.column);
      let pkg = '(unmapped)';
      if (dSource !== undefined) {
        source += dSource;
        pkg = packages[source] ?? 'other';
      }
      previous = { column, pkg };
    }
    if (previous) add(previous.pkg, length - previous.column);
  });
  return result;
}

/** Chunks (manifest keys) whose source map lists a file of `pkg`. */
export function chunksContaining(manifest: Manifest, pkg: string, dist = webDist): string[] {
  return Object.keys(manifest).filter((key) => {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) return false;
    const mapFile = path.join(dist, `${file}.map`);
    if (!fs.existsSync(mapFile)) return fs.readFileSync(path.join(dist, file), 'utf8').includes(pkg);
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
    return map.sources.some((s) => packageOf(s) === pkg);
  });
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
