import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, watchErrors } from './browser.js';
import { type FakeUpstream, GARBAGE_KINDS, liveEnv, startFakeUpstream } from './fake-upstream.js';
import { type RunningServer, startServer } from './server.js';
import { logInThroughUi, uniqueUsername } from './session.js';

/**
 * Live-data outages: with every outside service (Yahoo Finance, Open-Meteo, NWS, Photon)
 * down, slow or answering garbage, every page still renders with a readable message, no loader
 * spins forever, the API answers 502/503 JSON errors in the standard format, and the server stays
 * healthy. One server per scenario, one browser for the file.
 */

/** Time-out of every upstream request (YAHOO_TIMEOUT_MS, OPEN_METEO_TIMEOUT_MS, …). */
const UPSTREAM_TIMEOUT_MS = 1500;
/**
 * The longest a failed load may keep a loader on screen: the browser retries a 5xx once (after
 * about a second), each attempt waiting for the server's time-out; plus a margin for a busy machine.
 */
const SETTLE_MS = 2 * UPSTREAM_TIMEOUT_MS + 1000 + 5000;
const PASSWORD = 'outage-password-123';
const PRICES_UNAVAILABLE = 'Prices are unavailable right now; holdings without a price are valued at cost.';
const DENVER = { lat: 39.7392, lon: -104.9903 };

