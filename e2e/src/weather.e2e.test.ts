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
