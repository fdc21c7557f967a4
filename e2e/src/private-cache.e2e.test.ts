import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughUi, uniqueUsername } from './session.js';
import { openSite, type Site } from './site.js';

const PRIVATE = ['/api/me', '/api/account', '/api/account/sessions'];

/** What the browser's HTTP cache answers for each URL without asking the server: its status, or 'not cached'. */
const fromCache = (page: Page, urls: string[]) =>
  page.evaluate(
    (list) =>
      Promise.all(
        list.map((url) =>
          fetch(url, { cache: 'only-if-cached', mode: 'same-origin' }).then(
            (response) => (response.ok ? `${response.status}` : 'not cached'),
            () => 'not cached',
          ),
        ),
      ),
    urls,
  );

/** On a shared browser, nothing of a user stays after they leave (docs/api.md, security). */
describe('a shared browser after the user leaves', () => {
  let site: Site;
  let page: Page;
  const password = 'e2e-password-123';
  beforeAll(async () => {
    site = await openSite();
    ({ page } = site);
  });
  afterAll(() => site?.close());

  it('holds none of their API answers in its cache after Log Out', async () => {
    const username = uniqueUsername('cache');
    await signUpThroughUi(page, site.server.baseUrl, username, password);
    await page.goto(`${site.server.baseUrl}/account`);
    await page.getByText(`${username}@example.com`).first().waitFor();
    await page.getByText('This device').waitFor();

    await page.getByRole('button', { name: 'Log Out', exact: true }).click();
    await page.getByRole('button', { name: 'Login' }).first().waitFor();

    expect(await fromCache(page, PRIVATE)).toEqual(PRIVATE.map(() => 'not cached'));
    // The probe does read the cache: a public answer without a cache policy is there once asked.
    await page.evaluate(() => fetch('/api/site/notice'));
    expect(await fromCache(page, ['/api/site/notice'])).toEqual(['200']);
  });

  it('forgets their token and offline copies once their session was ended from another device', async () => {
    const username = uniqueUsername('ended');
    await signUpThroughUi(page, site.server.baseUrl, username, password);
    await page.goto(`${site.server.baseUrl}/apps/todo`);
    await page.getByRole('button', { name: 'Add Item' }).waitFor();
    const stored = () => page.evaluate(() => Object.keys(localStorage).sort());
    expect(await stored()).toEqual(expect.arrayContaining(['token', 'userId', 'username']));
    expect((await stored()).some((key) => key.startsWith('offlineCopy:'))).toBe(true);

    // Another device signs in and ends every session ("log out everywhere").
    const login = await fetch(`${site.server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const { token } = (await login.json()) as { token: string };
    const ended = await fetch(`${site.server.baseUrl}/api/account/sessions/end-all`, {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
    });
    expect(ended.status).toBe(200);

    // The next call this browser makes learns it: a 401 that clears the session cookies.
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Never saved');
    await dialog
      .getByRole('button', { name: /add|save/i })
      .last()
      .click();
    const userKeys = (keys: string[]) =>
      keys.filter(
        (key) =>
          ['token', 'userId', 'username'].includes(key) ||
          (key.startsWith('offlineCopy:') && !key.startsWith('offlineCopy:visitor:')),
      );
    await expect.poll(async () => userKeys(await stored()), { timeout: 15_000 }).toEqual([]);
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).first().waitFor();
    expect(userKeys(await stored())).toEqual([]);
  });
});
