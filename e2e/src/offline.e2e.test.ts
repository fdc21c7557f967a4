import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
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

  it('shows the last to-do list read-only with the offline notice after an offline reload', async () => {
    await page.goto(`${site.server.baseUrl}/apps/todo`);
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Water the plants');
    await dialog
      .getByRole('button', { name: /add|save/i })
      .last()
      .click();
    await page.getByRole('listitem', { name: 'Water the plants' }).waitFor();
    await waitForServiceWorker();

    await offline(true);
    await page.reload();
    await page.getByRole('listitem', { name: 'Water the plants' }).waitFor();
    await page.getByText("You're offline — showing the last saved copy; changes are disabled").waitFor();
    expect(await page.getByRole('button', { name: 'Add Item' }).isDisabled()).toBe(true);
    // Read-only rows: the checkbox is disabled and there is nothing to delete with.
    expect(await page.getByRole('checkbox', { name: 'Mark Complete Water the plants' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete Water the plants' }).count()).toBe(0);
    await screenshot(page, 'offline-todo');

    await offline(false);
    await page.getByRole('button', { name: 'Add Item', disabled: false }).waitFor();
    expect(await page.getByText("You're offline").count()).toBe(0);
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
    await page.getByText("You're offline — showing the last saved copy; changes are disabled").waitFor();
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
