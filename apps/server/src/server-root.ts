import path from 'node:path';

/**
 * The server package's folder (apps/server). This module sits one level below it in src/ (run from
 * source) and in dist/ (the bundle, whose chunks all lie flat in dist/), so files that live beside the
 * server — its geodata, the web build, the repository's package.json — are found from here whatever
 * module asks.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');
