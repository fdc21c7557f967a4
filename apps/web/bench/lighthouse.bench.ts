/**
 * Lighthouse 12 on the built site, offline, in Debian's Chromium: performance, accessibility,
 * best practices and SEO scores of the home page and a few app pages (signed out, and the to-do
 * list signed in with 20 items), with the core metrics and every failing accessibility audit.
 * Prints figures only; when Chromium or Lighthouse cannot run here it says why and exits 0.
 *
 *   npm run bench:lighthouse    (builds first when the build is missing or stale)
 *
 * Lighthouse's default (mobile) settings: simulated slow 4G and 4× CPU slowdown, so the
 * performance score reflects the bundle's weight, not this machine's speed.
 * LIGHTHOUSE_PRESET=desktop uses the desktop config; CHROMIUM_PATH overrides /usr/bin/chromium.
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
const MAX_ATTEMPTS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

interface PageToAudit {
  path: string;
  label: string;
  signedIn?: boolean;
}

const PAGES: PageToAudit[] = [
  { path: '/', label: 'home /' },
  { path: '/apps/forecast', label: 'weather /apps/forecast' },
  { path: '/apps/todo', label: 'to-do /apps/todo (signed in, 20 items)', signedIn: true },
  { path: '/apps/finance/stock/AAPL', label: 'stock page /apps/finance/stock/AAPL (chart)' },
];

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

  const server: ServerProcess = await startServer();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'site-lighthouse-'));
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    const user: BenchUser = await signUp(server.baseUrl);
    await seedDemoData(server.baseUrl, user, 20, 10);
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
      `Lighthouse ${desktop ? 'desktop' : 'mobile (default: simulated slow 4G, 4× CPU slowdown)'} on ${server.baseUrl}, ` +
        `Chromium at ${chromePath}, offline; ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
    );

    const port = chrome.port;
    const scores: Record<string, Record<string, string | number>> = {};
    const findings: string[] = [];
    for (const page of PAGES) {
      const started = performance.now();
      const audit = async () => {
        const result = await lighthouse(
          `${server.baseUrl}${page.path}`,
          {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
            ...(page.signedIn ? { extraHeaders: { Cookie: user.headers.cookie! } } : {}),
          },
          desktop ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        return result.lhr;
      };
      // A trace occasionally fails on a busy machine (NO_NAVSTART, NO_FCP): one more try.
      let lhr = await audit();
      for (let attempt = 2; lhr.runtimeError && attempt <= MAX_ATTEMPTS; attempt++) {
        console.log(`  ${page.label}: ${lhr.runtimeError.code}, running it again (attempt ${attempt})`);
        lhr = await audit();
      }
      if (lhr.runtimeError) {
        findings.push(`${page.label}: runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      }
      const row: Record<string, string | number> = {};
      for (const c of CATEGORIES) {
        const score = lhr.categories[c]?.score;
        row[c] = score === null || score === undefined ? 'n/a' : Math.round(score * 100);
      }
      for (const [id, short] of METRICS) row[short] = lhr.audits[id]?.displayValue ?? 'n/a';
      row['run s'] = ((performance.now() - started) / 1000).toFixed(0);
      scores[page.label] = row;

      // Performance opportunities: what Lighthouse estimates each fix would save.
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
    console.log(findings.length ? 'Failing audits:' : 'No failing accessibility, best-practice or SEO audits.');
    for (const f of findings) console.log(`  - ${f}`);
  } finally {
    await chrome?.kill();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

await main();
