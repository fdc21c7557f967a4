import type { BrowserContext, Page } from 'playwright-core';

/** Signs up a fresh user through the real modal, the way a person would; the page reloads signed in. */
export async function signUpThroughUi(page: Page, baseUrl: string, username: string, password = 'e2e-password-123') {
  await page.goto(baseUrl);
  await signUpOnThisPage(page, username, password);
}

/** Signs up through the modal of the page already open (e.g. a link a visitor followed); it reloads signed in. */
export async function signUpOnThisPage(page: Page, username: string, password = 'e2e-password-123') {
  await page.getByRole('button', { name: 'Signup' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Signup' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Signup' }).click()]);
  await page.getByRole('button', { name: 'Log Out' }).waitFor();
}

export const uniqueUsername = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Logs in through the real modal; the page reloads signed in. */
export async function logInThroughUi(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(baseUrl);
  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Login' }).click()]);
  await page.getByRole('button', { name: 'Log Out' }).waitFor();
}

/** Signs up a fresh user through the API in `context` (a second browser, say): its pages are then signed in. */
export async function signUpThroughApi(
  context: BrowserContext,
  baseUrl: string,
  username: string,
  password = 'e2e-password-123',
) {
  const res = await context.request.post(`${baseUrl}/api/signup`, {
    data: { username, email: `${username}@example.com`, password },
  });
  if (!res.ok()) throw new Error(`signup answered ${res.status()}: ${await res.text()}`);
}
