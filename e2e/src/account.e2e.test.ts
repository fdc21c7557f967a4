import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, screenshot, screenshotsOnly, watchErrors } from './browser.js';
import { E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';
import { logInThroughUi, signUpThroughUi, uniqueUsername } from './session.js';

/** The browser reports every 4xx answer (a refused login, a checked-out session) as a failed resource. */
const expectedNoise = /Failed to load resource: the server responded with a status of (400|401|403|404)/;

/**
 * An account's walk: change password → the old one is refused; the admin issues a reset link → the
 * user sets a new password with it → their other sessions are gone; delete the account → it
 * cannot log in. Two browsers: `mine` (the user's signed-in device) and `other` (the admin, then
 * the user on a second device opening the link).
 */
describe('managing an account in a real browser', () => {
  let server: RunningServer;
  let mine: Browser;
  let other: Browser;
  let page: Page;
  let page2: Page;
  let errors: string[][] = [];
  const username = uniqueUsername('acct');
  const first = 'e2e-password-123';
  const second = 'second-password-456';
  const third = 'third-password-789';

  beforeAll(async () => {
    server = await startServer();
    mine = await launchBrowser({ width: 1280, height: 900 });
    other = await launchBrowser({ width: 1280, height: 900 });
    page = await mine.context.newPage();
    page2 = await other.context.newPage();
    errors = [watchErrors(page), watchErrors(page2)];
  });
  afterAll(async () => {
    await mine?.close();
    await other?.close();
    await server?.stop();
  });

  /** Tries the login modal; answers with what it shows: 'signed in' or the field messages. */
  async function tryLogin(p: Page, name: string, password: string): Promise<string> {
    await p.goto(server.baseUrl);
    await p.getByRole('button', { name: 'Login' }).first().click();
    const dialog = p.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('Username').fill(name);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    // The waits that lose the race time out later: caught, so they are not unhandled rejections.
    const shown = (wait: Promise<void>, what: string) => wait.then(() => what).catch(() => 'nothing shown');
    const outcome = await Promise.race([
      shown(p.getByRole('button', { name: 'Log Out', exact: true }).waitFor(), 'signed in'),
      shown(dialog.getByText('Invalid username or password').first().waitFor(), 'Invalid username or password'),
      shown(dialog.getByText('User not found').waitFor(), 'User not found'),
    ]);
    if (outcome !== 'signed in') await p.keyboard.press('Escape');
    return outcome;
  }

  const signedIn = async (p: Page) => {
    await p.reload();
    const settle = (wait: Promise<void>) => wait.catch(() => {});
    await Promise.race([
      settle(p.getByRole('button', { name: 'Log Out', exact: true }).waitFor()),
      settle(p.getByRole('button', { name: 'Login' }).first().waitFor()),
    ]);
    return p.getByRole('button', { name: 'Log Out', exact: true }).isVisible();
  };

  it('signs up and reaches /account from the username in the top bar', async () => {
    await signUpThroughUi(page, server.baseUrl, username, first);
    await page.getByRole('link', { name: `Account: ${username}` }).click();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await expect.poll(() => page.getByText(`${username}@example.com`).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('This device').isVisible()).toBe(true);
    await screenshot(page, 'account-1280');
  });

  it('changes the password; then the old one is refused and the new one accepted', async () => {
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(first);
    await form.getByLabel('New password', { exact: true }).fill(second);
    await form.getByLabel('Confirm new password').fill(second);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your password was changed.', { exact: false }).waitFor();
    // This device stays signed in.
    expect(await signedIn(page)).toBe(true);

    await page.getByRole('button', { name: 'Log Out', exact: true }).click();
    await page.getByRole('button', { name: 'Login' }).first().waitFor();
    expect(await tryLogin(page, username, first)).toBe('Invalid username or password');
    expect(await tryLogin(page, username, second)).toBe('signed in');
  });

  let resetUrl = '';

  it('lets the admin find the user on /admin and issue a one-time reset link', async () => {
    await logInThroughUi(page2, server.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
    await page2.getByRole('link', { name: 'Admin', exact: true }).click();
    await page2.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    await page2.getByLabel('Search users').fill(username);
    const actions = page2.getByRole('button', { name: `Actions for ${username}` });
    await actions.waitFor();
    await expect.poll(() => page2.getByRole('table', { name: 'Users' }).getByRole('row').count()).toBe(2);
    await screenshot(page2, 'admin-users-1280');
    await actions.click();
    await page2.getByRole('menuitem', { name: 'Reset link' }).click();
    const dialog = page2.getByRole('dialog', { name: 'Password reset link' });
    const code = dialog.locator('pre');
    await code.waitFor();
    resetUrl = (await code.textContent())?.trim() ?? '';
    expect(resetUrl).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{20,}$/);
    await screenshot(page2, 'admin-reset-link');
    // The dialog's own Close button (the header's × is named Close too).
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page2.getByRole('button', { name: 'Log Out', exact: true }).click();
    await page2.getByRole('button', { name: 'Login' }).first().waitFor();
  });

  it('sets a new password with the link on a second device; the first device is signed out', async () => {
    // Signed in since the last test, and not reloaded here: a page still starting when the password
    // is set finds the session ended while open, and the reload below would then bring no notice.
    expect(await page.getByRole('button', { name: 'Log Out', exact: true }).isVisible()).toBe(true);
    const link = new URL(resetUrl);
    await page2.goto(`${server.baseUrl}${link.pathname}${link.search}`);
    const form = page2.getByRole('form', { name: 'Set a new password' });
    await form.getByText(username).waitFor();
    await form.getByLabel('New password', { exact: true }).fill(third);
    await form.getByLabel('Confirm new password').fill(third);
    await form.getByRole('button', { name: 'Set password' }).click();
    await page2.getByText('Your password is set').waitFor();
    await screenshot(page2, 'reset-password-done');

    // Every session of the user ended, the first device's included, and that device is told so.
    expect(await signedIn(page)).toBe(false);
    await page.getByText('You were signed out').waitFor();
    await screenshot(page, 'signed-out-elsewhere');
    const size = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 900 });
    await screenshot(page, 'signed-out-elsewhere-375');
    if (size) await page.setViewportSize(size);

    // The link worked once.
    await page2.goto(`${server.baseUrl}${link.pathname}${link.search}`);
    await page2.getByText('This reset link is not valid any more').waitFor();

    expect(await tryLogin(page2, username, second)).toBe('Invalid username or password');
    expect(await tryLogin(page2, username, third)).toBe('signed in');
  });

  it('deletes the account with its password; it cannot log in afterwards', async () => {
    await page2.goto(`${server.baseUrl}/account`);
    await page2.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page2.getByRole('dialog', { name: 'Delete my account' });
    await dialog.getByLabel('Your password').fill(third);
    await Promise.all([
      page2.waitForURL(`${server.baseUrl}/`),
      dialog.getByRole('button', { name: 'Delete my account' }).click(),
    ]);
    await page2.getByRole('button', { name: 'Login' }).first().waitFor();
    await page2.getByText('Your account was deleted').waitFor();
    await screenshot(page2, 'account-deleted');
    expect(await tryLogin(page2, username, third)).toBe('User not found');
    expect(errors.flat().filter((e) => !expectedNoise.test(e))).toEqual([]);
  });
});

describe('the account and admin pages at 375, 800 and 1280 px, light and dark', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 1280, height: 900 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  screenshotsOnly('takes the screenshots', async () => {
    const page = await browser.context.newPage();
    await logInThroughUi(page, server.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.baseUrl}/account`);
        await page.getByText('This device').waitFor();
        await screenshot(page, `look-account-${width}-${scheme}`);
        for (const tab of ['users', 'status', 'notice']) {
          await page.goto(`${server.baseUrl}/admin?tab=${tab}`);
          await page.getByRole('tabpanel').getByText(/\S/).first().waitFor();
          await page.waitForLoadState('networkidle');
          await screenshot(page, `look-admin-${tab}-${width}-${scheme}`);
        }
      }
    }
  });
});
