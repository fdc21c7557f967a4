import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkedSchemes, launchBrowser, screenshot, watchErrors } from './browser.js';
import type { RunningServer } from './server.js';
import { signUpOnThisPage, uniqueUsername } from './session.js';
import { openSite, type Site } from './site.js';

type Cell = { value: number; clue: boolean };
interface Game {
  id: number;
  difficulty: string;
  source: string;
  share: string;
  status: string;
  puzzle: Cell[][];
  transformed_solution: Cell[][];
}

/** Three full rows and nothing else: 27 clues without a clash, but many solutions. */
const MANY_SOLUTIONS = `123456789456789123789123456${'.'.repeat(54)}`;
const MANY_SOLUTIONS_REASON = 'This puzzle has more than one solution, so it cannot be solved by logic alone';

/** Errors a test provokes on purpose: the browser logs each refused request (400) as a console error. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 400/.test(e));

describe('Sudoku daily puzzles, own puzzles and share links in a real browser', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    site = await openSite({ signUpAs: 'puzzles' });
    ({ server, page, errors } = site);
    // The Copy buttons write to the clipboard; the test reads it back.
    await site.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  });
  afterAll(() => site?.close());

  /** A call to the API as the signed-in user of `on` (cookie and CSRF header), answering its JSON. */
  async function api<T>(on: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: object): Promise<T> {
    const csrf = (await on.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const response = await on.request.fetch(`${server.baseUrl}/api${path}`, {
      method,
      data,
      headers: { 'X-CSRFToken': csrf },
    });
    expect(response.status(), `${method} ${path}`).toBe(200);
    return (await response.json()) as T;
  }

  const gameIdIn = (on: Page) => Number(new URL(on.url()).searchParams.get('id'));
  const cell = (on: Page, r: number, c: number) => on.getByRole('textbox', { name: `Row ${r + 1}, column ${c + 1}` });
  const dailyLevel = (name: string) => page.getByRole('group', { name, exact: true });

  /**
   * Wins a game through the API after `time` seconds of play, with the solution its own answer
   * carries (the server decides the win, as it does for the page).
   */
  async function win(game: Game, time: number) {
    await api(page, 'PUT', '/sudoku/updateTime', { sudoku_id: game.id, time });
    await api(page, 'POST', '/sudoku/checkSolution', {
      gameid: game.id,
      board: game.transformed_solution.map((row) => row.map((c) => c.value)),
    });
  }

  it('a share link opens the same puzzle for a second user, who signs in first', async () => {
    await page.goto(`${server.baseUrl}/apps/sudoku`);
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.waitForURL(/\/apps\/sudoku\/game\?id=\d+/);
    const game = await api<Game>(page, 'GET', `/sudoku/game?id=${gameIdIn(page)}`);

    // The link as the page offers it, copied with its button.
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this puzzle' });
    const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(link).toBe(`${server.baseUrl}/apps/sudoku/game?p=${game.share}`);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.keyboard.press('Escape');

    // A second person, signed out, in a browser of their own.
    let other: Browser | undefined;
    try {
      other = await launchBrowser({ width: 800, height: 900 });
      const visitor = await other.context.newPage();
      const visitorErrors = watchErrors(visitor);
      await visitor.goto(link);
      // Told what the link holds, rather than only asked to log in.
      await visitor.getByRole('heading', { name: 'A Sudoku puzzle shared with you' }).waitFor();
      await signUpOnThisPage(visitor, uniqueUsername('shared'));

      // Signed in, the link starts their own game of it and the address names that game.
      await visitor.waitForURL(/\/apps\/sudoku\/game\?id=\d+$/);
      await visitor.getByRole('grid', { name: 'Sudoku board' }).waitFor();
      const theirs = await api<Game>(visitor, 'GET', `/sudoku/game?id=${gameIdIn(visitor)}`);
      expect(theirs.id).not.toBe(game.id);
      expect(theirs.source).toBe('custom');
      expect(theirs.share).toBe(game.share);
      expect(theirs.puzzle).toEqual(game.puzzle);
      // And the board on their screen shows the same clues, locked.
      for (let i = 0; i < 81; i++) {
        const [r, c] = [Math.floor(i / 9), i % 9];
        const clue = game.puzzle[r]?.[c]?.value ?? 0;
        expect(await cell(visitor, r, c).inputValue()).toBe(clue === 0 ? '' : String(clue));
        expect(await cell(visitor, r, c).isEditable()).toBe(clue === 0);
      }
      await visitor.getByText('Own puzzle').waitFor();
      expect(visitorErrors).toEqual([]);
    } finally {
      await other?.close();
    }
    // The first player's game is theirs alone: still unfinished, nobody else's digits in it.
    expect((await api<Game>(page, 'GET', `/sudoku/game?id=${game.id}`)).status).toBe('playing');
  });

  it("the daily card starts today's daily, and shows the streak and the result line after a win", async () => {
    await page.goto(`${server.baseUrl}/apps/sudoku`);
    const easy = dailyLevel('Easy');
    await easy.getByText('Not started').waitFor();
    await easy.getByRole('button', { name: 'Play' }).click();
    await page.waitForURL(/\/apps\/sudoku\/game\?id=\d+/);
    const game = await api<Game>(page, 'GET', `/sudoku/game?id=${gameIdIn(page)}`);
    expect(game).toMatchObject({ source: 'daily', difficulty: 'easy' });
    const today = (await api<{ date: string }>(page, 'GET', '/sudoku/daily/stats')).date;
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    const shortDay = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await page.getByText(`Daily · ${shortDay}`).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('easy Sudoku');

    // The menu now offers to continue it; a win through the API, then the card tells it.
    await page.goto(`${server.baseUrl}/apps/sudoku`);
    await easy.getByRole('button', { name: 'Continue' }).waitFor();
    await win(game, 462);
    await page.reload();
    await easy.getByText('Solved in 07:42').waitFor();
    expect(await easy.getByText(/^Streak/).textContent()).toBe('Streak 1 · Longest 1');

    await easy.getByRole('button', { name: 'Copy result' }).click();
    await easy.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`Sudoku daily ${today} · Easy · 7:42 · 0 hints`);
    const stats = await api<{ levels: { easy: { today: { result: string } } } }>(page, 'GET', '/sudoku/daily/stats');
    expect(copied).toBe(stats.levels.easy.today.result);

    // The same day's daily opens the same game again.
    await easy.getByRole('button', { name: 'View' }).click();
    await page.waitForURL(`${server.baseUrl}/apps/sudoku/game?id=${game.id}`);
    expect(unexpected(errors)).toEqual([]);
  });

  it("an own puzzle: the server's reason for a bad one, the grade of a good one, and Start", async () => {
    await page.goto(`${server.baseUrl}/apps/sudoku`);
    const card = page.getByRole('region', { name: 'Your own puzzle' });
    const field = card.getByRole('textbox', { name: 'Puzzle' });

    // Too short: the contract's own message, before anything is sent.
    await field.fill('53..7....');
    await card.getByText('A puzzle has exactly 81 cells (81 characters, row by row)').waitFor();
    expect(await card.getByRole('button', { name: 'Check puzzle' }).isDisabled()).toBe(true);

    // Well formed, but the server refuses it and says why.
    await field.fill(MANY_SOLUTIONS.match(/.{9}/g)?.join('\n') ?? '');
    await card.getByRole('button', { name: 'Check puzzle' }).click();
    await card.getByText('This puzzle cannot be played').waitFor();
    expect(await card.getByText(MANY_SOLUTIONS_REASON).isVisible()).toBe(true);
    await screenshot(page, 'sudoku-own-puzzle-refused');

    // A real puzzle (the daily one, as its share text): graded, then started.
    const { share } = await api<Game>(page, 'GET', '/sudoku/daily?difficulty=easy');
    await field.fill(share);
    expect(await card.getByText(MANY_SOLUTIONS_REASON).count()).toBe(0);
    await card.getByRole('button', { name: 'Check puzzle' }).click();
    await card.getByText('One solution · Easy').waitFor();
    expect(await card.getByRole('list', { name: 'Techniques needed' }).getByRole('listitem').count()).toBeGreaterThan(
      0,
    );
    await card.getByRole('button', { name: 'Start' }).click();
    await page.waitForURL(/\/apps\/sudoku\/game\?id=\d+/);
    expect(await api<Game>(page, 'GET', `/sudoku/game?id=${gameIdIn(page)}`)).toMatchObject({
      source: 'custom',
      share,
    });
  });

  it('a share link of a puzzle that cannot be played says why, with a way back', async () => {
    await page.goto(`${server.baseUrl}/apps/sudoku/game?p=${MANY_SOLUTIONS}`);
    await page.getByText('This shared puzzle cannot be played').waitFor();
    expect(await page.getByText(MANY_SOLUTIONS_REASON).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Back to the Sudoku menu' }).click();
    await page.waitForURL(`${server.baseUrl}/apps/sudoku`);
  });

  it('screenshots: the menu tabs, a daily game with Share open and a share-link error at 375, 800 and 1280 px', async () => {
    // A lost game and a few more wins, so the statistics chart has both kinds of bar.
    const played: [string, number, 'won' | 'lost'][] = [
      ['easy', 312, 'won'],
      ['easy', 140, 'lost'],
      ['easy', 254, 'won'],
      ['medium', 498, 'won'],
      ['easy', 288, 'won'],
    ];
    for (const [difficulty, time, result] of played) {
      const game = await api<Game>(page, 'GET', `/sudoku/play?difficulty=${difficulty}`);
      if (result === 'won') {
        await win(game, time);
      } else {
        await api(page, 'PUT', '/sudoku/updateTime', { sudoku_id: game.id, time });
        await api(page, 'PUT', '/sudoku/giveUp', { gameid: game.id });
      }
    }
    const daily = await api<Game>(page, 'GET', '/sudoku/daily?difficulty=medium');

    for (const scheme of checkedSchemes) {
      // Mantine keeps the colour scheme in local storage.
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      // A signed-in player's stored choice may be 'auto': the system's scheme decides then.
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.baseUrl}/apps/sudoku`);
        await dailyLevel('Easy')
          .getByText(/^Solved in/)
          .waitFor();
        await page.getByRole('combobox', { name: 'Saved game' }).waitFor();
        await screenshot(page, `sudoku-puzzles-menu-${width}-${scheme}`);

        await page.getByRole('tab', { name: 'Statistics' }).click();
        await page.getByTestId('level-history-chart').waitFor();
        await screenshot(page, `sudoku-puzzles-stats-${width}-${scheme}`);

        await page.goto(`${server.baseUrl}/apps/sudoku/game?id=${daily.id}`);
        await page.getByRole('button', { name: 'Share' }).click();
        await page.getByRole('dialog', { name: 'Share this puzzle' }).waitFor();
        await screenshot(page, `sudoku-puzzles-daily-game-${width}-${scheme}`);

        await page.goto(`${server.baseUrl}/apps/sudoku/game?p=${MANY_SOLUTIONS}`);
        await page.getByText('This shared puzzle cannot be played').waitFor();
        await screenshot(page, `sudoku-puzzles-share-error-${width}-${scheme}`);
      }
    }
    await page.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));
    await page.emulateMedia({ colorScheme: null });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(unexpected(errors)).toEqual([]);
  });
});
