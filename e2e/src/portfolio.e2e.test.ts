import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, screenshotDir } from './browser.js';
import { E2E_ADMIN_PASSWORD, type RunningServer } from './server.js';
import { logInThroughUi } from './session.js';
import { openSite, type Site } from './site.js';

/** A 40×30 blue PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPUlEQVRIie3VQQ0AMAwCwClBJxKRNRnb45L+mzSUO+mezLG4Th3hmneqAonKHCSKxWGxWAwWh8ViMV+xeAFhL2j7ARCJ6AAAAABJRU5ErkJggg==',
  'base64',
);

describe('portfolio administration in a real browser', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    site = await openSite();
    ({ server, page, errors } = site);
    await logInThroughUi(page, server.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto(`${server.baseUrl}/portfolio`);
  });
  afterAll(() => site?.close());

  const card = (title: string) => page.getByRole('article', { name: title });
  const imageLoaded = (title: string) =>
    card(title)
      .getByRole('img', { name: `Screenshot of ${title}` })
      .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);

  it('shows the sample projects with their images', async () => {
    await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'portfolio-admin');
  });

  it('lines up Edit and Delete across the cards of a row, whatever their texts', async () => {
    const tops = await page
      .getByRole('button', { name: /^Edit / })
      .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    // 1280 px shows three cards a row (the sample projects' texts differ in length).
    const firstRow = tops.slice(0, 3);
    expect(firstRow.length).toBe(3);
    expect(Math.max(...firstRow) - Math.min(...firstRow)).toBeLessThanOrEqual(1);
  });

  it('adds a project with an image through Manage Projects', async () => {
    await page.getByRole('button', { name: 'Manage Projects' }).click();
    await page.getByRole('menuitem', { name: 'Add Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Project' });
    await dialog.getByLabel('Title').fill('Browser-made project');
    await dialog.getByLabel('Description').fill('Added by the end-to-end test');
    await dialog.getByLabel('Technology').fill('Playwright, Chromium');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => dialog.getByRole('img', { name: 'Image preview' }).isVisible()).toBe(true);
    await screenshot(page, 'portfolio-add-modal');
    await dialog.getByRole('button', { name: 'Add Project' }).click();
    await card('Browser-made project').waitFor();
    await expect.poll(() => imageLoaded('Browser-made project')).toBe(true);
    // The success toast hides nothing of the header (Log Out, the username).
    const toast = page.locator('.mantine-Notification-root').first();
    await toast.waitFor();
    const toastBox = await toast.boundingBox();
    const logOutBox = await page.getByRole('button', { name: 'Log Out' }).boundingBox();
    if (!toastBox || !logOutBox) throw new Error('toast or Log Out not on screen');
    const apart =
      toastBox.x >= logOutBox.x + logOutBox.width ||
      logOutBox.x >= toastBox.x + toastBox.width ||
      toastBox.y >= logOutBox.y + logOutBox.height ||
      logOutBox.y >= toastBox.y + toastBox.height;
    expect(apart).toBe(true);
  });

  it('says why an image is refused inside the modal, with no toast over its buttons', async () => {
    await page.getByRole('button', { name: 'Manage Projects' }).click();
    await page.getByRole('menuitem', { name: 'Add Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Project' });
    await dialog.getByLabel('Title').fill('Broken image');
    const notAnImage = Buffer.from('this is not a picture at all');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: notAnImage });
    await dialog.getByRole('button', { name: 'Add Project' }).click();
    await dialog.getByText('The image must be a PNG, JPEG, WebP or GIF file').waitFor();
    expect(await page.locator('.mantine-Notification-root', { hasText: 'Could not' }).count()).toBe(0);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${screenshotDir}/portfolio-refused-image-${width}.png` });
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The refusal's 415 is the browser's console noise, not the page's error.
    errors.splice(0, errors.length, ...errors.filter((error) => !/status of 415/.test(error)));
  });

  it('edits it, keeping the image', async () => {
    await page.getByRole('button', { name: 'Edit Browser-made project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Project' });
    await dialog.getByLabel('Title').fill('Browser-edited project');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await card('Browser-edited project').waitFor();
    await expect.poll(() => imageLoaded('Browser-edited project')).toBe(true);
    await page.reload();
    await expect.poll(() => imageLoaded('Browser-edited project')).toBe(true);
  });

  it('opens a page from the footer at its top, and Back returns to where the last one was left', async () => {
    await page.goto(`${server.baseUrl}/portfolio`);
    await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
    // The admin's list is asked again for drafts after sign-in: scroll once the page has its length.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Where the page is left is where it is when the link is followed.
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'To-Do List' });
    const bottom = await page.evaluate(() => window.scrollY);
    expect(bottom).toBeGreaterThan(0);
    await footerLink.click();
    await page.getByRole('heading', { name: 'Todo List' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(bottom);
  });

  it('deletes it after the seed question', async () => {
    await page.getByRole('button', { name: 'Delete Browser-edited project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete project' });
    await dialog.getByText('Are you sure you want to delete the project Browser-edited project?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card('Browser-edited project').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('publishes a draft, opens it at its slug, and filters the list by one of its tags', async () => {
    await page.getByRole('button', { name: 'Manage Projects' }).click();
    await page.getByRole('menuitem', { name: 'Add Project' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Project' });
    await dialog.getByLabel('Title').fill('Tide clock');
    await dialog.getByLabel('Technology').fill('Rust, WebAssembly, rust');
    await dialog.getByLabel('Summary').fill('Tides at a glance');
    await dialog.getByLabel('Slug', { exact: true }).fill('tide-clock');
    await dialog.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: /Draft/ }).click();
    await dialog
      .getByRole('textbox', { name: 'Body' })
      .fill('Built for **sailors**.\n\n<script>window.pwned = 1</script>');
    await dialog.getByRole('button', { name: 'Add Project' }).click();
    await card('Tide clock').getByText('Draft').waitFor();
    // A visitor finds no page at the draft's address.
    expect((await fetch(`${server.baseUrl}/portfolio/tide-clock`)).status).toBe(404);

    await page.getByRole('button', { name: 'Edit Tide clock' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Project' });
    await dialog.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: 'Published' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => card('Tide clock').getByText('Draft').count()).toBe(0);
    expect((await fetch(`${server.baseUrl}/portfolio/tide-clock`)).status).toBe(200);

    await card('Tide clock').getByRole('link', { name: 'Tide clock', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Tide clock' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portfolio/tide-clock');
    expect(await page.locator('[data-project-body] strong').textContent()).toBe('sailors');
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await screenshot(page, 'project-page');

    await page.getByRole('group', { name: 'Tags' }).getByRole('link', { name: 'Rust' }).click();
    await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
    expect(new URL(page.url()).search).toBe('?tag=rust');
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await card('Tide clock').waitFor();
    // A filtered list loaded from its address, just after the whole list was: the server draws
    // each its own (the whole list's drawing would not hydrate as the filtered page).
    await page.goto(`${server.baseUrl}/portfolio`);
    await page.goto(`${server.baseUrl}/portfolio?tag=rust`);
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await card('Tide clock').waitFor();
    await screenshot(page, 'portfolio-filtered');
    expect(errors).toEqual([]);
  });

  // The cards' `sizes` (components/ProjectPicture.tsx CARD_SIZES) say these slot widths: the layout's.
  it('draws the card images as wide as their sizes say, at 375, 800 and 1280 px', async () => {
    await page.goto(`${server.baseUrl}/portfolio`);
    // The cards, not just the heading: a page sent without its data (any of its answers failed:
    // docs/decisions.md#pages-rendered-with-their-data) shows its cards once the browser has them.
    await page.locator('article picture img').first().waitFor();
    try {
      for (const [viewport, slot] of [
        [375, 343],
        [800, 374],
        [1280, 356],
      ] as const) {
        await page.setViewportSize({ width: viewport, height: 900 });
        const measure = () =>
          page
            .locator('article picture img')
            .evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect().width));
        // The cards again at this width: the page may draw them anew after the resize.
        await expect.poll(async () => (await measure()).length).toBeGreaterThan(0);
        const widths = await measure();
        expect(widths.length).toBeGreaterThan(0);
        // The image fills the card inside its 1 px border.
        for (const width of widths) expect(Math.abs(width - slot), `${viewport} px`).toBeLessThanOrEqual(2);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  // docs/product.md#portfolio: a gallery, each image in AVIF and WebP at the widths the layout needs.
  it('shows a gallery of two images on the project page, each with srcset and its space kept', async () => {
    const photo = (r: number) =>
      sharp({ create: { width: 1000, height: 600, channels: 3, background: { r, g: 90, b: 160 } } })
        .png()
        .toBuffer();
    await page.goto(`${server.baseUrl}/portfolio`);
    await page.getByRole('button', { name: 'Edit Tide clock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Project' });
    const adder = dialog.getByRole('region', { name: 'Add an image' });
    for (const [n, alt, caption] of [
      [1, 'The tide clock on a phone', ''],
      [2, 'A week of tides', 'High and low water for seven days'],
    ] as const) {
      await adder.locator('input[type="file"]').setInputFiles({
        name: `tide-${n}.png`,
        mimeType: 'image/png',
        buffer: await photo(40 * n),
      });
      await adder.getByRole('textbox', { name: /Alt text/ }).fill(alt);
      await adder.getByRole('textbox', { name: 'Caption' }).fill(caption);
      await adder.getByRole('button', { name: 'Add image' }).click();
      await dialog.getByRole('article', { name: n === 1 ? 'Image 1 (cover)' : `Image ${n}` }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await card('Tide clock').getByRole('img', { name: 'The tide clock on a phone' }).waitFor();

    await page.goto(`${server.baseUrl}/portfolio/tide-clock`);
    await page.getByRole('heading', { level: 1, name: 'Tide clock' }).waitFor();
    const pictures = page.locator('article picture');
    expect(await pictures.count()).toBe(2);
    const described = await pictures.evaluateAll((all) =>
      all.map((picture) => {
        const img = picture.querySelector('img') as HTMLImageElement;
        const box = img.getBoundingClientRect();
        return {
          alt: img.alt,
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          avif: picture.querySelector('source[type="image/avif"]')?.getAttribute('srcset') ?? '',
          webp: picture.querySelector('source[type="image/webp"]')?.getAttribute('srcset') ?? '',
          sizes: picture.querySelector('source')?.getAttribute('sizes') ?? '',
          boxWidth: box.width,
          boxHeight: box.height,
        };
      }),
    );
    expect(described.map((d) => [d.alt, d.width, d.height])).toEqual([
      ['The tide clock on a phone', '1000', '600'],
      ['A week of tides', '1000', '600'],
    ]);
    for (const [index, d] of described.entries()) {
      expect(d.avif).toMatch(/ 480w, .* 800w, .* 1000w$/);
      expect(d.webp).toMatch(/ 480w, .* 800w, .* 1000w$/);
      expect(d.sizes).toContain('820px');
      // The space is kept before the (lazy) file arrives: the image's own proportions, the cover
      // at most 420 px tall (cropped around its focal point).
      const natural = (d.boxWidth * 600) / 1000;
      expect(d.boxHeight).toBeCloseTo(index === 0 ? Math.min(420, natural) : natural, 0);
    }
    await page.getByText('High and low water for seven days').waitFor();
    // Scrolled into view, the gallery image loads, and nothing on the page moves.
    const last = page.getByRole('img', { name: 'A week of tides' });
    const before = await last.boundingBox();
    await last.scrollIntoViewIfNeeded();
    await expect
      .poll(() => last.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const after = await last.boundingBox();
    expect(after?.height).toBeCloseTo(before?.height ?? 0, 0);
    const chosen = await last.evaluate((img) => (img as HTMLImageElement).currentSrc);
    expect(chosen).toMatch(/f=avif&w=(480|800|1000)&v=/);
    expect(errors).toEqual([]);
  });

  it('reorders the projects in Reorder Projects, and visitors see the new order', async () => {
    await page.goto(`${server.baseUrl}/portfolio`);
    const titles = () =>
      page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
    // The cards may still be on their way when the page answers: wait for them before reading the order.
    await expect.poll(async () => (await titles()).length).toBeGreaterThan(2);
    const before = await titles();
    await page.getByRole('button', { name: 'Manage Projects' }).click();
    const [first, second] = before as [string, string];
    await page.getByRole('menuitem', { name: 'Reorder Projects' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reorder Projects' });
    // The keyboard reaches each move: the second project goes up with Enter.
    await dialog.getByRole('button', { name: `Move ${second} up` }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Save order' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(titles).toEqual([second, first, ...before.slice(2)]);
    // Saved for everyone: a visitor's list (the public API) has the same order.
    const visitor = (await (await fetch(`${server.baseUrl}/api/portfolio`)).json()) as { title: string }[];
    expect(visitor.slice(0, 2).map((p) => p.title)).toEqual([second, first]);
    expect(errors).toEqual([]);
  });
});
