import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, waitForApp, watchErrors } from './browser.js';
import { type RunningServer, startServer } from './server.js';

/** docs/product.md#layout: the colour scheme follows the system, the toggle overrides it and is remembered. */
describe('colour scheme', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const scheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
  const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const toggle = (page: Page) => page.getByRole('button', { name: /^Colour scheme:/ });

  it('follows the system by default, before the app has run', async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    // The scheme is set by the time the DOM is parsed, before the app's module runs: no light flash.
    await page.goto(server.baseUrl, { waitUntil: 'domcontentloaded' });
    expect(await scheme(page)).toBe('dark');
    await waitForApp(page);
    expect(await bodyBackground(page)).toBe('rgb(36, 36, 36)');
    expect(await toggle(page).getAttribute('aria-label')).toBe('Colour scheme: System. Switch to Light');

    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await scheme(page)).toBe('light');
    await waitForApp(page);
    expect(await bodyBackground(page)).toBe('rgb(255, 255, 255)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('switches with the toggle and remembers the choice after a reload', async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(server.baseUrl);
    await toggle(page).click(); // System → Light
    await toggle(page).click(); // Light → Dark
    expect(await toggle(page).getAttribute('aria-label')).toBe('Colour scheme: Dark. Switch to System');
    expect(await scheme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe('rgb(36, 36, 36)');

    await page.reload({ waitUntil: 'domcontentloaded' });
    // Dark although the system is light, from the first parse on.
    expect(await scheme(page)).toBe('dark');
    await waitForApp(page);
    expect(await toggle(page).getAttribute('aria-label')).toBe('Colour scheme: Dark. Switch to System');

    await toggle(page).click(); // Dark → System: light again
    expect(await scheme(page)).toBe('light');
    await page.reload();
    expect(await scheme(page)).toBe('light');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers the three choices in the phone menu', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 375, height: 760 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(server.baseUrl);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Navigation' });
    await dialog.getByText('Dark', { exact: true }).click();
    expect(await scheme(page)).toBe('dark');
    await page.reload();
    expect(await scheme(page)).toBe('dark');
    await page.close();
  });

  it('preloads the heading font and serves it from this site', async () => {
    const page = await browser.context.newPage();
    await page.goto(server.baseUrl);
    const preload = await page.locator('link[rel="preload"][as="font"]').getAttribute('href');
    expect(preload).toMatch(/^\/assets\/fraunces-latin-wght-normal-[\w-]+\.woff2$/);
    // Loaded (from the stylesheet's own source, this site) rather than waited for: on a loaded
    // machine `document.fonts.ready` could resolve before the page had asked for the face.
    await page.evaluate(() => document.fonts.load('700 48px "Fraunces Variable"'));
    const loaded = await page.evaluate(() => document.fonts.check('700 48px "Fraunces Variable"'));
    expect(loaded).toBe(true);
    await page.close();
  });
});
