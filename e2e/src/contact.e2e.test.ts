/**
 * The contact form to the admin's inbox in a real browser (docs/product.md#contact): a signed-out
 * visitor writes from the home page and sees the thanks; the admin finds the message on /admin with
 * the unread count, reads it as text (markup shown as typed), marks it read and unread, and deletes
 * it after the confirmation. The server runs with CONTACT_MIN_FILL_SECONDS=0: it is a process of
 * its own, whose clock the test cannot move, and the minimum fill time is the server tests' to
 * check (apps/server/src/features/contact/contact.routes.test.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, watchErrors } from './browser.js';
import { E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';
import { logInThroughUi } from './session.js';

const MESSAGE = 'Hello there,\nplease keep <b>x</b> as it is.';

describe('the contact form reaches the admin’s inbox', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startServer({ CONTACT_MIN_FILL_SECONDS: '0' });
    browser = await launchBrowser({ width: 1280, height: 800 });
    page = await browser.context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a signed-out visitor sends a message from the home page and is thanked', async () => {
    await page.goto(server.baseUrl);
    const section = page.getByRole('region', { name: 'Send a message' });
    // The form's code loads as its place nears the screen.
    await section.scrollIntoViewIfNeeded();
    await section.getByLabel('Name').fill('Ada Lovelace');
    await section.getByLabel('E-mail').fill('ada@example.com');
    await section.getByLabel('Message').fill(MESSAGE);
    const sent = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/contact' && response.request().method() === 'POST',
    );
    await section.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(200);
    const thanks = section.getByRole('status');
    await thanks.waitFor();
    expect(await thanks.textContent()).toContain('Thank you, your message has been sent.');
    expect(errors).toEqual([]);
  });

  it('the admin reads it as text in /admin, marks it read and unread, and deletes it after confirming', async () => {
    await logInThroughUi(page, server.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('tab', { name: 'Inbox' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Inbox' });
    await expect.poll(() => panel.getByText(/\d+ messages?, \d+ unread/).textContent()).toBe('1 message, 1 unread');

    // Opening the message marks it read.
    await panel.getByRole('button', { name: 'Unread message from Ada Lovelace' }).click();
    await expect.poll(() => panel.getByText(/\d+ messages?, \d+ unread/).textContent()).toBe('1 message, 0 unread');
    const body = panel.getByText('please keep <b>x</b> as it is.', { exact: false }).last();
    await body.waitFor();
    // The visitor's words as they typed them: the tags are text, no bold element was made of them.
    expect(await body.textContent()).toBe(MESSAGE);
    expect(await panel.locator('b').count()).toBe(0);
    expect(await panel.getByText('From Ada Lovelace <ada@example.com>').count()).toBe(1);

    await panel.getByRole('button', { name: 'Mark unread' }).click();
    await expect.poll(() => panel.getByText(/\d+ messages?, \d+ unread/).textContent()).toBe('1 message, 1 unread');
    await panel.getByRole('button', { name: 'Mark read' }).click();
    await expect.poll(() => panel.getByText(/\d+ messages?, \d+ unread/).textContent()).toBe('1 message, 0 unread');

    await panel.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete message' });
    expect(await dialog.textContent()).toContain('Delete the message from Ada Lovelace? This cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await panel.getByText('No messages yet.', { exact: false }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Gone from the server too.
    const inbox = await page.evaluate(async () => (await fetch('/api/admin/contact')).json());
    expect(inbox).toMatchObject({ total: 0, unread: 0, messages: [] });
    expect(errors).toEqual([]);
  });
});
