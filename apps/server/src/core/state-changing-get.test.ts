import { allRoutes, apiUrl, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../test/test-app.js';

const ALLOWED_FRONT_END = 'https://front.example';
const PLAY = `${apiUrl(routes.sudoku.play)}?difficulty=hard`;

/** Fetch Metadata as Chromium sends it for each way a request can start. */
const browser = {
  /** A link on, or a redirect from, another site (the attack). */
  crossSiteNavigation: { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'document' },
  /** The address typed in, or a link on one of our own pages. */
  ownNavigation: { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document' },
  /** Our web app's fetch(). */
  ownFetch: { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty' },
  /** fetch() from a page on a site listed in CORS_ORIGINS. */
  allowedFetch: {
    'sec-fetch-mode': 'cors',
    'sec-fetch-site': 'cross-site',
    'sec-fetch-dest': 'empty',
    origin: ALLOWED_FRONT_END,
  },
  /** fetch() from any other site (cookies go along with COOKIE_SAMESITE=none). */
  foreignFetch: {
    'sec-fetch-mode': 'cors',
    'sec-fetch-site': 'cross-site',
    'sec-fetch-dest': 'empty',
    origin: 'https://evil.example',
  },
  /** An <img> on a sibling subdomain: same site, so Lax cookies go along; no Origin on a no-cors GET. */
  siblingImage: { 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'image' },
} as const;

describe('a GET that changes state (Sudoku play) with a session cookie', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { CORS_ORIGINS: ALLOWED_FRONT_END });
    user = await signUp(t.app);
  });
  afterAll(() => t.close());

  const games = async () =>
    (await injectAs(t.app, user, { method: 'GET', url: apiUrl(routes.sudoku.savedGames), via: 'token' })).json()
      .length as number;
  const play = (headers: Record<string, string>, via: 'cookie' | 'token' = 'cookie') =>
    injectAs(t.app, user, { method: 'GET', url: PLAY, headers, via });

  it.each(['crossSiteNavigation', 'ownNavigation', 'foreignFetch', 'siblingImage'] as const)(
    'is refused as %s (403) and creates no game',
    async (how) => {
      const before = await games();
      const res = await play(browser[how]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 403,
        message: expect.stringMatching(/from the site itself/),
      });
      expect(await games()).toBe(before);
    },
  );

  it.each(['ownFetch', 'allowedFetch'] as const)('works as %s', async (how) => {
    const before = await games();
    const res = await play(browser[how]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ difficulty: 'hard' });
    expect(await games()).toBe(before + 1);
  });

  it('works for a client that sends no Fetch Metadata (scripts, the original clients)', async () => {
    expect((await play({})).statusCode).toBe(200);
  });

  it('leaves token clients alone, whatever headers they send', async () => {
    expect((await play(browser.crossSiteNavigation, 'token')).statusCode).toBe(200);
  });

  it('leaves GETs that only read linkable', async () => {
    const res = await injectAs(t.app, user, {
      method: 'GET',
      url: apiUrl(routes.sudoku.savedGames),
      headers: browser.crossSiteNavigation,
    });
    expect(res.statusCode).toBe(200);
  });

  it('applies to every route the contract marks as changing state', async () => {
    const marked = allRoutes().filter((r) => r.changesState);
    expect(marked.map((r) => `${r.method} ${r.path}`)).toContain('GET /sudoku/play');
    for (const r of marked) {
      const res = await injectAs(t.app, user, {
        method: r.method,
        url: `/api${r.path}`,
        headers: browser.crossSiteNavigation,
      });
      expect(res.statusCode, `${r.method} ${r.path}`).toBe(403);
    }
  });
});
