/**
 * Pages drawn by the server with their data (docs/decisions.md#pages-rendered-with-their-data): the
 * HTML the server sends, read without running any script, already holds the portfolio's projects
 * and a stock's company, price and profile, with the answers the browser starts from; in a real
 * browser the page hydrates without a mismatch and does not ask for that data again.
 */
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFileIn } from '../../apps/server/src/db/database.js';
import { type Browser, launchBrowser, watchErrors } from './browser.js';
import { type RunningServer, startServer } from './server.js';
import { signUpThroughUi, uniqueUsername } from './session.js';

describe('pages drawn with their data', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 412, height: 823 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The page as the server sends it, parsed without scripts. */
  async function served(path: string) {
    const response = await fetch(`${server.baseUrl}${path}`);
    expect(response.status).toBe(200);
    return new JSDOM(await response.text()).window.document;
  }
  const pageData = (document: Document) => {
    const text = document.getElementById('page-data')?.textContent;
    return text ? (JSON.parse(text) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }) : null;
  };

  it('sends the portfolio with its projects, their images and the answer the browser starts from', async () => {
    const projects = (await (await fetch(`${server.baseUrl}/api/portfolio`)).json()) as {
      title: string;
      image: string | null;
    }[];
    expect(projects.length).toBeGreaterThan(0);
    const document = await served('/portfolio');
    const cards = Array.from(document.querySelectorAll('#root article')).map((card) => card.getAttribute('aria-label'));
    expect(cards).toEqual(projects.map((project) => project.title));
    const images = Array.from(document.querySelectorAll('#root article img')).map((img) => img.getAttribute('src'));
    expect(images).toEqual(projects.flatMap((project) => (project.image ? [project.image] : [])));
    // The first row's images load at once: one of them is the page's largest paint.
    expect(document.querySelector('#root article img')?.getAttribute('loading')).toBe('eager');
    const data = pageData(document);
    expect(data?.queries.map((query) => query.queryKey)).toEqual([['portfolio']]);
    expect(data?.queries[0]?.state.data).toEqual(projects);
  });

  it('draws the portfolio again when a project changes', async () => {
    const { db, destroy } = openDatabase({ sqliteFile: sqliteFileIn(server.dataDir) });
    try {
      const first = await db
        .selectFrom('portfolio_projects')
        .select(['id', 'title'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await served('/portfolio');
      await db
        .updateTable('portfolio_projects')
        .set({ title: 'Renamed for the test' })
        .where('id', '=', first.id)
        .execute();
      const document = await served('/portfolio');
      expect(
        Array.from(document.querySelectorAll('#root article')).map((card) => card.getAttribute('aria-label')),
      ).toContain('Renamed for the test');
      await db.updateTable('portfolio_projects').set({ title: first.title }).where('id', '=', first.id).execute();
    } finally {
      await destroy();
    }
  });

  it('sends a stock page with the company, its price and profile', async () => {
    const document = await served('/apps/finance/stock/aapl');
    const heading = document.querySelector('#root h1')?.textContent ?? '';
    expect(heading).toMatch(/AAPL/);
    expect(heading).toMatch(/Apple Inc\./);
    // The profile tab's company address: the page's largest paint on a phone.
    expect(document.querySelector('#root address')?.textContent).toBeTruthy();
    const data = pageData(document);
    expect(data?.queries[0]?.queryKey).toEqual(['finance', 'full-stock', 'AAPL', '1y', '1d']);
  });

  it('sends the pre-rendered frame for a stock the server cannot look up', async () => {
    const document = await served('/apps/finance/stock/ZZZZ9');
    expect(pageData(document)).toBeNull();
    expect(document.querySelector('#root [role="status"][aria-label="Loading page"]')).not.toBeNull();
  });

  it('sends a visitor the to-do and finance pages drawn signed out, for any shared cache', async () => {
    for (const [path, text] of [
      ['/apps/todo', 'Please log in to use this app'],
      ['/apps/finance', 'Your watchlist and wallets are saved to your account.'],
    ] as const) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.headers.get('vary'), path).toMatch(/Cookie/);
      const document = new JSDOM(await response.text()).window.document;
      expect(document.querySelector('#root main')?.textContent, path).toContain(text);
      const data = pageData(document);
      expect(
        data?.queries.map((query) => [query.queryKey, query.state.data]),
        path,
      ).toEqual([[['auth', 'me'], null]]);
    }
  });

  it('sends a signed-in visitor their own to-do list, for their browser only, and hydrates it', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    const username = uniqueUsername('drawn');
    await signUpThroughUi(page, server.baseUrl, username);
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const created = await page.request.post(`${server.baseUrl}/api/todo`, {
      data: { title: 'Drawn by the server', description: 'In the HTML' },
      headers: { 'X-CSRFToken': csrf },
    });
    expect(created.status()).toBe(200);

    const response = await page.request.get(`${server.baseUrl}/apps/todo`);
    expect(response.headers()['cache-control']).toBe('private, no-cache');
    const document = new JSDOM(await response.text()).window.document;
    expect(document.querySelector('#root main')?.textContent).toContain('Drawn by the server');
    // The list, and the side bar's lists and labels.
    expect(pageData(document)?.queries.map((query) => query.queryKey)).toEqual([
      ['auth', 'me'],
      ['todo'],
      ['todo', 'lists', 'overview'],
      ['todo', 'labels'],
    ]);
    // Another visitor's page holds none of it.
    const anonymous = await (await fetch(`${server.baseUrl}/apps/todo`)).text();
    expect(anonymous).not.toContain('Drawn by the server');
    expect(anonymous).not.toContain(username);

    // The drawn list is not asked for again: it becomes the offline copy as it is.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/todo') asked.push(request.method());
    });
    await page.goto(`${server.baseUrl}/apps/todo`);
    await page.getByText('Drawn by the server').waitFor();
    await page.waitForSelector('html[data-app-ready]');
    const copy = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('offlineCopy:') && key.endsWith(':todo'))
        .map((key) => localStorage.getItem(key)),
    );
    expect(copy.join('')).toContain('Drawn by the server');
    expect(asked).toEqual([]);
    await page.goto(`${server.baseUrl}/apps/finance`);
    await page.getByRole('heading', { name: 'Watchlist' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws a signed-in visitor’s page only while it is small, and answers a matching revalidation with 304', async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    await signUpThroughUi(page, server.baseUrl, uniqueUsername('bounded'));
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const add = async (title: string) =>
      expect(
        (
          await page.request.post(`${server.baseUrl}/api/todo`, {
            data: { title, description: '' },
            headers: { 'X-CSRFToken': csrf },
          })
        ).status(),
      ).toBe(200);
    for (let i = 1; i <= 3; i++) await add(`Small list item ${i}`);

    const first = await page.request.get(`${server.baseUrl}/apps/todo`);
    const etag = first.headers().etag ?? '';
    expect(await first.text()).toContain('Small list item 3');
    // Revalidated with its own tag: 304, still for this browser only.
    const again = await page.request.get(`${server.baseUrl}/apps/todo`, { headers: { 'if-none-match': etag } });
    expect(again.status()).toBe(304);
    expect(again.headers()['cache-control']).toBe('private, no-cache');
    // Another visitor with the same tag gets their own page.
    const anonymous = await fetch(`${server.baseUrl}/apps/todo`, { headers: { 'if-none-match': etag } });
    expect(anonymous.status).toBe(200);
    await add('Small list item 4');
    const changed = await page.request.get(`${server.baseUrl}/apps/todo`, { headers: { 'if-none-match': etag } });
    expect(changed.status()).toBe(200);
    expect(await changed.text()).toContain('Small list item 4');

    // At the cap the server sends the frame, whose weight does not grow with the list; the
    // browser asks for the list and shows it.
    const me = (await (await page.request.get(`${server.baseUrl}/api/me`)).json()) as { user_id: number };
    const { db, destroy } = openDatabase({ sqliteFile: sqliteFileIn(server.dataDir) });
    try {
      const now = new Date().toISOString();
      const rows = Array.from({ length: 996 }, (_, i) => ({
        user_id: me.user_id,
        title: `Bulk item ${i} ${'x'.repeat(150)}`,
        description: 'words '.repeat(300),
        completed: 0,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 100)
        await db
          .insertInto('todos')
          .values(rows.slice(i, i + 100))
          .execute();
    } finally {
      await destroy();
    }
    const large = await page.request.get(`${server.baseUrl}/apps/todo`);
    const html = await large.text();
    expect(html).not.toContain('id="page-data"');
    expect(html).not.toContain('Bulk item');
    expect(html.length).toBeLessThan(300_000);
    // The frame is the same for everyone: a revalidation with its tag is answered 304 too.
    const frameAgain = await page.request.get(`${server.baseUrl}/apps/todo`, {
      headers: { 'if-none-match': large.headers().etag ?? '' },
    });
    expect(frameAgain.status()).toBe(304);
    await page.goto(`${server.baseUrl}/apps/todo`);
    await page.getByText('Bulk item 995', { exact: false }).first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("sends a signed-in visitor their wallet with its holdings and ledger, and nobody else's", async () => {
    // Signed out of the user of the test before (the browser's cookies are shared).
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    await signUpThroughUi(page, server.baseUrl, uniqueUsername('wallet'));
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const headers = { 'X-CSRFToken': csrf };
    const created = await page.request.post(`${server.baseUrl}/api/finance/create_wallet`, {
      data: { wallet_name: 'Drawn wallet' },
      headers,
    });
    const walletId = ((await created.json()) as { wallet: { wallet_id: number } }).wallet.wallet_id;
    const bought = await page.request.post(`${server.baseUrl}/api/finance/add_stock_to_wallet`, {
      data: { wallet_id: walletId, symbol: 'NVDA', quantity: 3 },
      headers,
    });
    expect(bought.status()).toBe(200);

    const path = `/apps/finance/wallet?wallet=${walletId}`;
    const response = await page.request.get(`${server.baseUrl}${path}`);
    expect(response.headers()['cache-control']).toBe('private, no-cache');
    const document = new JSDOM(await response.text()).window.document;
    const main = document.querySelector('#root main')?.textContent ?? '';
    expect(main).toContain('Drawn wallet');
    expect(main).toContain('NVDA');
    // Everything the page shows, down to its orders, dividends and performance (the key's last
    // part is the wallet's version).
    const drawn = [
      ['auth', 'me'],
      ['wallets', 'list'],
      ['wallets', 'wallet', walletId, 'details'],
      ['wallets', 'wallet', walletId, 'ledger'],
      ['wallets', 'wallet', walletId, 'orders'],
      ['wallets', 'wallet', walletId, 'events'],
      ['wallets', 'wallet', walletId, 'performance', 'SPY'],
    ];
    expect(pageData(document)?.queries.map((query) => query.queryKey.slice(0, 5))).toEqual(drawn);
    expect(document.querySelector('#root main [aria-labelledby="wallet-performance-heading"]')?.textContent).toContain(
      'Benchmark',
    );

    // Without ?wallet= the server draws the active wallet (the only one here) the same way.
    const active = new JSDOM(await (await page.request.get(`${server.baseUrl}/apps/finance/wallet`)).text()).window
      .document;
    expect(active.querySelector('#root main')?.textContent).toContain('NVDA');
    expect(pageData(active)?.queries.map((query) => query.queryKey.slice(0, 5))).toEqual(drawn);

    // Hydrated in the browser without a mismatch, and the drawn answers are not asked for again.
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/\/api\/finance\/(get_wallets?|get_wallet_[a-z]+|get_orders)$/.test(url.pathname)) asked.push(url.pathname);
    });
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForSelector('html[data-app-ready]');
    await page.getByRole('heading', { name: 'Wallets', level: 1 }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('NVDA');
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);

    // Another user asking for this wallet gets the frame the browser fills in (where the API
    // answers 404), not the wallet; a visitor gets the page drawn signed out.
    const otherBrowser = await launchBrowser();
    const otherPage = await otherBrowser.context.newPage();
    await signUpThroughUi(otherPage, server.baseUrl, uniqueUsername('other'));
    const theirs = await (await otherPage.request.get(`${server.baseUrl}${path}`)).text();
    await otherBrowser.close();
    expect(theirs).toContain('data-pages="WalletPage"');
    expect(theirs).not.toContain('Drawn wallet');
    expect(theirs).not.toContain('id="page-data"');
    const anonymous = await (await fetch(`${server.baseUrl}${path}`)).text();
    expect(anonymous).not.toContain('Drawn wallet');
    await page.close();
  });

  it('hydrates both pages in a browser without a mismatch, and does not ask for their data again', async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/portfolio' || url.pathname.endsWith('/get_full_stock')) asked.push(url.pathname);
    });
    await page.goto(`${server.baseUrl}/portfolio`);
    await page.getByRole('article').first().waitFor();
    await page.goto(`${server.baseUrl}/apps/finance/stock/MSFT`);
    await page.getByRole('heading', { level: 1, name: /Microsoft/ }).waitFor();
    // The other tabs draw from the same answer.
    await page.getByRole('tab', { name: 'Board' }).click();
    await page.getByRole('heading', { name: 'Company Officers' }).waitFor();
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
