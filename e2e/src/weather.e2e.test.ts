import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import type { RunningServer } from './server.js';
import { openSite, type Site } from './site.js';

describe('weather: address search, forecast and saved locations in a real browser', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    site = await openSite({ signUpAs: 'wx' });
    ({ server, page, errors } = site);
  });
  afterAll(() => site?.close());

  const results = () => page.getByRole('region', { name: 'Forecast results' });

  it('hides results before any search', async () => {
    await page.goto(`${server.baseUrl}/apps/forecast`);
    await page.getByRole('heading', { name: 'Weather Forecast' }).waitFor();
    expect(await results().count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Search' }).isDisabled()).toBe(true);
  });

  it('types a city and picks a suggestion with the keyboard', async () => {
    const input = page.getByRole('combobox', { name: 'Location' });
    expect(await input.getAttribute('placeholder')).toBe('Enter address here');
    await input.click();
    await page.keyboard.type('Denver', { delay: 40 });
    const listbox = page.getByRole('listbox');
    await expect.poll(() => listbox.getByRole('option').count()).toBeGreaterThan(0);
    expect(await listbox.getByRole('option').count()).toBeLessThanOrEqual(5);
    await screenshot(page, 'weather-suggestions');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => input.getAttribute('aria-activedescendant')).toBeTruthy();
    await page.keyboard.press('Enter');
    await expect.poll(() => input.inputValue()).toMatch(/Denver/);
    await expect.poll(() => input.getAttribute('aria-expanded')).toBe('false');
  });

  it('searches and shows the current conditions and daily cards with detailed forecasts', async () => {
    await page.getByRole('button', { name: 'Search' }).click();
    await results().waitFor();
    await results().getByText('Current Weather').waitFor();
    await expect.poll(() => results().getByText(/°F/).count()).toBeGreaterThan(0);
    await expect.poll(() => results().getByRole('article').count()).toBe(7);
    // Denver is in the US, so the demo data includes the text forecasts.
    expect(await results().getByText('Detailed forecast is not available for this location.').count()).toBe(0);
    const stored = await page.evaluate(() => ({
      address: localStorage.getItem('address'),
      lat: localStorage.getItem('lat'),
      timezone: localStorage.getItem('timezone'),
    }));
    expect(stored.address).toMatch(/Denver/);
    expect(Number(stored.lat)).toBeCloseTo(39.7, 0);
    expect(stored.timezone).toBe('America/Denver');
    await screenshot(page, 'weather-results');
  });

  it('saves the place as a favorite with a nickname', async () => {
    await results().getByRole('button', { name: 'Add to Favorites' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Favorites' });
    const nickname = dialog.getByLabel('Nickname');
    expect(await nickname.getAttribute('placeholder')).toMatch(/Denver/);
    await nickname.fill('Mile High');
    await dialog.getByRole('button', { name: 'Add Favorite' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('reloads it from Saved Locations after a page reload, then deletes it', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Weather Forecast' }).waitFor();
    expect(await results().count()).toBe(0);
    await page.getByRole('button', { name: 'Saved Locations' }).click();
    const saved = page.getByRole('dialog', { name: 'Saved Locations' });
    const entry = saved.getByRole('listitem', { name: 'Mile High' });
    await entry.waitFor();
    await screenshot(page, 'weather-saved-locations');
    await entry.getByRole('button', { name: 'Get Forecast' }).click();
    await results().getByText('Current Weather').waitFor();
    await expect.poll(() => results().getByRole('heading', { level: 2 }).first().textContent()).toMatch(/Denver/);

    await page.getByRole('button', { name: 'Saved Locations' }).click();
    await saved.getByRole('listitem', { name: 'Mile High' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete saved location' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => saved.getByRole('listitem', { name: 'Mile High' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('weather on narrow screens, Enter on typed text, logging in from the popup', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];
  const password = 'e2e-password-123';
  let username: string;

  beforeAll(async () => {
    site = await openSite({ viewport: { width: 375, height: 800 } });
    ({ server, page, errors } = site);
    username = `wxm_${Date.now().toString(36)}`;
    // An account to log in with later; the browser itself stays signed out.
    const res = await fetch(`${server.baseUrl}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password }),
    });
    expect(res.status).toBe(200);
  });
  afterAll(() => site?.close());

  const results = () => page.getByRole('region', { name: 'Forecast results' });
  const input = () => page.getByRole('combobox', { name: 'Location' });

  it('gives the address input the full width below 768 px, clear of the Search button', async () => {
    await page.goto(`${server.baseUrl}/apps/forecast`);
    await page.getByRole('heading', { name: 'Weather Forecast' }).waitFor();
    for (const width of [320, 375, 414]) {
      await page.setViewportSize({ width, height: 800 });
      const field = await input().boundingBox();
      const search = await page.getByRole('button', { name: 'Search' }).boundingBox();
      if (!field || !search) throw new Error('search row not laid out');
      // The page keeps ~16 px padding each side; the field used to shrink to 48–88 px.
      expect(field.width, `input width at ${width}px`).toBeGreaterThan(width - 80);
      expect(search.y, `Search below the input at ${width}px`).toBeGreaterThanOrEqual(field.y + field.height);
    }
    await page.setViewportSize({ width: 375, height: 800 });
  });

  it('searches the top suggestion when Enter is pressed with nothing highlighted', async () => {
    await input().click();
    await page.keyboard.type('Denver', { delay: 30 });
    await expect.poll(() => page.getByRole('listbox').getByRole('option').count()).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await results().waitFor();
    await expect.poll(() => results().getByRole('heading', { level: 2 }).first().textContent()).toMatch(/Denver/);
    await expect.poll(() => results().getByRole('article').count()).toBe(7);
    expect(await input().inputValue()).toMatch(/Denver/);
  });

  it('brings the search back after logging in from the Login Required popup', async () => {
    await results().getByRole('button', { name: 'Add to Favorites' }).click();
    const popup = page.getByRole('dialog', { name: 'Login Required' });
    await popup.getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password', { exact: true }).fill(password);
    await Promise.all([page.waitForEvent('load'), login.getByRole('button', { name: 'Login' }).click()]);
    await results().waitFor();
    await expect.poll(() => results().getByRole('heading', { level: 2 }).first().textContent()).toMatch(/Denver/);
    expect(await input().inputValue()).toMatch(/Denver/);
    // Signed in now: the favorite form opens instead of the popup.
    await results().getByRole('button', { name: 'Add to Favorites' }).click();
    await page.getByRole('dialog', { name: 'Add to Favorites' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('shows the results at 375, 800 and 1280 px, light and dark (screenshots)', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload();
      // A plain reload shows no results: search again through the field.
      await input().fill('Denver');
      await expect.poll(() => page.getByRole('listbox').getByRole('option').count()).toBeGreaterThan(0);
      await page.keyboard.press('Enter');
      await expect.poll(() => results().getByRole('article').count()).toBe(7);
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshot(page, `weather-results-${width}-${scheme}`);
      }
      await page.setViewportSize({ width: 375, height: 800 });
    }
    expect(errors).toEqual([]);
  });
});
