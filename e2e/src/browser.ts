import fs from 'node:fs';
import path from 'node:path';
import {
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Browser as PlaywrightBrowser,
} from 'playwright-core';
import { it } from 'vitest';
import { repoRoot } from './server.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Resolves once the app has taken over a pre-rendered page (`data-app-ready` on <html>, set by
 * apps/web/src/main.tsx), at once for a page that was not pre-rendered (the API docs, say). A
 * pre-rendered page is drawn before its scripts run (docs/decisions.md#pre-rendered-pages): a
 * test reading what a click changed must wait for the app first.
 */
export const waitForApp = (page: Page) =>
  page.waitForFunction(
    () => !document.querySelector('#root[data-preload]') || document.documentElement.hasAttribute('data-app-ready'),
  );

/** Whether a load's options ask for an early look ('commit', 'domcontentloaded'): then no waiting for the app. */
const early = (options?: { waitUntil?: string }) =>
  options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded';

/** goto and reload wait for the app too, so every test starts on a page that answers. */
function waitForAppOnLoad(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!early(options)) await waitForApp(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (!early(options)) await waitForApp(page);
    return response;
  };
}

export const screenshotDir = path.join(repoRoot, 'e2e/screenshots');

/**
 * Pictures are for people to look at and nothing compares them, so the tests take them only under
 * `npm run screenshots` (e2e/vitest.screenshots.config.ts sets SCREENSHOTS=1).
 */
export const takingScreenshots = process.env.SCREENSHOTS === '1';

/**
 * The colour schemes a test's loop over widths visits: both when taking pictures, the light one alone
 * otherwise. The dark scheme changes colours, not sizes, so what such a loop checks (overflow, layout,
 * errors) holds in both; theme.e2e.test.ts and accessibility.e2e.test.ts check the dark scheme itself.
 */
export const checkedSchemes = takingScreenshots ? (['light', 'dark'] as const) : (['light'] as const);

/** A test that only takes pictures (its checks are what the pictures need): run by `npm run screenshots` alone. */
export function screenshotsOnly(name: string, body: () => Promise<void>, timeoutMs?: number) {
  (takingScreenshots ? it : it.skip)(name, body, timeoutMs);
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * One Chromium per test worker, launched on first use: a worker runs file after file
 * (e2e/vitest.config.ts), and a launch is a dozen processes and seconds of CPU. Each caller gets a
 * context of its own (docs/testing.md#how-fast), as fresh as a new profile: no cookies, storage,
 * cache or service workers of another. A browser that went away is launched again.
 */
let shared: Promise<PlaywrightBrowser> | undefined;
async function sharedBrowser(): Promise<PlaywrightBrowser> {
  const running = shared && (await shared.catch(() => undefined));
  if (running?.isConnected()) return running;
  shared = chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  return shared;
}

/** Debian's Chromium, a fresh context of it; console errors are collected so tests can assert none. */
export async function launchBrowser(
  viewport = { width: 1280, height: 800 },
  /** The browser's own time zone (IANA), e.g. to show that a page uses the place's zone instead. */
  timezoneId?: string,
  /** More of the context's options (the deploy test's `ignoreHTTPSErrors` for Caddy's own CA). */
  options: BrowserContextOptions = {},
): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium).`);
  }
  const context = await (await sharedBrowser()).newContext({
    viewport,
    ...(timezoneId ? { timezoneId } : {}),
    ...options,
  });
  context.on('page', waitForAppOnLoad);
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  return {
    context,
    close: () => context.close(),
  };
}

/** The contexts tests have open: what a failed test left on screen is in their pages. */
const openContexts = new Set<BrowserContext>();

/** Every page of every context a test has open (for failure-capture.ts). */
export const openPages = (): Page[] => [...openContexts].flatMap((context) => context.pages());

/**
 * Scrolls through the whole page and back to the top, as a reader would, so that what is drawn
 * only near the screen (charts: apps/web/src/components/LazyChart.tsx) is drawn; resolves once no
 * chart is still waiting or loading.
 */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight / 2);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(
    () => !document.querySelector('[data-chart-waiting], [role="status"][aria-label="Loading chart"]'),
  );
}

/**
 * Saves a full-page screenshot under e2e/screenshots/ (git-ignored) for people to look at, charts
 * drawn; `settleMs` lets animations end first. Outside `npm run screenshots` it only scrolls
 * through the page (what the tests around it may rely on) and takes no picture.
 */
export async function screenshot(page: Page, name: string, { settleMs = 0 } = {}) {
  await scrollThrough(page);
  if (!takingScreenshots) return;
  fs.mkdirSync(screenshotDir, { recursive: true });
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  // Sections off screen are not drawn until they near it (content-visibility: auto); a full-page
  // capture is one frame of the whole page, so it shows them drawn, as scrolling does.
  const drawAll = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
  await drawAll.evaluate((style) => (style as Element).remove());
}

/** Collects page errors and console errors, so a test can assert the page ran cleanly. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A failed resource's message does not name it; its location does.
    const at = message.location().url;
    if (message.type() === 'error') errors.push(`console: ${message.text()}${at ? ` (${at})` : ''}`);
  });
  return errors;
}
