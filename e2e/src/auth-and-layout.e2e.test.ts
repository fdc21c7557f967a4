import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, screenshot, watchErrors } from './browser.js';
import { type RunningServer, startServer } from './server.js';

/** Errors a page may log on purpose: the browser reports every 4xx answer as a failed resource. */
const expectedNoise = /Failed to load resource: the server responded with a status of (401|404)/;

describe('accounts and the site shell in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  // Long on purpose (30 is the limit): the top bar must make room for it at tablet width.
  const username = `e2e_${Date.now().toString(36)}_longer_name`;
  const password = 'e2e-password-123';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 1280, height: 800 });
    page = await browser.context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const storage = () =>
    page.evaluate(() => ({
      token: localStorage.getItem('token'),
      userId: localStorage.getItem('userId'),
      username: localStorage.getItem('username'),
    }));

  it('shows the home page with hero, notice and demo badge at desktop width', async () => {
    await page.goto(server.baseUrl);
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Demo data').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Home' }).first().isVisible()).toBe(true);
    await screenshot(page, 'home-desktop');
  });

  it('lists the apps and their docs in the Apps dropdown', async () => {
    await page.getByRole('button', { name: /Apps/ }).first().click();
    for (const name of ['Forecast', 'Sudoku', 'To-Do List', 'Finance']) {
      await expect.poll(() => page.getByRole('menuitem', { name }).count()).toBe(2);
    }
    await expect.poll(() => page.getByText('Docs', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'apps-menu');
    await page.keyboard.press('Escape');
  });

  it('keeps the top bar fixed once the page scrolls past it', async () => {
    const header = page.locator('header').first();
    const before = await header.evaluate((el) => getComputedStyle(el).position);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await expect.poll(() => header.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(0);
    expect(before).not.toBe('fixed');
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  it('signs up through the modal and reloads signed in', async () => {
    await page.getByRole('button', { name: 'Signup' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Signup' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill(`${username}@example.com`);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await screenshot(page, 'signup-modal');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Signup' }).click()]);
    await expect.poll(() => page.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true);
    expect(await storage()).toMatchObject({ username, token: expect.any(String), userId: expect.any(String) });
  });

  it('keeps the demo badge whole beside a long username at tablet width (800 px)', async () => {
    await page.setViewportSize({ width: 800, height: 800 });
    try {
      const label = page.locator('header .mantine-Badge-label', { hasText: /Demo data/i }).first();
      await label.waitFor();
      // Truncated text scrolls wider than its box ("D…" before the fix).
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true);
      await screenshot(page, 'top-bar-800-signed-in');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('logs out to / and forgets the stored identity', async () => {
    await page.goto(`${server.baseUrl}/docs/todo`);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).first().isVisible()).toBe(true);
    expect(await storage()).toEqual({ token: null, userId: null, username: null });
  });

  it('shows the seed messages for an empty form, a wrong password and an unknown user', async () => {
    await page.getByRole('button', { name: 'Login' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => dialog.getByText('Username is required').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('Password is required').isVisible()).toBe(true);

    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => dialog.getByText('Invalid username or password').count()).toBe(2);
    await screenshot(page, 'login-wrong-password');

    await dialog.getByLabel('Username').fill('nobody_by_this_name');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => dialog.getByText('User not found').isVisible()).toBe(true);
  });

  it('logs in and out again', async () => {
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Login' }).click()]);
    await expect.poll(() => page.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true);
    expect((await storage()).username).toBe(username);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).first().isVisible()).toBe(true);
  });

  it('renders every route, with the hero only on /', async () => {
    for (const [route, name] of [
      ['/apps/forecast', 'forecast'],
      ['/apps/sudoku', 'sudoku'],
      ['/apps/todo', 'todo'],
      ['/apps/finance', 'finance'],
      ['/portfolio', 'portfolio'],
      ['/docs/finance', 'docs-finance'],
      ['/no/such/page', 'not-found'],
    ] as const) {
      await page.goto(`${server.baseUrl}${route}`);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.locator('main').first().textContent()).toMatch(/\S/);
      await screenshot(page, `route-${name}`);
    }
    expect(errors.filter((e) => !expectedNoise.test(e))).toEqual([]);
  });
});

describe('mobile width', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 375, height: 740 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('warns that the site is for tablets and desktops and offers the sidebar', async () => {
    const page = await browser.context.newPage();
    await page.goto(server.baseUrl);
    await expect
      .poll(() => page.getByText('This page is intended for tablet or desktop viewing only.').first().isVisible())
      .toBe(true);
    await screenshot(page, 'home-mobile');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    for (const item of ['Home', 'Work', 'Company', 'Careers', 'Log in', 'Sign Up']) {
      await expect.poll(() => page.getByRole('dialog').getByText(item, { exact: true }).isVisible()).toBe(true);
    }
    await screenshot(page, 'sidebar-mobile');
  });
});
