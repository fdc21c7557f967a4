import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, COLOUR_RULES, describeViolations } from './axe.js';
import { scrollThrough } from './browser.js';
import { E2E_ADMIN_PASSWORD, type RunningServer } from './server.js';
import { logInThroughUi, signUpOnThisPage, uniqueUsername } from './session.js';
import { openSite, type Site } from './site.js';
import { startGame } from './sudoku-game.js';

/**
 * docs/product.md#accessibility: axe-core (WCAG 2.2 AA rules) on every page and every state that
 * matters, in the light colour scheme and, for the rules that read colours, the dark one; zero violations. One server and one browser
 * for the whole file; each test walks its states in both schemes and reports everything it found.
 */

const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

describe('accessibility: axe finds no WCAG 2.2 AA violations, light and dark', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  /** What axe found in the current test, one entry per state checked. */
  let found: string[] = [];

  beforeAll(async () => {
    site = await openSite({ viewport: { width: 1280, height: 900 } });
    ({ server, page } = site);
  });
  afterAll(() => site?.close());

  const url = (path: string) => `${server.baseUrl}${path}`;

  /** The site follows the system's scheme until the visitor picks one (docs/product.md#layout). */
  async function useScheme(scheme: Scheme) {
    await page.emulateMedia({ colorScheme: scheme });
  }

  /** Runs axe on the page as it is now and keeps what it found under this state's name. */
  async function check(state: string, scheme: Scheme) {
    // Mantine's enter transitions (modals, popovers, tabs) must have ended: mid-fade colours are
    // not the real ones. Waits for the browser to report every finite animation finished (a
    // loader's endless spin does not count), not for a guessed time.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    );
    // The dark scheme changes colours only: its pass runs the rules that read them.
    const violations = await axeViolations(page, scheme === 'dark' ? { rules: COLOUR_RULES } : {});
    if (violations.length > 0) found.push(`${state} (${scheme}):\n${describeViolations(violations)}`);
  }

  /** Fails the test with every violation of every state it checked. */
  function expectNone() {
    const report = found.join('\n\n');
    found = [];
    if (report) throw new Error(`axe found WCAG 2.2 AA violations:\n\n${report}`);
  }

  async function open(path: string, ready: (page: Page) => Promise<unknown>) {
    await page.goto(url(path));
    await ready(page);
  }

  it('signed out: home, portfolio, docs, a 404 page, the login and signup modals, the phone menu', async () => {
    await page.goto(url('/'));
    for (const scheme of SCHEMES) {
      await useScheme(scheme);
      await open('/', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
      await check('home', scheme);
      await page.getByRole('button', { name: 'Login' }).first().click();
      await page.getByRole('dialog', { name: 'Login' }).waitFor();
      await check('login modal', scheme);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Signup' }).first().click();
      await page.getByRole('dialog', { name: 'Signup' }).waitFor();
      await check('signup modal', scheme);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      await open('/portfolio', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
      await check('portfolio', scheme);
      await open('/docs/sudoku', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
      await check('docs (sudoku)', scheme);
      await open('/no/such/page', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
      await check('404 page', scheme);

      await page.setViewportSize({ width: 375, height: 800 });
      await open('/', (p) => p.getByRole('button', { name: 'Open navigation' }).click());
      await page.getByRole('dialog').waitFor();
      await check('phone menu at 375 px', scheme);
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expectNone();
  });

  it('weather: a forecast, the autocomplete open, an error shown', async () => {
    await page.goto(url('/'));
    await signUpOnThisPage(page, uniqueUsername('a11y'));
    const input = () => page.getByRole('combobox', { name: 'Location' });
    const results = () => page.getByRole('region', { name: 'Forecast results' });
    for (const scheme of SCHEMES) {
      await useScheme(scheme);
      await open('/apps/forecast', (p) => p.getByRole('heading', { name: 'Weather Forecast' }).waitFor());
      await input().fill('');
      await input().click();
      await page.keyboard.type('Denver', { delay: 20 });
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      await check('weather autocomplete', scheme);
      await page.keyboard.press('Enter');
      await expect.poll(() => results().getByRole('article').count()).toBe(7);
      await results().getByRole('article').first().getByRole('button', { expanded: false }).click();
      await check('weather forecast with a day open', scheme);
      await input().fill('Qqxzzqq Nowhere');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText('Could not search for this address').waitFor();
      await check('weather error', scheme);
    }
    expectNone();
  });

  it('sudoku: the menu (both tabs), a game with a hint and notes, a finished game with its solving path', async () => {
    for (const scheme of SCHEMES) {
      await useScheme(scheme);
      await open('/apps/sudoku', (p) => p.getByRole('button', { name: 'Start Game' }).waitFor());
      await check('sudoku menu, Puzzles tab', scheme);
      await startGame(page, server.baseUrl, 'Easy');
      await check('sudoku board', scheme);
      await page.getByRole('button', { name: 'Hint' }).click();
      await page.getByTestId('hint-panel').waitFor();
      await check('sudoku hint panel', scheme);
      await page.getByRole('button', { name: 'Fill candidates' }).click();
      await page.getByRole('group', { name: 'Entry mode' }).getByRole('button', { name: 'Notes' }).click();
      await check('sudoku notes mode', scheme);
      await page.getByRole('button', { name: 'Give Up' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Give Up' }).click();
      await page.getByRole('button', { name: 'Show the solving path' }).click();
      await page.getByRole('dialog', { name: 'Solving path' }).waitFor();
      await check('sudoku solving path dialog', scheme);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await check('sudoku finished game', scheme);
      await open('/apps/sudoku?tab=statistics', (p) => p.getByRole('tabpanel').waitFor());
      await check('sudoku menu, Statistics tab', scheme);
    }
    expectNone();
  });

  it('todo: the rows, the cards and the edit modal, the Today view', async () => {
    await page.goto(url('/apps/todo'));
    await page.getByRole('button', { name: 'Add Item' }).click();
    const add = page.getByRole('dialog', { name: 'Add Item' });
    await add.getByLabel('Title').fill('Water the plants');
    await add.getByRole('button', { name: 'Add Item' }).click();
    await add.waitFor({ state: 'hidden' });
    for (const scheme of SCHEMES) {
      await useScheme(scheme);
      await open('/apps/todo', (p) => p.getByRole('listitem', { name: 'Water the plants' }).waitFor());
      await check('todo rows', scheme);
      await open('/apps/todo?view=today', (p) => p.getByRole('heading', { level: 1, name: 'Today' }).waitFor());
      await check('todo today', scheme);
      await open('/apps/todo', (p) => p.getByRole('listitem', { name: 'Water the plants' }).waitFor());
      await page.getByText('Cards', { exact: true }).click();
      await page.getByRole('article', { name: 'Water the plants' }).waitFor();
      await check('todo cards', scheme);
      await page.getByRole('button', { name: 'Edit Water the plants' }).click();
      await page.getByRole('dialog').waitFor();
      await check('todo edit modal', scheme);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      // Back to the rows (the choice is remembered) for the next scheme.
      await page.getByText('Rows', { exact: true }).click();
    }
    expectNone();
  });

  it('finance: the home with the search popup, a stock page with its Analysis chart, a wallet with holdings', async () => {
    await page.goto(url('/apps/finance'));
    await page.getByLabel('Wallet name').fill('Access');
    await page.getByRole('button', { name: 'Create Wallet' }).click();
    const form = page.getByRole('form', { name: 'Trade with Access' });
    await form.getByLabel('Symbol').fill('AAPL');
    await form.getByLabel('Quantity').fill('5');
    await expect.poll(async () => (await form.getByLabel('Price').inputValue()).length).toBeGreaterThan(1);
    await form.getByRole('button', { name: 'Buy' }).click();
    await expect.poll(() => form.getByLabel('Symbol').inputValue()).toBe('');
    for (const scheme of SCHEMES) {
      await useScheme(scheme);
      await open('/apps/finance', (p) => p.getByRole('table', { name: 'My Wallets' }).waitFor());
      await check('finance home', scheme);
      await page.getByRole('textbox', { name: 'Stock symbol' }).fill('MSFT');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('dialog').getByText('Microsoft', { exact: false }).first().waitFor();
      await check('finance search popup', scheme);
      await page.keyboard.press('Escape');

      await open('/apps/finance/stock/AAPL', (p) => p.getByText('Company Information').waitFor());
      await check('stock page, Profile', scheme);
      await page.getByRole('tab', { name: 'Analysis' }).click();
      await page.getByRole('figure', { name: /^Price history chart/ }).waitFor();
      await check('stock page, Analysis chart', scheme);

      await open('/apps/finance/wallet', (p) => p.getByRole('region', { name: 'Performance' }).waitFor());
      // Charts are drawn when their place comes near the screen (apps/web/src/components/LazyChart.tsx).
      await scrollThrough(page);
      await page.locator('canvas').first().waitFor();
      await check('wallet page with holdings and performance', scheme);
    }
    expectNone();
  });

  /** Presses Tab up to `count` times and describes each element that got focus, to the page's end. */
  async function tabThrough(count: number) {
    const stops = [];
    for (let i = 0; i < count; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        // Mantine's text fields and selects show focus by a border in the primary colour.
        const probe = document.createElement('span');
        probe.style.color = 'var(--mantine-primary-color-filled)';
        document.body.append(probe);
        const primary = getComputedStyle(probe).color;
        probe.remove();
        const field = /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && style.borderTopColor === primary;
        return {
          name: (
            el.getAttribute('aria-label') ??
            (el as HTMLInputElement).labels?.[0]?.textContent ??
            el.textContent ??
            ''
          )
            .trim()
            .slice(0, 40),
          inMain: Boolean(el.closest('main')),
          inTopBar: Boolean(el.closest('header')) && !el.closest('main'),
          // A visible indicator: an outline or a box-shadow ring (Mantine's focus ring is an outline),
          // or a field's focus border.
          ring:
            (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
            style.boxShadow !== 'none' ||
            field,
          shown: rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden',
        };
      });
      // Past the last control focus leaves the document (the browser's own UI).
      if (stop === null) break;
      stops.push(stop);
    }
    return stops;
  }

  it('keyboard: the skip link comes first, every stop shows a focus ring, header before the page', async () => {
    await page.goto(url('/'));
    await useScheme('light');
    // Focus styles read at once, not mid-transition (Mantine fades a field's border in).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open('/', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    const home = await tabThrough(60);
    expect(home[0]?.name).toBe('Skip to content');
    expect(home.length).toBeGreaterThan(8);
    expect(home.filter((stop) => !stop.shown).map((stop) => stop.name)).toEqual([]);
    expect(home.filter((stop) => !stop.ring).map((stop) => stop.name)).toEqual([]);
    const firstInMain = home.findIndex((stop) => stop?.inMain);
    const lastInHeader = home.findLastIndex((stop) => stop.inTopBar);
    expect(firstInMain).toBeGreaterThan(0);
    expect(lastInHeader).toBeLessThan(firstInMain);

    // The skip link jumps over the header: the next Tab lands inside the page.
    await open('/', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const [next] = await tabThrough(1);
    expect(next?.inMain).toBe(true);

    // A game needs an account; this test also runs on its own (vitest -t), signed out.
    if (await page.getByRole('button', { name: 'Signup' }).first().isVisible()) {
      await signUpOnThisPage(page, uniqueUsername('a11yk'));
    }
    await startGame(page, server.baseUrl, 'Easy');
    // From the top, as a visitor arriving by the link would.
    await page.reload();
    await page.getByRole('grid', { name: 'Sudoku board' }).waitFor();
    const game = await tabThrough(40);
    expect(game[0]?.name).toBe('Skip to content');
    expect(game.filter((stop) => !stop.shown).map((stop) => stop.name)).toEqual([]);
    expect(game.filter((stop) => !stop.ring).map((stop) => stop.name)).toEqual([]);
    expect(game.some((stop) => /^Row \d, column \d$/.test(stop?.name ?? ''))).toBe(true);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('prefers-reduced-motion: reduce turns transitions off', async () => {
    const skipTransition = () =>
      page.getByRole('link', { name: 'Skip to content' }).evaluate((el) => getComputedStyle(el).transitionDuration);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await open('/', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    expect(await skipTransition()).not.toBe('0s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await skipTransition()).toBe('0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('account, and admin as the admin', async () => {
    for (const scheme of SCHEMES) {
      await useScheme(scheme);
      await open('/account', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
      await check('account', scheme);
    }
    await page.getByRole('button', { name: 'Log Out' }).first().click();
    await page.getByRole('button', { name: 'Login' }).first().waitFor();
    await logInThroughUi(page, server.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
    for (const scheme of SCHEMES) {
      await useScheme(scheme);
      for (const tab of ['users', 'status', 'notice']) {
        await open(`/admin?tab=${tab}`, (p) => p.getByRole('tabpanel').waitFor());
        await check(`admin, ${tab}`, scheme);
      }
    }
    expectNone();
  });
});