/** What users must never see: browser or parser error text, stack traces, or unrendered values. */
const RAW_ERROR =
  /Failed to fetch|NetworkError|TypeError|SyntaxError|ECONNREFUSED|Unexpected token|JSON\.parse|\bat \S+ \(|Internal Server Error|\[object Object\]|\bundefined\b|\bNaN\b/;

/** Console errors an outage legitimately causes: the browser's note on a 5xx, and the app's own logs of it. */
const EXPECTED_CONSOLE = [
  /^console: Failed to load resource: the server responded with a status of 50[234]/,
  /^console: Address autocomplete failed/,
];
const unexpectedErrors = (errors: string[]) => errors.filter((e) => !EXPECTED_CONSOLE.some((re) => re.test(e)));

interface Account {
  username: string;
  token: string;
  walletId: number;
}

interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

async function call(
  server: RunningServer,
  path: string,
  options: { method?: string; token?: string; json?: unknown; form?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Token ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const started = Date.now();
  const res = await fetch(`${server.baseUrl}${path}`, { method: options.method ?? 'GET', headers, body });
  const text = await res.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${path} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, body: parsed, ms: Date.now() - started };
}

/** While the upstream still works: a user with a wallet holding AAPL, AAPL on the watchlist, a saved place, a to-do. */
async function setUpAccount(server: RunningServer): Promise<Account> {
  const username = uniqueUsername('outage');
  const signup = await call(server, '/api/signup', {
    method: 'POST',
    json: { username, email: `${username}@example.com`, password: PASSWORD },
  });
  expect(signup.status).toBe(200);
  const token = String(signup.body.token);
  const wallet = await call(server, '/api/finance/create_wallet', {
    method: 'POST',
    token,
    json: { wallet_name: 'Outage Fund' },
  });
  expect(wallet.status).toBe(200);
  const walletId = Number((wallet.body.wallet as { wallet_id: number }).wallet_id);
  const buy = await call(server, '/api/finance/add_stock_to_wallet', {
    method: 'POST',
    token,
    json: { wallet_id: walletId, symbol: 'AAPL', quantity: 3, bought_price: 190.5 },
  });
  expect(buy.status, JSON.stringify(buy.body)).toBe(200);
  const watch = await call(server, '/api/finance/add_watchlist', { method: 'POST', token, form: { symbol: 'AAPL' } });
  expect(watch.status, JSON.stringify(watch.body)).toBe(200);
  const place = await call(server, '/api/weather', {
    method: 'POST',
    token,
    json: {
      address: 'Denver, Colorado, United States',
      nickname: 'Home',
      ...DENVER,
      timezone: 'America/Denver',
      country_code: 'us',
    },
  });
  expect(place.status, JSON.stringify(place.body)).toBe(200);
  const todo = await call(server, '/api/todo', {
    method: 'POST',
    token,
    json: { title: 'Check the outage', description: 'Everything still works' },
  });
  expect(todo.status, JSON.stringify(todo.body)).toBe(200);
  return { username, token, walletId };
}

/** A failure in the API's standard format with a gateway status and a readable message. */
function expectUpstreamError(answer: ApiAnswer, what: string) {
  expect([502, 503, 504], `${what}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
  expect(answer.body).toMatchObject({ success: false, code: answer.status });
  const message = String(answer.body.message);
  expect(message.length, what).toBeGreaterThan(10);
  expect(message, what).not.toMatch(RAW_ERROR);
  expect(message, what).toMatch(/provider|service/i);
}

/** The live-data calls behind the pages: each must fail fast with a clean 502/503. */
async function expectApiFailsCleanly(server: RunningServer, account: Account) {
  const { token } = account;
  const answers = await Promise.all([
    call(server, '/api/finance/get_stock?symbol=AAPL'),
    call(server, '/api/finance/get_full_stock?symbol=AAPL&range=1y&interval=1d'),
    call(server, '/api/finance/search?q=micro'),
    call(server, `/api/weather?lat=${DENVER.lat}&lon=${DENVER.lon}&country_code=us&formatted=Denver`),
    call(server, `/api/weather?lat=48.8566&lon=2.3522&country_code=fr&formatted=Paris`),
    call(server, '/api/geocode/autocomplete?text=Denver'),
    call(server, `/api/geocode/place?id=${encodeURIComponent('photon:N123@39.74,-104.99')}`),
  ]);
  const names = ['get_stock', 'get_full_stock', 'search', 'weather (US)', 'weather', 'autocomplete', 'place'];
  answers.forEach((answer, i) => {
    expectUpstreamError(answer, names[i] ?? '');
    // Time-outs are per attempt and never retried: a slow upstream costs about one time-out.
    expect(answer.ms, names[i]).toBeLessThan(2 * UPSTREAM_TIMEOUT_MS + 2000);
  });

  // Per-user views degrade instead of failing: the stored data with a note that prices are missing.
  const [watchlist, wallets, details] = await Promise.all([
    call(server, '/api/finance/get_watchlist', { token }),
    call(server, '/api/finance/get_wallets', { token }),
    call(server, `/api/finance/get_wallet_details?wallet_id=${account.walletId}`, { token }),
  ]);
  expect(watchlist.status).toBe(200);
  expect(watchlist.body.message).toBe('1 stock in watchlist; prices are unavailable right now');
  expect(wallets.status).toBe(200);
  expect(wallets.body.message).toBe(PRICES_UNAVAILABLE);
  expect(details.status).toBe(200);
  expect(details.body.wallet).toMatchObject({ prices_available: false });
  const balance = (details.body.wallet as { balance: number }).balance;

  // A trade needs a price: refused cleanly, and nothing changes.
  const buy = await call(server, '/api/finance/add_stock_to_wallet', {
    method: 'POST',
    token,
    json: { wallet_id: account.walletId, symbol: 'AAPL', quantity: 1, bought_price: 190.5 },
  });
  expectUpstreamError(buy, 'buy');
  const after = await call(server, `/api/finance/get_wallet_details?wallet_id=${account.walletId}`, { token });
  expect((after.body.wallet as { balance: number }).balance).toBe(balance);
}

/** Health answers, and the same process still serves an ordinary signed-in request. */
async function expectServerHealthy(server: RunningServer, account: Account) {
  const health = await call(server, '/api/health');
  expect(health.status).toBe(200);
  expect(health.body).toMatchObject({ status: 'ok', dataMode: 'live' });
  const todos = await call(server, '/api/todo', { token: account.token });
  expect(todos.status).toBe(200);
  expect(JSON.stringify(todos.body)).toContain('Check the outage');
}

describe('live-data outages: every page still renders with a readable message', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser({ width: 1280, height: 900 });
    page = await browser.context.newPage();
    errors = watchErrors(page);
  });
  afterAll(() => browser?.close());

  /** No Mantine loader (page, section, overlay or button) left on screen. */
  async function expectSettled(what: string) {
    await expect
      .poll(() => page.locator('.mantine-Loader-root:visible').count(), { timeout: SETTLE_MS, message: what })
      .toBe(0);
  }

  /** The frame is there, the page has content, nothing raw leaked, and nothing crashed. */
  async function expectRendered(what: string) {
    await page.locator('header').first().waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible(), what).toBe(true);
    const main = (await page.locator('main').innerText()).trim();
    expect(main.length, `${what}: main is blank`).toBeGreaterThan(20);
    expect(main, what).not.toMatch(RAW_ERROR);
    expect(await page.getByText('This page could not be shown').count(), `${what}: error boundary`).toBe(0);
    expect(unexpectedErrors(errors), what).toEqual([]);
  }

  async function visit(server: RunningServer, path: string, heading: string | RegExp) {
    await page.goto(`${server.baseUrl}${path}`);
    await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
  }

  /** One outage: the set-up runs against a working upstream, then `breakIt` takes it down. */
  function scenario(name: string, breakIt: (fake: FakeUpstream) => Promise<void>) {
    describe(name, () => {
      let fake: FakeUpstream;
      let server: RunningServer;
      let account: Account;

      beforeAll(async () => {
        fake = await startFakeUpstream();
        server = await startServer({ ...liveEnv(fake.baseUrl, UPSTREAM_TIMEOUT_MS), SUDOKU_POOL_SIZE: '0' });
        account = await setUpAccount(server);
        await breakIt(fake);
        await browser.context.clearCookies();
        errors.length = 0;
        await logInThroughUi(page, server.baseUrl, account.username, PASSWORD);
      });
      afterAll(async () => {
        await server?.stop();
        await fake?.close();
      });

      it('API: live-data calls fail fast with 502/503 JSON errors; per-user data degrades', async () => {
        await expectApiFailsCleanly(server, account);
      });

      it('pages that need no live data work as usual', async () => {
        await visit(server, '/', /.+/);
        await expectSettled('home');
        await expectRendered('home');
        await visit(server, '/apps/todo', 'Todo List');
        await page.getByText('Check the outage').first().waitFor();
        await expectSettled('todo');
        await expectRendered('todo');
        await visit(server, '/apps/sudoku', 'Sudoku');
        await expectSettled('sudoku');
        await expectRendered('sudoku');
        await visit(server, '/portfolio', 'Portfolio');
        await expectSettled('portfolio');
        await expectRendered('portfolio');
      });

      it('weather: the address search and the forecast say what failed', async () => {
        await visit(server, '/apps/forecast', 'Weather Forecast');
        const input = page.getByRole('combobox', { name: 'Location' });
        await input.click();
        const suggestions = page.waitForResponse((r) => r.url().includes('/api/geocode/autocomplete'));
        await page.keyboard.type('Denver', { delay: 30 });
        expect([502, 503]).toContain((await suggestions).status());
        const searchNotice = page
          .getByRole('alert')
          .filter({ hasText: 'Address suggestions are unavailable right now.' });
        await searchNotice.waitFor({ timeout: SETTLE_MS });
        expect(await searchNotice.innerText()).toMatch(/address search service/i);
        await expectSettled('address search');
        await page.screenshot({ path: `/tmp/outage-${name}-address.png` });
        await page.keyboard.press('Escape');

        // The saved place needs no address search: its forecast is what fails.
        await page.getByRole('button', { name: 'Saved Locations' }).click();
        const saved = page.getByRole('dialog', { name: 'Saved Locations' });
        await saved.getByRole('listitem', { name: 'Home' }).getByRole('button', { name: 'Get Forecast' }).click();
        const failure = page.getByRole('alert').filter({ hasText: 'Could not load the forecast' });
        await failure.waitFor({ timeout: SETTLE_MS });
        expect(await failure.innerText()).toMatch(/weather service/i);
        await failure.getByRole('button', { name: 'Try again' }).waitFor();
        await expectSettled('forecast');
        expect(await page.getByRole('region', { name: 'Forecast results' }).count()).toBe(0);
        await expectRendered('weather');
        await page.screenshot({ path: `/tmp/outage-${name}-weather.png`, fullPage: true });
      });

      it('finance home: watchlist and wallets without prices, and a failed look-up', async () => {
        await visit(server, '/apps/finance', 'Finance');
        const watchlist = page.getByRole('table', { name: 'Watchlist' });
        await watchlist.getByRole('cell', { name: 'AAPL', exact: true }).waitFor({ timeout: SETTLE_MS });
        await page.getByText('1 stock in watchlist; prices are unavailable right now').waitFor();
        await page.getByText(PRICES_UNAVAILABLE).first().waitFor({ timeout: SETTLE_MS });
        await page.getByRole('table', { name: 'My Wallets' }).getByText('Outage Fund').waitFor();
        await expectSettled('finance home');

        const symbol = page.getByRole('textbox', { name: 'Stock symbol' });
        await symbol.fill('MSFT');
        await page
          .getByText('Symbol search is unavailable right now.')
          .waitFor({ timeout: SETTLE_MS })
          .catch(async () => {
            throw new Error(
              `The symbol dropdown did not report the failure:\n${await page.locator('body').innerText()}`,
            );
          });
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        const lookup = page.getByText(/^Could not look up MSFT: .*provider/);
        await lookup.waitFor({ timeout: SETTLE_MS });
        expect(await page.getByRole('dialog').count()).toBe(0);
        await expectSettled('finance look-up');

        // The active wallet's trade form prices a symbol as it is typed: that fails readably too.
        const trade = page.getByRole('form', { name: 'Trade with Outage Fund' });
        await trade.getByLabel('Symbol').fill('AAPL');
        await trade.getByText(/^Could not get a price for AAPL: .*provider/).waitFor({ timeout: SETTLE_MS });
        await expectSettled('trade form price');
        await expectRendered('finance home');
        await page.screenshot({ path: `/tmp/outage-${name}-finance.png`, fullPage: true });
      });

      it('stock page: "No stock data available." with the reason and a retry', async () => {
        await page.goto(`${server.baseUrl}/apps/finance/stock/AAPL`);
        await page.getByText('No stock data available.').waitFor({ timeout: SETTLE_MS });
        const reason = page.getByText(/market data provider/i);
        await reason.first().waitFor();
        expect(await page.getByText(/Check the symbol/).count()).toBe(0);
        await page.getByRole('button', { name: 'Try again' }).waitFor();
        await expectSettled('stock page');
        await expectRendered('stock page');
        await page.screenshot({ path: `/tmp/outage-${name}-stock.png`, fullPage: true });

        // Trying again fails the same way, and settles again.
        await page.getByRole('button', { name: 'Try again' }).click();
        await expectSettled('stock page retry');
        await page.getByText('No stock data available.').waitFor();
      });

      it('wallet page: holdings at cost with a "Prices unavailable" note', async () => {
        await page.goto(`${server.baseUrl}/apps/finance/wallet`);
        await page.getByRole('heading', { name: 'Wallet Details' }).waitFor({ timeout: SETTLE_MS });
        await page.getByText('Prices unavailable', { exact: true }).waitFor({ timeout: SETTLE_MS });
        await page.getByRole('table', { name: 'Stocks Held' }).getByRole('row').filter({ hasText: 'AAPL' }).waitFor();
        await expectSettled('wallet page');
        await expectRendered('wallet page');
        await page.screenshot({ path: `/tmp/outage-${name}-wallet.png`, fullPage: true });
      });

      it('the server stayed healthy', async () => {
        await expectServerHealthy(server, account);
        expect(unexpectedErrors(errors)).toEqual([]);
        // The outage really was in effect (down: nothing could connect; otherwise the fake saw the calls).
        if (name !== 'down') expect(fake.requests.length).toBeGreaterThan(10);
      });

      if (name === 'garbage') {
        it('API: each kind of garbage alone gives the same clean errors', async () => {
          for (const kind of GARBAGE_KINDS) {
            fake.garbage = kind;
            await expectApiFailsCleanly(server, account);
          }
          fake.garbage = 'mixed';
          await expectServerHealthy(server, account);
        });
      }
    });
  }

  scenario('down', async (fake) => {
    // Closing the fake leaves its port refusing connections.
    await fake.close();
  });

  scenario('slow', async (fake) => {
    fake.mode = 'slow';
  });

  scenario('garbage', async (fake) => {
    fake.mode = 'garbage';
  });
});
