import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../apps/server/src/config.js';
import { guideBlocks, PROSE, partScript, SUBSTITUTIONS, substituted } from './rehearsal/guide-script.mjs';

/**
 * The deploy kit's recipes cannot all run in the test suite: no image registry is reachable, so the
 * container image is never built, and the units need a machine booted with systemd
 * (`npm run rehearse:guide` runs the guide on one, by hand). This keeps them honest instead: they
 * build with the commands CI runs, start the server the way `npm start` does, name only variables
 * the server reads, the unit files pass `systemd-analyze verify`, and the rehearsal still follows
 * every block of the guide.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

const SCHEMA = new Set(CONFIG_VARIABLES);

/** What `npm start` passes to Node (scripts/start.mjs reads it). */
const NODE_FLAGS: string[] = JSON.parse(read('apps/server/node-flags.json'));

interface Instruction {
  keyword: string;
  args: string;
}
/** A Dockerfile's stages, each a list of instructions (continuation lines joined, comments dropped). */
function dockerStages(text: string): Instruction[][] {
  const stages: Instruction[][] = [];
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '');
  for (const line of logical) {
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!match) throw new Error(`Unreadable Dockerfile line: ${line}`);
    const instruction = { keyword: match[1]!.toUpperCase(), args: match[2]!.trim().replace(/\s+/g, ' ') };
    if (instruction.keyword === 'FROM') stages.push([]);
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${instruction.keyword} before FROM`);
    stage.push(instruction);
  }
  return stages;
}
const argsOf = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword).map((i) => i.args);
/** `KEY=value KEY2=value` (an ENV line, a unit's Environment=) as pairs. */
const assignments = (text: string) =>
  Object.fromEntries(text.split(/\s+/).map((pair) => pair.split('=', 2) as [string, string]));

/** A systemd unit file as `Key -> values`, every section together (enough for these files). */
function unitSettings(file: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of read(file).split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match) settings.set(match[1]!, [...(settings.get(match[1]!) ?? []), match[2]!]);
  }
  return settings;
}
const one = (settings: Map<string, string[]>, key: string) => {
  const values = settings.get(key) ?? [];
  expect(values, key).toHaveLength(1);
  return values[0]!;
};

/** deploy/site.env.example as the unit's EnvironmentFile reads it, plus the names it shows commented out. */
function envFileExample() {
  const values: Record<string, string> = {};
  const commented: string[] = [];
  for (const line of read('deploy/site.env.example').split('\n')) {
    const set = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    // systemd takes the quotes off a quoted value.
    if (set) values[set[1]!] = set[2]!.replace(/^"(.*)"$/, '$1');
    const off = /^#([A-Z0-9_]+)=/.exec(line);
    if (off) commented.push(off[1]!);
  }
  return { values, commented };
}

describe('deploy/Dockerfile', () => {
  const stages = dockerStages(read('deploy/Dockerfile'));
  const build = stages[0]!;
  const runtime = stages.at(-1)!;
  /** The npm commands of the build stage's RUN steps, in order. */
  const npmSteps = argsOf(build, 'RUN')
    .flatMap((run) => run.split('&&').map((command) => command.trim()))
    .filter((command) => command.startsWith('npm '));

  it('builds and runs on node:20-bookworm-slim in two stages', () => {
    expect(stages).toHaveLength(2);
    expect(argsOf(build, 'FROM')).toEqual(['node:20-bookworm-slim AS build']);
    expect(argsOf(runtime, 'FROM')).toEqual(['node:20-bookworm-slim']);
  });

  it('installs and builds with the commands CI runs', () => {
    const ciInstall = read('.ci/run')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('npm ci'));
    expect(ciInstall).toHaveLength(1);
    // CI builds inside `npm test` (scripts/test.mjs), with the package's build script.
    expect(read('scripts/test.mjs')).toMatch(/'npm',\s*\['run',\s*'-s',\s*'build'\]/);
    expect(JSON.parse(read('package.json')).scripts.build).toBeTruthy();
    expect(npmSteps.slice(0, 2)).toEqual([ciInstall[0], 'npm run build']);
  });

  it('ships only production dependencies, pruned after the build', () => {
    expect(npmSteps.slice(2)).toEqual(['npm prune --omit=dev --no-audit --no-fund']);
    // The runtime installs nothing itself: it copies the pruned node_modules.
    expect(argsOf(runtime, 'RUN').join(' ')).not.toMatch(/\bnpm\b/);
    expect(argsOf(runtime, 'COPY')).toContain('--from=build /app/node_modules node_modules');
  });

  it('starts the server as `npm start` does: the same Node flags, file and NODE_ENV', () => {
    const start = read('scripts/start.mjs');
    expect(start).toContain("'apps/server/node-flags.json'");
    expect(start).toContain("'apps/server/dist/main.js'");
    expect(start).toContain("NODE_ENV: 'production'");
    const cmd = argsOf(runtime, 'CMD');
    expect(cmd).toHaveLength(1);
    expect(JSON.parse(cmd[0]!)).toEqual(['node', ...NODE_FLAGS, 'apps/server/dist/main.js']);
    // The server finds its geodata and the web build relative to apps/server (server-root.ts).
    expect(argsOf(runtime, 'WORKDIR')).toEqual(['/app']);
    for (const dir of ['apps/server/dist', 'apps/server/geodata', 'apps/web/dist'])
      expect(argsOf(runtime, 'COPY')).toContain(`--from=build /app/${dir} ${dir}`);
  });

  it('runs as a non-root user with a health check and the data volume', () => {
    const env = Object.assign({}, ...argsOf(runtime, 'ENV').map(assignments));
    expect(env.NODE_ENV).toBe('production');
    for (const name of Object.keys(env)) expect(SCHEMA, `ENV ${name}`).toContain(name);
    expect(argsOf(runtime, 'USER')).toEqual(['node']);
    expect(argsOf(runtime, 'VOLUME')).toEqual([env.DATA_DIR]);
    expect(argsOf(runtime, 'HEALTHCHECK').join()).toContain("/api/health'");
  });

  it('is sent no installed or built files (.dockerignore)', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '.git', '**/.env']) expect(ignored).toContain(pattern);
  });
});

describe('deploy/compose.yaml', () => {
  interface Service {
    image?: string;
    build?: { context: string; dockerfile: string };
    environment?: Record<string, string>;
    volumes?: string[];
    stop_grace_period?: string;
  }
  const compose = parseYaml(read('deploy/compose.yaml')) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const services = compose.services;
  const siteServices = Object.entries(services).filter(([, s]) => s.build?.dockerfile === 'deploy/Dockerfile');
  /** Compose's `${NAME}`, `${NAME:-default}` and `${NAME:?message}` with the values a person would give. */
  const given: Record<string, string> = { SITE_DOMAIN: 'me.example.com', POSTGRES_PASSWORD: 'a-password' };
  const interpolate = (value: string) =>
    String(value).replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
      const value = given[name];
      if (value !== undefined) return value;
      if (kind === '?') throw new Error(`${name} must be given: ${rest}`);
      return kind === '-' ? (rest ?? '') : '';
    });
  const environment = (service: Service) =>
    Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(v)]));

  it('has the site twice, PostgreSQL 15, Redis 7, Caddy and a backup', () => {
    expect(siteServices.map(([name]) => name)).toEqual(['site-1', 'site-2']);
    expect(Object.keys(services).sort()).toEqual(['backup', 'caddy', 'postgres', 'redis', 'site-1', 'site-2']);
    expect(services.postgres!.image).toBe('postgres:15');
    expect(services.redis!.image).toBe('redis:7');
    expect(services.caddy!.image).toMatch(/^caddy:2/);
    for (const [, site] of siteServices) expect(site.build!.context).toBe('..');
  });

  it('sets only variables the server reads, in a configuration it accepts', () => {
    for (const [name, site] of siteServices) {
      const env = environment(site);
      for (const variable of Object.keys(env)) expect(SCHEMA, `${name}: ${variable}`).toContain(variable);
      const config = loadConfig(env);
      expect(config.databaseUrl).toBeDefined();
      expect(config.redisUrl).toBeDefined();
      expect(config.trustProxy).not.toBe(false);
    }
    // The backup service runs deploy/pg-backup.sh with the site's own names.
    for (const variable of Object.keys(environment(services.backup!))) expect(SCHEMA).toContain(variable);
  });

  it('points the site at the database PostgreSQL creates', () => {
    const postgres = environment(services.postgres!);
    expect(Object.keys(postgres).sort()).toEqual(['POSTGRES_DB', 'POSTGRES_PASSWORD', 'POSTGRES_USER']);
    for (const service of [...siteServices.map(([, s]) => s), services.backup!]) {
      const url = new URL(environment(service).DATABASE_URL!);
      expect([url.hostname, url.username, url.password, url.pathname]).toEqual([
        'postgres',
        postgres.POSTGRES_USER,
        postgres.POSTGRES_PASSWORD,
        `/${postgres.POSTGRES_DB}`,
      ]);
    }
  });

  it("gives Caddy only the Caddyfile's own placeholders, and the instances as its upstreams", () => {
    const caddyfile = read('deploy/Caddyfile');
    const env = environment(services.caddy!);
    for (const variable of Object.keys(env)) expect(caddyfile, variable).toContain(`{$${variable}:`);
    expect(env.SITE_UPSTREAMS!.split(' ')).toEqual(siteServices.map(([name]) => `${name}:8000`));
    expect(services.caddy!.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('stops an instance as gently as the systemd unit does, and names only volumes it declares', () => {
    const timeout = one(unitSettings('deploy/site@.service'), 'TimeoutStopSec');
    for (const [, site] of siteServices) expect(site.stop_grace_period).toBe(`${timeout}s`);
    for (const service of Object.values(services))
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('./')) expect(fs.existsSync(path.join(ROOT, 'deploy', source)), volume).toBe(true);
        else expect(Object.keys(compose.volumes), volume).toContain(source);
      }
  });
});

describe('deploy/site@.service', () => {
  const unit = unitSettings('deploy/site@.service');

  it('starts the built server as `npm start` does', () => {
    const root = one(unit, 'WorkingDirectory');
    expect(one(unit, 'ExecStart').split(' ')).toEqual([
      '/usr/bin/node',
      ...NODE_FLAGS,
      `${root}/apps/server/dist/main.js`,
    ]);
    expect(assignments(one(unit, 'Environment')).NODE_ENV).toBe('production');
  });

  it('sets only variables the server reads, and the example file leaves the per-instance ones alone', () => {
    const fromUnit = assignments(one(unit, 'Environment'));
    const { values, commented } = envFileExample();
    for (const name of [...Object.keys(fromUnit), ...Object.keys(values), ...commented])
      expect(SCHEMA, name).toContain(name);
    // An EnvironmentFile overrides Environment=: the instance's port must come from the unit.
    for (const name of Object.keys(fromUnit)) if (name !== 'NODE_ENV') expect(values).not.toHaveProperty(name);
    const config = loadConfig({ ...fromUnit, ...values, PORT: '8001' });
    expect(config.publicUrl).toMatch(/^https:/);
    expect(config.trustProxy).not.toBe(false);
  });
});

const systemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;

describe('systemd units', () => {
  const units = ['site@.service', 'site-backup.service', 'site-backup.timer'];

  // Skipped only where systemd-analyze is not installed (it is on Debian and on the CI machines).
  it.skipIf(!systemdAnalyze)('pass systemd-analyze verify (skipped when systemd-analyze is absent)', () => {
    // The units name the checkout at /opt/site; verified as copies naming this checkout, so that
    // every program they start must exist and be executable.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'units-'));
    try {
      for (const file of units)
        fs.writeFileSync(path.join(dir, file), read(`deploy/${file}`).replaceAll('/opt/site/', `${ROOT}/`));
      const result = spawnSync('systemd-analyze', ['verify', '--man=no', ...units.map((f) => path.join(dir, f))], {
        encoding: 'utf8',
      });
      // verify exits 0 on an unknown key or a value it cannot parse, and only prints a warning.
      expect(`${result.stdout}${result.stderr}`).toBe('');
      expect(result.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!systemdAnalyze)('keep the service hardened (skipped when systemd-analyze is absent)', () => {
    const report = execFileSync(
      'systemd-analyze',
      ['security', '--offline=true', path.join(ROOT, 'deploy/site@.service')],
      { encoding: 'utf8' },
    );
    const exposure = Number(/Overall exposure level for \S+: ([\d.]+)/.exec(report)?.[1]);
    // 0 is fully locked down, 10 not at all; the unit scores 1.7 with systemd 252.
    expect(exposure).toBeLessThanOrEqual(2.5);
  });
});

describe('docs/deploy.md, as `npm run rehearse:guide` follows it', () => {
  const guide = read('docs/deploy.md');
  const blocks = guideBlocks(guide);

  it('still has everything the rehearsal stands in for', () => {
    expect(() => substituted(guide)).not.toThrow();
    for (const [from] of SUBSTITUTIONS) expect(substituted(guide)).not.toMatch(from);
    const firstLines = guideBlocks(substituted(guide)).map((block) => block.text.split('\n')[0] ?? '');
    for (const [prefix] of PROSE) expect(firstLines.filter((line) => line.startsWith(prefix))).toHaveLength(1);
  });

  it('runs every block of sections 1 to 11 but the two for a second machine', () => {
    const install = partScript('install', guide);
    const upgrade = partScript('upgrade', guide);
    const restart = partScript('restart', guide);
    const run = new Set(`${install}${upgrade}${restart}`.split('\n'));
    const followed = guideBlocks(substituted(guide)).filter((block) => /^\d+\. |^Running commands/.test(block.section));
    expect(new Set(followed.map((block) => block.section.split('.')[0])).size).toBeGreaterThanOrEqual(12);
    const skipped = followed.filter(
      (block) =>
        !block.text
          .trimEnd()
          .split('\n')
          .every((line) => run.has(line)),
    );
    expect(skipped.map((block) => block.text.split(/[ \n]/)[0])).toEqual(['rsync', 'export']);
    expect(restart.trim().split('\n').at(-1)).toBe('/opt/site/deploy/rolling-restart.sh');
    expect(upgrade).not.toContain('rolling-restart.sh');
    expect(blocks.length).toBe(followed.length + blocks.filter((b) => b.section === 'Containers').length);
  });
});
