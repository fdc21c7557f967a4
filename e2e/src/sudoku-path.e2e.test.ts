import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedSchemes, screenshot, screenshotDir } from './browser.js';
import type { RunningServer } from './server.js';
import { openSite, type Site } from './site.js';

/** A step of the path as the server answers it (docs/api.md#sudoku-solving-path). */
interface PathStep {
  kind: 'step' | 'reveal';
  name?: string;
  text: string;
  cells: string[];
  placement: { cell: string; digit: number } | null;
  eliminations?: { cell: string; digit: number }[];
}

/** `r5c2` as the board's cell label. */
const label = (name: string) => `Row ${name[1]}, column ${name[3]}`;

describe('Sudoku solving path in a real browser', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    site = await openSite({ signUpAs: 'sudokupath' });
    ({ server, page, errors } = site);
  });
  afterAll(() => site?.close());

  const dialog = () => page.getByRole('dialog', { name: 'Solving path' });
  const counter = () => dialog().getByTestId('path-counter').textContent();
  const sentence = () => dialog().getByTestId('path-sentence').textContent();
  /** The labels of the cells the stepper rings (a hint's level 2), sorted. */
  const ringed = () =>
    dialog()
      .locator('[role="gridcell"][data-hint-cell] input')
      .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('aria-label') ?? '').sort());
  const stepperCell = (name: string) => dialog().getByRole('textbox', { name: label(name) });

  /** Starts a game of `difficulty` from the menu, gives it up, and opens its solving path; returns the path. */
  async function giveUpAndOpenPath(difficulty: 'Easy' | 'Medium' | 'Hard'): Promise<PathStep[]> {
    await page.goto(`${server.baseUrl}/apps/sudoku`);
    const radioId = await page.getByRole('radio', { name: difficulty }).getAttribute('id');
    await page.locator(`label[for="${radioId}"]`).click();
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.waitForURL(/\/apps\/sudoku\/game\?id=\d+/);
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Give Up' }).click();
    await page.getByText('Game Over - Lost').waitFor();
    const answer = page.waitForResponse((r) => r.url().includes('/api/sudoku/solving-path'));
    await page.getByRole('button', { name: 'Show the solving path' }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    await dialog().getByTestId('path-counter').waitFor();
    return (await res.json()).steps as PathStep[];
  }

  it('gives up a game, opens its solving path and steps through it: the sentence and the ringed cells follow', async () => {
    const steps = await giveUpAndOpenPath('Medium');
    expect(steps.length).toBeGreaterThan(40);
    const [first, second, third] = steps as [PathStep, PathStep, PathStep];

    expect(await counter()).toBe(`Step 1 of ${steps.length}`);
    expect(await sentence()).toBe(first.text);
    const firstRing = await ringed();
    expect(firstRing).toEqual(expect.arrayContaining(first.cells.map(label)));
    // The board is the one before the step: its digit is not there yet.
    if (first.placement) expect(await stepperCell(first.placement.cell).inputValue()).toBe('');

    await dialog().getByRole('button', { name: 'Next' }).click();
    await expect.poll(counter).toBe(`Step 2 of ${steps.length}`);
    expect(await sentence()).toBe(second.text);
    expect(await sentence()).not.toBe(first.text);
    expect(await ringed()).not.toEqual(firstRing);
    if (first.placement)
      expect(await stepperCell(first.placement.cell).inputValue()).toBe(String(first.placement.digit));

    // The keyboard: → on, ← back, End to the last step.
    await page.keyboard.press('ArrowRight');
    await expect.poll(counter).toBe(`Step 3 of ${steps.length}`);
    expect(await sentence()).toBe(third.text);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(counter).toBe(`Step 2 of ${steps.length}`);
    await page.keyboard.press('End');
    await expect.poll(counter).toBe(`Step ${steps.length} of ${steps.length}`);
    expect(await dialog().getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await sentence()).toBe(steps.at(-1)?.text);

    // Closing the stepper leaves the lost game as it was.
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await page.getByText('Game Over - Lost').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('screenshots: the stepper on a step that removes candidates, at 375, 800 and 1280 px', async () => {
    const steps = await giveUpAndOpenPath('Hard');
    const game = page.url();
    const target = Math.max(
      0,
      steps.findIndex((s) => s.kind === 'step' && !s.placement),
    );
    for (const scheme of checkedSchemes) {
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      // A signed-in player's stored choice may be 'auto': the system's scheme decides then.
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(game);
        await page.getByText('Game Over - Lost').waitFor();
        await screenshot(page, `sudoku-path-lost-${width}-${scheme}`);
        await page.getByRole('button', { name: 'Show the solving path' }).click();
        await dialog().getByTestId('path-counter').waitFor();
        for (let i = 0; i < target; i++) await page.keyboard.press('ArrowRight');
        await expect.poll(counter).toBe(`Step ${target + 1} of ${steps.length}`);
        // Cells fade between steps (a 120 ms transition): capture the settled board.
        await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
        // What the player sees: the dialog over the page (a full-page capture would stretch the backdrop).
        await page.screenshot({ path: path.join(screenshotDir, `sudoku-path-${width}-${scheme}.png`) });
      }
    }
    await page.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));
    await page.emulateMedia({ colorScheme: null });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(errors).toEqual([]);
  });
});
