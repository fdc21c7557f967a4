import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { logInThroughUi } from './session.js';
import { openSite, type Site } from './site.js';
import { cellOf, emptyCells, startGame } from './sudoku-game.js';

/**
 * docs/product.md#offline with the built site's service worker: the network is cut with
 * Playwright's offline emulation, which covers the page and the service worker alike.
 */
describe('offline, with the service worker', () => {
  let site: Site;
  let page: Page;

  beforeAll(async () => {
    site = await openSite({ signUpAs: 'offline' });
    ({ page } = site);
  });
  afterAll(() => site?.close());

  /**
   * The service worker has precached the site and controls this page. `ready` resolves once the
   * worker is active, its precache complete. A page whose load began before that may never be
   * controlled (the worker claims the clients there are when it activates; a document still
   * loading then is left out), so such a page is loaded again: an active worker controls every
   * navigation. Nothing here waits for a time to pass.
   */
  async function waitForServiceWorker() {
    const controlled = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    if (!controlled) await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }

  const offline = (value: boolean) => page.context().setOffline(value);
  /** Whether a request from the page reaches the server (it must not while offline). */
  const serverReachable = () =>
    page.evaluate(() =>
      fetch('/api/health').then(
        () => true,
        () => false,
      ),
    );
  /** A cell's digit as the server has it, read with a fresh request. */
  const storedValue = (id: number, r: number, c: number) =>
    page.evaluate(
      async ([gameId, row, col]) =>
        (await (await fetch(`/api/sudoku/game?id=${gameId}`, { cache: 'no-store' })).json()).transformed_state[row][col]
          .value as number,
      [id, r, c] as const,
    );
  const saveNote = () => page.getByRole('status').filter({ hasText: /Saved|Saving|Offline|Not saved|Unsaved/ });
  const offlineNote = () => saveNote().filter({ hasText: 'Offline — your moves are kept' });

  it('plays a saved game with the network cut, across a reload, and saves it when the network returns', async () => {
    const game = await startGame(page, site.server.baseUrl, 'Easy');
    await waitForServiceWorker();
    const [first, second] = emptyCells(game);
    if (!first || !second) throw new Error('the puzzle has fewer than two empty cells');
    const digit = ([r, c]: [number, number]) => game.transformed_solution[r]?.[c] ?? 0;

    await offline(true);
    expect(await serverReachable()).toBe(false);
    await page.reload();
    await page.getByRole('grid', { name: 'Sudoku board' }).waitFor();
    await offlineNote().waitFor();

    await cellOf(page, ...first).fill(String(digit(first)));
    // A reload while still offline keeps the move (the leave save cannot go out; the copy keeps it).
    await page.reload();
    await page.getByRole('grid', { name: 'Sudoku board' }).waitFor();
    await expect.poll(() => cellOf(page, ...first).inputValue(), { timeout: 15_000 }).toBe(String(digit(first)));
    await cellOf(page, ...second).fill(String(digit(second)));
    await offlineNote().waitFor();
    await screenshot(page, 'offline-sudoku');

    await offline(false);
    await expect.poll(() => storedValue(game.id, ...first), { timeout: 15_000 }).toBe(digit(first));
    await expect.poll(() => storedValue(game.id, ...second), { timeout: 15_000 }).toBe(digit(second));
    await saveNote()
      .filter({ hasText: /^Saved$/ })
      .waitFor();
  });

  it('queues to-do changes made offline across a reload, sends them in order on reconnect, and another browser sees them', async () => {
    const row = (title: string) => page.getByRole('listitem', { name: title });
    const titles = (on: Page) =>
      on.locator('[data-task-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')));
    const quickAdd = () => page.getByRole('textbox', { name: 'Quick add' });
    const add = async (title: string) => {
      await quickAdd().fill(title);
      await quickAdd().press('Enter');
      await row(title).waitFor();
    };
    const status = () => page.getByRole('status').filter({ hasText: /offline|Syncing|All changes saved/ });

    // The default view once online, so it has its offline copy; then the Inbox.
    await page.goto(`${site.server.baseUrl}/apps/todo`);
    await page.getByRole('heading', { name: 'Todo List' }).waitFor();
    await waitForServiceWorker();
    await page.goto(`${site.server.baseUrl}/apps/todo?view=inbox`);
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    for (const title of ['Alpha', 'Beta', 'Carrot']) await add(title);
    await expect.poll(() => page.locator('[data-task-row][data-task-id^="-"]').count()).toBe(0);

    await offline(true);
    await status().filter({ hasText: "You're offline" }).waitFor();
    await add('Water the plants');
    await page.getByRole('checkbox', { name: 'Mark Complete Alpha' }).click();
    await expect.poll(() => row('Alpha').count()).toBe(0);
    // Carrot to the top by keyboard on its handle (as in todo.e2e.test.ts: the arrow is pressed
    // until the announcement says it is there, as dnd-kit listens only after the lift).
    const said = () => page.locator('[id^="DndLiveRegion"]').textContent();
    await page.getByRole('button', { name: 'Reorder Carrot' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(said).toMatch(/Carrot/);
    await expect
      .poll(async () => {
        await page.keyboard.press('ArrowUp');
        return said();
      })
      .toMatch(/Carrot moved to position 1 of/);
    await page.keyboard.press('Space');
    await expect.poll(() => titles(page)).toEqual(['Carrot', 'Beta', 'Water the plants']);
    await status().filter({ hasText: '3 changes waiting' }).waitFor();
    expect(await serverReachable()).toBe(false);
    await screenshot(page, 'offline-todo');

    // A reload offline: the queue is kept, and the page shows the last copy it has.
    await page.goto(`${site.server.baseUrl}/apps/todo`);
    await page.getByRole('heading', { name: 'Todo List' }).waitFor();
    await status().filter({ hasText: '3 changes waiting' }).waitFor();

    await offline(false);
    await status().filter({ hasText: 'All changes saved' }).waitFor();

    // Another browser, signed in as the same person, sees the same list.
    const username = await page.evaluate(() => localStorage.getItem('username'));
    if (!username) throw new Error('no signed-in username');
    const other = await launchBrowser();
    try {
      const page2 = await other.context.newPage();
      await logInThroughUi(page2, site.server.baseUrl, username, 'e2e-password-123');
      await page2.goto(`${site.server.baseUrl}/apps/todo?view=inbox`);
      await page2.getByRole('heading', { name: 'Inbox' }).waitFor();
      await expect.poll(() => titles(page2)).toEqual(['Carrot', 'Beta', 'Water the plants']);
      await page2.goto(`${site.server.baseUrl}/apps/todo?view=completed`);
      await page2.getByRole('listitem', { name: 'Alpha' }).waitFor();
    } finally {
      await other.close();
    }
  });

  it('waits for the worker to control a page it did not claim (a reload that bypassed it)', async () => {
    await page.goto(`${site.server.baseUrl}/apps/todo`);
    await waitForServiceWorker();
    // A hard reload loads the page past the worker, which is already active and claims no more.
    const devtools = await page.context().newCDPSession(page);
    const loaded = page.waitForEvent('load');
    await devtools.send('Page.reload', { ignoreCache: true });
    await loaded;
    await devtools.detach();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

    await waitForServiceWorker();
    await offline(true);
    await page.reload();
    await page.getByText("You're offline — changes are kept on this device and sent when you reconnect").waitFor();
    await offline(false);
  });

  it('serves the web manifest and a service worker that is revalidated, not cached for a year', async () => {
    const manifest = await page.evaluate(async () => {
      const response = await fetch('/manifest.webmanifest');
      return { type: response.headers.get('content-type'), body: await response.json() };
    });
    expect(manifest.type).toMatch(/manifest\+json|json/);
    expect(manifest.body).toMatchObject({ display: 'standalone', start_url: '/' });
    expect(manifest.body.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    const cache = await page.evaluate(async () => (await fetch('/sw.js')).headers.get('cache-control'));
    expect(cache).toBe('no-cache');
  });
});
