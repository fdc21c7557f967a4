#!/usr/bin/env node
// Writes the import-boundary overrides of biome.json (docs/architecture.md#boundaries) from the
// feature folders that exist, so a new feature is covered by re-running this script:
//   node scripts/boundary-rules.mjs
// It leaves biome.json untouched when the rules are already those (so a run changes no file), and
// otherwise writes them and formats the file as Biome does.
// Patterns are anchored relative paths ('../todo/**', '../../todo/**', …) because an import
// from one feature into another climbs to features/ and descends into the other's folder;
// integrations/ shares some names with features and must stay importable.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const featuresOf = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const climbs = ['../', '../../', '../../../', '../../../../'];
const into = (names, deep = false) =>
  names.flatMap((name) => climbs.flatMap((up) => (deep ? [`${up}${name}/**`] : [`${up}${name}`, `${up}${name}/**`])));
const rule = (patterns) => ({
  linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
});

const web = featuresOf('apps/web/src/features');
const server = featuresOf('apps/server/src/features');
const overrides = [
  {
    includes: ['apps/web/src/features/**'],
    ...rule([
      {
        group: into(web.filter((name) => name !== 'auth')),
        message:
          'A feature does not import another feature: compose them in app/, or move what both use to components/, hooks/ or lib/ (docs/architecture.md#boundaries)',
      },
      {
        group: into(['auth'], true),
        message: "Use the auth feature's public API: import features/auth (its index.ts), not its files",
      },
      { group: into(['app']), message: 'Features never import app/: app/ composes features, not the other way round' },
    ]),
  },
  {
    includes: ['apps/web/src/components/**', 'apps/web/src/hooks/**', 'apps/web/src/lib/**', 'apps/web/src/config/**'],
    ...rule([
      {
        group: ['**/features', '**/features/**', '**/app', '**/app/**'],
        message: 'Shared code (components/, hooks/, lib/, config/) never imports features or app/',
      },
    ]),
  },
  {
    includes: ['apps/server/src/features/**'],
    ...rule([
      {
        group: into(server),
        message:
          'A server feature does not import another feature: outside systems come from app.deps (integrations/), shared plumbing from core/ (docs/architecture.md#boundaries)',
      },
      { group: ['**/app.js'], message: 'Features never import the app: the app builds them' },
    ]),
  },
  {
    includes: ['apps/server/src/core/**', 'apps/server/src/db/**', 'apps/server/src/integrations/**'],
    ...rule([
      {
        group: ['**/features', '**/features/**', '**/app.js'],
        message: 'core/, db/ and integrations/ never import features or the app',
      },
    ]),
  },
  {
    // ops/ runs the site (scheduled backups); its tests may build the app, it never reaches into features.
    includes: ['apps/server/src/ops/**'],
    ...rule([{ group: ['**/features', '**/features/**'], message: 'ops/ never imports features' }]),
  },
];

const file = path.join(root, 'biome.json');
const before = fs.readFileSync(file, 'utf8');
const config = JSON.parse(before);
config.linter.rules.suspicious = { ...config.linter.rules.suspicious, noImportCycles: 'error' };
config.overrides = overrides;
if (JSON.stringify(config) === JSON.stringify(JSON.parse(before))) {
  console.log('biome.json: the boundary rules are up to date');
} else {
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  spawnSync('npx', ['biome', 'format', '--write', 'biome.json'], { cwd: root, stdio: 'inherit' });
  console.log('biome.json: boundary rules rewritten');
}
