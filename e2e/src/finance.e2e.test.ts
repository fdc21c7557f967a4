import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedSchemes, screenshot, screenshotDir, screenshotsOnly, scrollThrough } from './browser.js';
import type { RunningServer } from './server.js';
import { openSite, type Site } from './site.js';

describe('finance: lookup, watchlist and the stock page in a real browser', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    site = await openSite({ viewport: { width: 1280, height: 900 }, signUpAs: 'fin' });
    ({ server, page, errors } = site);
    // Playwright's clock: time flows as usual until a test stops it (see the Escape test).
    await page.clock.install();
  });
  afterAll(() => site?.close());

  /** The chart's pixels, to tell that it drew something new. */
  const chartPixels = () => page.locator('canvas').first().screenshot();

  it('searches a symbol and shows the quote popup', async () => {
    await page.goto(`${server.baseUrl}/apps/finance`);
    await page.getByRole('heading', { name: 'Finance', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Stock symbol' }).fill('msft');
    await page.getByRole('button', { name: 'Search' }).click();
    const popup = page.getByRole('dialog');
    await popup.getByText('Microsoft', { exact: false }).first().waitFor();
    await expect.poll(() => popup.getByLabel('Current price').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    await screenshot(page, 'finance-popup');
  });

  it('finds a stock by part of its company name', async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('textbox', { name: 'Stock symbol' }).fill('toyota');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('dialog', { name: '7203.T · JPX' }).waitFor();
    expect(await page.getByText(/No stock found/).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Stock symbol' }).inputValue()).toBe('7203.T');
  });

  it('Escape closes the popup and leaves the search dropdown closed', async () => {
    const box = page.getByRole('textbox', { name: 'Stock symbol' });
    // Enter in the box: when the popup closes, focus returns to the box (it reopened the dropdown).
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await box.fill('AAPL');
    await box.press('Enter');
    await page.getByRole('dialog').getByText('Apple', { exact: false }).first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Stock symbol');
    // The page's clock (installed in beforeAll) stops, then runs every timer the focus or a
    // debounced search could have started: a reopened dropdown would show now.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.clock.runFor(5_000);
    await page.clock.resume();
    expect(await page.getByRole('listbox').isVisible()).toBe(false);
    expect(await page.getByRole('option').count()).toBe(0);
    // Reopen the MSFT popup for the next step.
    await box.fill('MSFT');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('dialog').getByText('Microsoft', { exact: false }).first().waitFor();
  });

  it('adds it to the watchlist: the button flips and the table lists it', async () => {
    const popup = page.getByRole('dialog');
    await popup.getByRole('button', { name: 'Add to Watchlist' }).click();
    await popup.getByRole('button', { name: 'Remove' }).waitFor();
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'Watchlist' });
    await table.getByRole('cell', { name: 'MSFT', exact: true }).waitFor();
    await screenshot(page, 'finance-watchlist');
  });

  it('opens the stock page through See More and switches every tab', async () => {
    await page.getByRole('textbox', { name: 'Stock symbol' }).fill('MSFT');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'See More' }).click();
    await page.waitForURL(/\/apps\/finance\/stock\/MSFT$/);
    await page.getByRole('button', { name: 'Remove from Watchlist' }).waitFor();

    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByText('Company Information').waitFor();
    await page.getByRole('tab', { name: 'Board' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('tabpanel')
          .getByText(/Chief Executive Officer|CEO/)
          .count(),
      )
      .toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'News' }).click();
    await expect.poll(() => page.getByRole('tabpanel').getByRole('link').count()).toBeGreaterThan(1);
    await page.getByRole('tab', { name: 'Analysis' }).click();
    await page.getByText('Price History').waitFor();
    await page.locator('canvas:visible').first().waitFor();
    await screenshot(page, 'finance-analysis-1y');
  });

  const chartBars = async () =>
    Number(
      (await page.getByRole('figure', { name: /^Price history chart/ }).getAttribute('aria-label'))?.match(/\d+/)?.[0],
    );

  it('shows the whole range first; zoom is limited and Reset zoom shows it all again', async () => {
    const reset = page.getByRole('button', { name: 'Reset zoom' });
    expect(await reset.isDisabled()).toBe(true);
    const whole = await chartPixels();
    const canvas = page.locator('canvas').first();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no chart canvas');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => reset.isEnabled()).toBe(true);
    await expect.poll(async () => (await chartPixels()).equals(whole)).toBe(false);
    await screenshot(page, 'finance-analysis-zoomed');
    await reset.click();
    await expect.poll(() => reset.isDisabled()).toBe(true);
  });

  it('Day and Week load intraday bars, not one flat daily bar', async () => {
    const interval = page.getByRole('group', { name: 'Interval' });
    const day = page.waitForResponse((r) => r.url().includes('range=1d') && r.url().includes('interval=5m'));
    await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'Day' }).click();
    await day;
    await expect
      .poll(() => interval.getByRole('button', { name: '5m', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(chartBars).toBeGreaterThan(10);
    await screenshot(page, 'finance-analysis-1d-5m');

    const week = page.waitForResponse((r) => r.url().includes('range=5d') && r.url().includes('interval=30m'));
    await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'Week' }).click();
    await week;
    await expect.poll(chartBars).toBeGreaterThan(10);
  });

  it('changes range and interval and redraws the chart from new data', async () => {
    const before = await chartPixels();
    // 5m is allowed for a week; 1wk is not.
    const interval = page.getByRole('group', { name: 'Interval' });
    expect(await interval.getByRole('button', { name: '1w', exact: true }).isDisabled()).toBe(true);
    const intraday = page.waitForResponse((r) => r.url().includes('range=5d') && r.url().includes('interval=5m'));
    await interval.getByRole('button', { name: '5m', exact: true }).click();
    await intraday;
    await expect.poll(async () => (await chartPixels()).equals(before)).toBe(false);
    await screenshot(page, 'finance-analysis-5d-5m');

    // A range that forbids 5m moves the interval back to 1d (that data is cached from the first view).
    const intradayPixels = await chartPixels();
    await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '1Y' }).click();
    await expect.poll(async () => (await chartPixels()).equals(intradayPixels)).toBe(false);
    await expect
      .poll(() => interval.getByRole('button', { name: '1d', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(errors).toEqual([]);
  });

  it('opens the chart on candles; the seed’s Open/High/Low/Close lines are one click away, and back', async () => {
    const type = page.getByRole('radiogroup', { name: 'Chart type' });
    expect(await type.getByRole('radio', { name: 'Candles' }).isChecked()).toBe(true);
    const candles = await chartPixels();
    await type.getByText('OHLC lines').click();
    await expect.poll(() => type.getByRole('radio', { name: 'OHLC lines' }).isChecked()).toBe(true);
    await expect.poll(async () => (await chartPixels()).equals(candles)).toBe(false);
    // The lines' legend names each line by its colour; the bar count and the zoom button stay.
    await expect.poll(() => page.getByTestId('chart-legend').locator('div[aria-hidden]').count()).toBe(5);
    expect(await chartBars()).toBeGreaterThan(200);
    expect(await page.getByRole('button', { name: 'Reset zoom' }).isDisabled()).toBe(true);
    await screenshot(page, 'finance-analysis-ohlc-lines');
    const lines = await chartPixels();
    await type.getByText('Candles').click();
    await expect.poll(() => type.getByRole('radio', { name: 'Candles' }).isChecked()).toBe(true);
    await expect.poll(async () => (await chartPixels()).equals(lines)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('Profile is two columns on a tablet (800 px), the left one 8 of 12', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.getByRole('tab', { name: 'Profile' }).click();
    const about = page.getByRole('heading', { name: /^About / });
    const symbolLabel = page.getByRole('region', { name: 'Company Information' }).getByText('Symbol', { exact: true });
    const left = await about.boundingBox();
    const right = await symbolLabel.boundingBox();
    if (!left || !right) throw new Error('Profile columns not found');
    // Side by side: the facts start to the right of the summary, level with its heading.
    expect(right.x).toBeGreaterThan(left.x + 400);
    expect(Math.abs(right.y - left.y)).toBeLessThan(60);
    await screenshot(page, 'finance-profile-800');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows the price, change, key statistics and a price line above the tabs before any tab is clicked', async () => {
    await page.goto(`${server.baseUrl}/apps/finance/stock/AAPL`);
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1, name: /^AAPL/ }) });
    const price = header.getByTestId('quote-price');
    await expect.poll(() => price.textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(await page.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    const priceBox = await price.boundingBox();
    const tabsBox = await page.getByRole('tablist').boundingBox();
    if (!priceBox || !tabsBox) throw new Error('price or tabs not found');
    expect(priceBox.y + priceBox.height).toBeLessThan(tabsBox.y);
    // The day's change with its sign, the market's state and time.
    expect(await header.getByText(/^[+-]\$[\d,.]+ \([+-][\d.]+%\)$|^\$0\.00/).count()).toBe(1);
    await header.getByText(/^(Market open|Market closed|Pre-market|After hours)$/).waitFor();
    await header.getByText(/^(As of|At close:) \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M E[SD]T$/).waitFor();
    // Every statistic of a demo stock has a value, none a dash or NaN.
    const stats = header.getByLabel('Key statistics');
    const values = await stats.locator('dd > span:first-child').allTextContents();
    expect(values).toHaveLength(6);
    for (const value of values) expect(value).not.toMatch(/—|NaN/);
    expect(values[1]).toMatch(/^\$[\d,.]+ – \$[\d,.]+$/);
    expect(values[2]).toMatch(/^\$[\d.]+[TB]$/);
    expect(await header.getByRole('img', { name: /of the way up the 52-week range$/ }).count()).toBe(1);
    // The price line: a month of daily closes, a year one click away.
    const line = header.getByRole('slider', { name: 'AAPL closing prices, past month' });
    expect(Number(await line.getAttribute('aria-valuemax'))).toBeGreaterThan(15);
    await header.getByText('1Y', { exact: true }).click();
    const year = header.getByRole('slider', { name: 'AAPL closing prices, past year' });
    await expect.poll(async () => Number(await year.getAttribute('aria-valuemax'))).toBeGreaterThan(200);
    expect(errors).toEqual([]);
  });

  it('stacks the statistics on a phone and lays them out across from 768 px', async () => {
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1, name: /^AAPL/ }) });
    const label = (text: string) => header.getByLabel('Key statistics').getByText(text, { exact: true });
    const boxes = async () => {
      const [day, year, volume] = await Promise.all(
        ['Day range', '52-week range', 'Volume'].map((text) => label(text).boundingBox()),
      );
      if (!day || !year || !volume) throw new Error('statistics not found');
      return { day, year, volume };
    };
    for (const scheme of checkedSchemes) {
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.baseUrl}/apps/finance/stock/AAPL`);
        await header.getByTestId('quote-price').waitFor();
        const { day, year, volume } = await boxes();
        if (width === 375) {
          // One figure per row.
          expect(year.x).toBe(day.x);
          expect(year.y).toBeGreaterThan(day.y);
        } else if (width === 800) {
          // Three across: the volume starts the second row.
          expect(year.y).toBe(day.y);
          expect(volume.y).toBeGreaterThan(day.y);
        } else {
          // Six across, in one row.
          expect(volume.y).toBe(day.y);
        }
        await header.screenshot({ path: `${screenshotDir}/stock-header-${width}-${scheme}.png` });
      }
    }
    await page.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(errors).toEqual([]);
  });
});

describe('finance pages at phone, tablet and desktop widths, light and dark', () => {
  let site: Site;

  beforeAll(async () => {
    site = await openSite({ viewport: { width: 1280, height: 900 }, signUpAs: 'look' });
  });
  afterAll(() => site?.close());

  // Pictures for people (npm run screenshots). What they check at each width is checked in every
  // run by screenshots.e2e.test.ts (these pages at 375, 800 and 1280 px: no error, nothing wider
  // than the screen), the Analysis chart by 'opens the stock page through See More and switches
  // every tab'.
  screenshotsOnly(
    'screenshots: the finance home, a stock page and a wallet page',
    async () => {
      const { page, server, errors } = site;
      await page.goto(`${server.baseUrl}/apps/finance`);
      await page.getByLabel('Wallet name').fill('Shots');
      await page.getByRole('button', { name: 'Create Wallet' }).click();
      const form = page.getByRole('form', { name: 'Trade with Shots' });
      await form.waitFor();
      await form.getByLabel('Symbol').fill('AAPL');
      await form.getByLabel('Quantity').fill('5');
      await expect.poll(async () => (await form.getByLabel('Price').inputValue()).length).toBeGreaterThan(1);
      await form.getByRole('button', { name: 'Buy' }).click();
      await expect.poll(() => form.getByLabel('Symbol').inputValue()).toBe('');

      for (const scheme of checkedSchemes) {
        await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
        for (const width of [375, 800, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${server.baseUrl}/apps/finance`);
          await page.getByRole('table', { name: 'My Wallets' }).waitFor();
          await screenshot(page, `look-home-${width}-${scheme}`);
          await page.goto(`${server.baseUrl}/apps/finance/stock/AAPL`);
          await page.getByText('Company Information').waitFor();
          await screenshot(page, `look-profile-${width}-${scheme}`);
          await page.getByRole('tab', { name: 'Analysis' }).click();
          await page.locator('canvas:visible').first().waitFor();
          await screenshot(page, `look-analysis-${width}-${scheme}`, { settleMs: 300 });
          await page.goto(`${server.baseUrl}/apps/finance/wallet`);
          await page.getByRole('table', { name: 'Stocks Held' }).waitFor();
          await scrollThrough(page);
          await page.locator('canvas:visible').first().waitFor();
          await screenshot(page, `look-wallet-${width}-${scheme}`, { settleMs: 300 });
        }
      }
      expect(errors).toEqual([]);
      // 24 page loads: over a minute on a shared two-core machine.
    },
    240_000,
  );
});
