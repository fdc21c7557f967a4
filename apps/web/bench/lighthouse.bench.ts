/**
 * Lighthouse 12 on the built site, offline, in Debian's Chromium: performance, accessibility,
 * best practices and SEO scores of every kind of page (the public pages signed out, a demo
 * project's page among them; the to-do list and a wallet signed in, with 20 items and 10
 * holdings), each the median of several runs,
 * with the core metrics, the goal of docs/decisions.md#pre-rendered-pages (performance ≥ 95,
 * LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.02) and every failing audit. Prints figures only; when
 * Chromium or Lighthouse cannot run here it says why and exits 0.
 *
 *   npm run bench:lighthouse    (builds first when the build is missing or stale)
 *
 * Lighthouse's default (mobile) settings: simulated slow 4G and 4× CPU slowdown. The slowdown
 * multiplies this machine's own CPU time, so the figures move with the machine's load: the load
 * average is printed before and after, and Lighthouse's benchmark index of each page (its median).
 * LIGHTHOUSE_RUNS (default 5) runs per page;
 * LIGHTHOUSE_PAGES=home,stock picks pages by label; LIGHTHOUSE_PRESET=desktop uses the desktop
 * config; LIGHTHOUSE_CPU_SLOWDOWN=8 simulates a phone twice as slow (the default mobile one is 4),
 * or the default phone on a machine half as fast as this one; CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  assertBuilt,
  type BenchUser,
  type ServerProcess,
  seedDemoData,
  signUp,
  startServer,
} from '../../server/bench/server-process.js';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const desktop = process.env.LIGHTHOUSE_PRESET === 'desktop';
/** Lighthouse's simulated CPU slowdown, when not its preset's own (4 on mobile). */
const cpuSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
const MAX_ATTEMPTS = 3;
/**
 * The name the browser asks the site by. A deployed site knows its address (PUBLIC_URL), so its
 * canonical links and preview images are absolute, as Lighthouse's SEO audit requires; the bench's
 * port is picked at start, so the site answers to this name (ALLOWED_HOSTS) and builds its links
 * from it. Chromium resolves every *.localhost name to this machine.
 */
const SITE_HOST = 'site.localhost';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
/** The goal, on the mobile preset: docs/decisions.md#pre-rendered-pages. */
const GOAL = { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.02 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface PageToAudit {
  path: string;
  label: string;
  signedIn?: boolean;
}

const pagesToAudit = (walletId: number, projectSlug: string): PageToAudit[] => [
  { path: '/', label: 'home' },
  { path: '/portfolio', label: 'portfolio' },
  { path: `/portfolio/${encodeURIComponent(projectSlug)}`, label: `project ${projectSlug}` },
  { path: '/docs/forecast', label: 'docs' },
  { path: '/apps/forecast', label: 'weather' },
  { path: '/apps/sudoku', label: 'sudoku' },
  { path: '/apps/todo', label: 'to-do (signed in, 20 items)', signedIn: true },
  { path: '/apps/finance', label: 'finance' },
  { path: '/apps/finance/stock/AAPL', label: 'stock AAPL (chart)' },
  { path: `/apps/finance/wallet?wallet=${walletId}`, label: 'wallet (signed in, 10 holdings)', signedIn: true },
];

/** Replaces the browser's cookies with those of `cookieHeader` ('name=value; …') for `origin`, over the DevTools protocol. */
async function setCookies(port: number, origin: string, cookieHeader: string) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCookies');
    const cookies = cookieHeader
      .split(';')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      });
    if (cookies.length) await session.send('Network.setCookies', { cookies });
    await session.detach();
  } finally {
    await browser.disconnect();
  }
}

