import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedSchemes, screenshot } from './browser.js';
import type { RunningServer } from './server.js';
import { openSite, type Site } from './site.js';

/** How long suggestions may take to show: the first look-up of a fresh server loads the place data. */
const SUGGESTIONS = { timeout: 20_000 };

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
    await expect.poll(() => listbox.getByRole('option').count(), SUGGESTIONS).toBeGreaterThan(0);
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
    // A day opens to the seed's readings and, Denver being in the US, the demo's text forecast.
    const firstDay = results().getByRole('article').first();
    await firstDay.getByRole('button', { expanded: false }).click();
    await firstDay.getByText('Detailed forecast', { exact: true }).waitFor();
    // The label; the day's text forecast may say the words again.
    await firstDay.getByText('Chance of precipitation', { exact: true }).first().waitFor();
    expect(await firstDay.getByText('Detailed forecast is not available for this location.').count()).toBe(0);
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
    // The last place comes back by itself.
    await results().getByText('Current Weather').waitFor();
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
    await expect.poll(() => page.getByRole('listbox').getByRole('option').count(), SUGGESTIONS).toBeGreaterThan(0);
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

  it('says a saved place is saved, and shows saved names whole at 375 px', async () => {
    const name = 'Mile High City, downtown';
    await results().getByRole('button', { name: 'Add to Favorites' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Favorites' });
    await dialog.getByLabel('Nickname').fill(name);
    await dialog.getByRole('button', { name: 'Add Favorite' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await results().getByRole('button', { name: 'Remove from Favorites' }).waitFor();
    await results().getByText(`Saved as “${name}”`).waitFor();

    await page.getByRole('button', { name: 'Saved Locations' }).click();
    const entry = page.getByRole('dialog', { name: 'Saved Locations' }).getByRole('listitem', { name });
    await entry.waitFor();
    // The name used to be cut to "Mil…" beside the buttons: all of it shows, on as many lines as it needs.
    const shown = entry.getByText(name, { exact: true });
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect((await shown.boundingBox())?.width ?? 0).toBeGreaterThan(150);
    await screenshot(page, 'weather-saved-locations-375');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('shows the results at 375, 800 and 1280 px (screenshots)', async () => {
    for (const scheme of checkedSchemes) {
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload();
      // The last place comes back by itself; open a day and the first alert for the pictures.
      await expect.poll(() => results().getByRole('article').count()).toBe(7);
      await results().getByRole('article').first().getByRole('button', { expanded: false }).click();
      await results().getByRole('button', { name: 'Show details' }).first().click();
      await results()
        .getByText(/Issued by/)
        .first()
        .waitFor();
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshot(page, `weather-results-${width}-${scheme}`);
      }
      await page.setViewportSize({ width: 375, height: 800 });
    }
    expect(errors).toEqual([]);
  });
});

/** Text nodes of the results that carry a number with an imperial or metric unit, in page order. */
function measuredTexts(page: Page) {
  return page.getByRole('region', { name: 'Forecast results' }).evaluate((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      // A wind direction's degrees ('WNW 285°') are an angle, not a temperature.
      const reading = node.parentElement?.closest('dd')?.previousElementSibling?.textContent;
      if (reading === 'Wind direction') continue;
      if (/\d\s*(°[FC]?|mph|km\/h|in|mm|inHg|hPa|mi|km)$/.test(text)) found.push(text);
    }
    return found;
  });
}

describe('weather: the 48-hour strip, alerts, units and the remembered place', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    // The browser's own clock is Tokyo's: the page must still show Denver's hours.
    site = await openSite({ timezoneId: 'Asia/Tokyo' });
    ({ server, page, errors } = site);
  });
  afterAll(() => site?.close());

  const results = () => page.getByRole('region', { name: 'Forecast results' });
  const strip = () => page.getByRole('region', { name: /Hourly forecast, times in America\/Denver/ });

  it('shows 48 hours labelled on the place’s clock, with a day line at local midnight, scrollable by keyboard', async () => {
    await page.goto(`${server.baseUrl}/apps/forecast`);
    const input = page.getByRole('combobox', { name: 'Location' });
    await input.click();
    await page.keyboard.type('Denver', { delay: 30 });
    await expect.poll(() => page.getByRole('listbox').getByRole('option').count(), SUGGESTIONS).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await strip().waitFor();
    const cells = strip().getByTestId('hour');
    expect(await cells.count()).toBe(48);
    const hours = await cells.evaluateAll((els) =>
      els.map((el) => ({ time: el.getAttribute('data-time') ?? '', label: el.querySelector('time')?.textContent })),
    );
    expect(hours[0]?.label).toBe('Now');
    // Denver's offsets, and each label is the hour of Denver's clock (Tokyo is 16 hours ahead).
    for (const { time, label } of hours.slice(1)) {
      expect(time).toMatch(/T\d\d:00:00-0[67]:00$/);
      const hour = Number(time.slice(11, 13));
      expect(label).toBe(`${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`);
    }
    // The first hour is Denver's hour now (or the one before, if the hour turned since the answer).
    const denverNow = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/Denver', hour: 'numeric', hourCycle: 'h23' }).format(
        new Date(),
      ),
    );
    expect([denverNow, (denverNow + 23) % 24]).toContain(Number(hours[0]?.time.slice(11, 13)));
    const midnights = await strip()
      .locator('[data-new-day]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-time')));
    expect(midnights.length).toBeGreaterThanOrEqual(1);
    for (const time of midnights) expect(time).toMatch(/T00:00:00/);
    expect(await page.getByTestId('hourly-chart').count()).toBe(1);

    await strip().focus();
    await page.keyboard.press('End');
    await expect.poll(() => strip().evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.keyboard.press('Home');
    await expect.poll(() => strip().evaluate((el) => el.scrollLeft)).toBe(0);
  });

  it('expands the alert banner of the demo’s Denver alert with the keyboard', async () => {
    const banner = results().getByRole('alert').filter({ hasText: 'Air Quality Alert' }).first();
    await banner.waitFor();
    const toggle = banner.getByRole('button', { name: 'Show details' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await banner.getByText(/Issued by/).isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => banner.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded'))
      .toBe('true');
    await banner.getByText(/Issued by/).waitFor({ state: 'visible' });
  });

  it('converts every number on the page when switching to °C, km/h and mm', async () => {
    await results().getByRole('article').first().getByRole('button', { expanded: false }).click();
    await results().getByRole('article').first().getByText('Detailed forecast', { exact: true }).waitFor();
    const before = await measuredTexts(page);
    expect(before.length).toBeGreaterThan(15);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/weather')) requests.push(request.url());
    });

    await page.getByRole('button', { name: 'Units' }).click();
    const units = page.getByRole('dialog', { name: 'Units' });
    for (const label of ['°C', 'km/h', 'mm']) await units.getByText(label, { exact: true }).click();
    await page.keyboard.press('Escape');

    const after = await measuredTexts(page);
    expect(after).toHaveLength(before.length);
    const number = (text: string) => Number(text.replace(/,/g, '').match(/-?\d+(\.\d+)?/)?.[0]);
    before.forEach((was, i) => {
      const now = after[i] ?? '';
      // Each side is rounded for display: the tolerances allow for both roundings.
      if (/°F?$/.test(was)) {
        expect(now, `${was} → ${now}`).toMatch(/F$/.test(was) ? /°C$/ : /°$/);
        expect(Math.abs(number(now) - ((number(was) - 32) * 5) / 9), `${was} → ${now}`).toBeLessThanOrEqual(1);
      } else if (/mph$/.test(was)) {
        expect(now, `${was} → ${now}`).toMatch(/km\/h$/);
        expect(Math.abs(number(now) - number(was) * 1.609344), `${was} → ${now}`).toBeLessThanOrEqual(1.5);
      } else if (/\d in$/.test(was)) {
        expect(now, `${was} → ${now}`).toMatch(/mm$/);
        expect(Math.abs(number(now) - number(was) * 25.4), `${was} → ${now}`).toBeLessThanOrEqual(0.2);
      } else if (/inHg$/.test(was)) {
        expect(now).toMatch(/hPa$/);
      } else if (/mi$/.test(was)) {
        expect(now).toMatch(/km$/);
      }
    });
    expect(after.filter((text) => /(°F|mph|\d in|inHg|mi)$/.test(text))).toEqual([]);
    // Converted in the browser: nothing was asked again.
    expect(requests).toEqual([]);
  });

  it('comes back to the last place, in the chosen units, after a reload', async () => {
    await page.reload();
    await results().getByText('Current Weather').waitFor();
    await expect.poll(() => results().getByRole('heading', { level: 2 }).first().textContent()).toMatch(/Denver/);
    expect(await page.getByRole('combobox', { name: 'Location' }).inputValue()).toMatch(/Denver/);
    await expect.poll(() => page.getByTestId('current-temperature').textContent()).toMatch(/°C$/);
    expect(await page.getByRole('button', { name: 'Use my location' }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  });
});
