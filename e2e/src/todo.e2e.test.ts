import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import type { RunningServer } from './server.js';
import { openSite, type Site } from './site.js';

describe('to-do list in a real browser', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    site = await openSite({ signUpAs: 'todo' });
    ({ server, page, errors } = site);
    await page.goto(`${server.baseUrl}/apps/todo`);
    await page.getByRole('heading', { name: 'Todo List' }).waitFor();
  });
  afterAll(() => site?.close());

  const card = (title: string) => page.getByRole('article', { name: title });
  const openSection = () => page.locator('section[aria-labelledby="todo-list-heading"]');
  const completedSection = () => page.locator('section[aria-labelledby="completed-heading"]');

  it('adds an item through the Add Item modal', async () => {
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByLabel('Title').fill('Water the plants');
    await dialog.getByLabel('Description').fill('The fern needs extra');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect.poll(() => openSection().getByRole('article', { name: 'Water the plants' }).isVisible()).toBe(true);
    await expect.poll(() => card('Water the plants').getByText('The fern needs extra').isVisible()).toBe(true);
    await screenshot(page, 'todo-added');
  });

  it('edits its title and description', async () => {
    await page.getByRole('button', { name: 'Edit Water the plants' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    await dialog.getByLabel('Title').fill('Water all the plants');
    await dialog.getByLabel('Description').fill('Fern, cactus and basil');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => card('Water all the plants').getByText('Fern, cactus and basil').isVisible()).toBe(true);
    expect(await card('Water the plants').count()).toBe(0);
  });

  it('marks it complete: it moves to Completed Todos', async () => {
    await card('Water all the plants').getByRole('button', { name: 'Mark Complete' }).click();
    await expect
      .poll(() => completedSection().getByRole('article', { name: 'Water all the plants' }).isVisible())
      .toBe(true);
    await expect.poll(() => openSection().getByRole('article', { name: 'Water all the plants' }).count()).toBe(0);
    // Its button went with it: the focus goes on to the list's heading (no other open item), not <body>.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('todo-list-heading');
    await screenshot(page, 'todo-completed');
  });

  it('un-completes it with the Completed checkbox and survives a reload', async () => {
    await page.getByRole('button', { name: 'Edit Water all the plants' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    await dialog.getByRole('checkbox', { name: 'Completed' }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => openSection().getByRole('article', { name: 'Water all the plants' }).isVisible())
      .toBe(true);
    await page.reload();
    await expect
      .poll(() => openSection().getByRole('article', { name: 'Water all the plants' }).isVisible())
      .toBe(true);
  });

  it('gives the focus back to Edit when the first dialog of the page is closed with Escape', async () => {
    await page.reload();
    const edit = page.getByRole('button', { name: 'Edit Water all the plants' });
    await edit.click();
    await page.getByRole('dialog', { name: 'Edit Item' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Edit Item' }).waitFor({ state: 'detached' });
    await expect.poll(() => edit.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('deletes it after confirmation', async () => {
    await page.getByRole('button', { name: 'Delete Water all the plants' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete item' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card('Water all the plants').count()).toBe(0);
    await expect.poll(() => page.getByText('Nothing to do. Add an item to get started.').isVisible()).toBe(true);
    await page.reload();
    await page.getByText('Nothing to do. Add an item to get started.').waitFor();
    expect(errors).toEqual([]);
  });
});