/** The first published project of the demo portfolio (the list a visitor gets), for its page. */
async function firstProjectSlug(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/portfolio`);
  const answer = (await res.json()) as { slug?: string }[] | { projects?: { slug?: string }[] };
  const projects = Array.isArray(answer) ? answer : (answer.projects ?? []);
  const slug = projects.find((project) => project.slug)?.slug;
  if (!slug) throw new Error(`GET /api/portfolio answered ${res.status} without a project`);
  return slug;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

function skip(reason: string): never {
  console.log(`Lighthouse bench skipped: ${reason}`);
  process.exit(0);
}

async function main() {
  assertBuilt(path.resolve(import.meta.dirname, '../dist/index.html'));
  if (!fs.existsSync(chromePath)) skip(`no Chromium at ${chromePath} (apt-get install chromium, or set CHROMIUM_PATH)`);

  let lighthouse: typeof import('lighthouse').default;
  let desktopConfig: typeof import('lighthouse').desktopConfig;
  let launch: typeof import('chrome-launcher').launch;
  try {
    const lh = await import('lighthouse');
    lighthouse = lh.default;
    desktopConfig = lh.desktopConfig;
    ({ launch } = await import('chrome-launcher'));
  } catch (error) {
    skip(`cannot load lighthouse / chrome-launcher: ${(error as Error).message}`);
  }

  const server: ServerProcess = await startServer({ env: { ALLOWED_HOSTS: SITE_HOST } });
  const site = server.baseUrl.replace('//127.0.0.1:', `//${SITE_HOST}:`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'site-lighthouse-'));
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    const user: BenchUser = await signUp(server.baseUrl);
    const { walletId } = await seedDemoData(server.baseUrl, user, 20, 10);
    const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((label) => label.trim());
    const pages = pagesToAudit(walletId, await firstProjectSlug(server.baseUrl)).filter(
      (page) => !only || only.some((o) => page.label.startsWith(o)),
    );
    try {
      chrome = await launch({
        chromePath,
        userDataDir: profile,
        chromeFlags: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
    } catch (error) {
      skip(`Chromium did not start: ${(error as Error).message}`);
    }
    console.log(
      `Lighthouse ${desktop ? 'desktop' : `mobile (simulated slow 4G, ${cpuSlowdown ?? 4}× CPU slowdown)`} on ${site}, ` +
        `Chromium at ${chromePath}, offline; ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
    );

    const port = chrome.port;
    const scores: Record<string, Record<string, string | number>> = {};
    const findings: string[] = [];
    const misses: string[] = [];
    for (const page of pages) {
      // Signed in as the page's visitor: the session cookie and the readable CSRF cookie in the
      // browser itself, as after a login (the app reads the CSRF cookie to know a session exists;
      // cookies sent only as a request header left it on the signed-out page). Lighthouse clears
      // an origin's storage between runs, but not its cookies.
      await setCookies(port, site, page.signedIn ? user.headers.cookie! : '');
      const started = performance.now();
      const audit = async () => {
        const result = await lighthouse(
          `${site}${page.path}`,
          {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
            ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
          },
          desktop ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        return result.lhr;
      };
      const runs: Awaited<ReturnType<typeof audit>>[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A trace occasionally fails on a busy machine (NO_NAVSTART, NO_FCP): one more try.
        let lhr = await audit();
        for (let attempt = 2; lhr.runtimeError && attempt <= MAX_ATTEMPTS; attempt++) {
          console.log(`  ${page.label}: ${lhr.runtimeError.code}, running it again (attempt ${attempt})`);
          lhr = await audit();
        }
        if (lhr.runtimeError) {
          findings.push(`${page.label}: runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        } else {
          runs.push(lhr);
        }
      }
      const lhr = runs.at(-1);
      if (!lhr) continue;
      const row: Record<string, string | number> = {};
      const scoreOf = (c: (typeof CATEGORIES)[number]) =>
        median(runs.map((r) => Math.round((r.categories[c]?.score ?? Number.NaN) * 100)));
      for (const c of CATEGORIES) row[c] = scoreOf(c);
      const metric = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? Number.NaN));
      const ms = (id: string) => metric(id);
      row.FCP = `${(ms('first-contentful-paint') / 1000).toFixed(1)} s`;
      row.LCP = `${(ms('largest-contentful-paint') / 1000).toFixed(1)} s`;
      row.TBT = `${Math.round(ms('total-blocking-time'))} ms`;
      row.CLS = Number(metric('cumulative-layout-shift').toFixed(3));
      row.SI = `${(ms('speed-index') / 1000).toFixed(1)} s`;
      row['perf runs'] = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(' ');
      // Lighthouse's own measure of this machine's speed as it ran: the simulated phone's slowdown
      // multiplies this machine's CPU time, so a lower index means a slower machine and lower scores.
      row['bench index'] = Math.round(median(runs.map((r) => r.environment.benchmarkIndex)));
      const missed = [
        scoreOf('performance') < GOAL.performance ? `performance ${scoreOf('performance')}` : '',
        ms('largest-contentful-paint') > GOAL.lcpMs ? `LCP ${Math.round(ms('largest-contentful-paint'))} ms` : '',
        ms('total-blocking-time') > GOAL.tbtMs ? `TBT ${Math.round(ms('total-blocking-time'))} ms` : '',
        metric('cumulative-layout-shift') > GOAL.cls ? `CLS ${metric('cumulative-layout-shift').toFixed(3)}` : '',
      ].filter(Boolean);
      row.goal = desktop ? '' : missed.length ? 'missed' : 'met';
      if (missed.length && !desktop) misses.push(`${page.label}: ${missed.join(', ')}`);
      row['run s'] = ((performance.now() - started) / 1000).toFixed(0);
      scores[page.label] = row;

      // Performance opportunities of the last run: what Lighthouse estimates each fix would save.
      const opportunities: string[] = [];
      for (const ref of lhr.categories.performance?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        const details = audit?.details as { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number };
        if (!audit || audit.score === null || audit.score >= 0.9 || details?.type !== 'opportunity') continue;
        if (!details.overallSavingsMs && !details.overallSavingsBytes) continue;
        opportunities.push(
          `${audit.title} (${audit.id}): ${audit.displayValue ?? ''}`.trim() +
            (details.overallSavingsBytes ? `, ${(details.overallSavingsBytes / 1000).toFixed(0)} kB` : ''),
        );
      }
      if (opportunities.length) findings.push(`${page.label} [performance] ${opportunities.join('; ')}`);

      for (const c of ['accessibility', 'best-practices', 'seo'] as const) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 1 || ref.weight === 0) continue;
          const details = audit.details as
            | {
                items?: ({ node?: { snippet?: string; selector?: string; explanation?: string } } & Record<
                  string,
                  unknown
                >)[];
              }
            | undefined;
          const nodes = (details?.items ?? [])
            .map((i) => {
              if (!i.node) return JSON.stringify(i).slice(0, 200);
              const why = i.node.explanation?.split('\n').find((l) => /contrast of/.test(l));
              return `${(i.node.snippet ?? i.node.selector ?? '').slice(0, 120)}${why ? ` — ${why.trim()}` : ''}`;
            })
            .slice(0, 4);
          findings.push(
            `${page.label} [${c}] ${audit.title} (${audit.id}, weight ${ref.weight}, ` +
              `${details?.items?.length ?? 0} items)${nodes.length ? `:\n      ${nodes.join('\n      ')}` : ''}`,
          );
        }
      }
    }
    console.table(scores);
    console.log(`Medians of ${RUNS} runs per page; load average now ${os.loadavg()[0]!.toFixed(1)}.`);
    if (!desktop) {
      console.log(
        misses.length
          ? `Goal (performance ≥ ${GOAL.performance}, LCP ≤ ${GOAL.lcpMs} ms, TBT ≤ ${GOAL.tbtMs} ms, CLS ≤ ${GOAL.cls}) missed:\n  - ${misses.join('\n  - ')}`
          : `Goal (performance ≥ ${GOAL.performance}, LCP ≤ ${GOAL.lcpMs} ms, TBT ≤ ${GOAL.tbtMs} ms, CLS ≤ ${GOAL.cls}) met on every page.`,
      );
    }
    console.log(findings.length ? 'Failing audits:' : 'No failing accessibility, best-practice or SEO audits.');
    for (const f of findings) console.log(`  - ${f}`);
  } finally {
    await chrome?.kill();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

await main();
