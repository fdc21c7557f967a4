import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultProfileFields, type ProfileFields } from '@site/contract';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart.js';
import {
  createInstanceOn,
  createTestApp,
  injectAs,
  logIn,
  signUp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

const ORIGIN = 'https://me.example.com';
/** The web app's own template: its head is what the build writes into dist/index.html. */
const TEMPLATE = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../web/index.html'), 'utf8');

/**
 * The build's rendering entry stood in for by one with its interface (as core/web-app.test.ts
 * does): it asks the real API for the profile, as apps/web/src/app/prerender/page-data.ts plans
 * for '/', and draws the owner's name; the web app's own drawing is e2e/src/profile-home.e2e.test.ts's.
 */
const ENTRY = `
let transport;
export function setApiTransport(next) { transport = next; }
export async function loadPageData() {
  const answer = await transport('/api/profile');
  if (answer.status !== 200) throw new Error('/api/profile answered ' + answer.status);
  const profile = await answer.json();
  return { data: { queries: [{ queryKey: ['site', 'profile'], state: { data: profile, dataUpdatedAt: Date.now() } }] }, personal: false, address: '/' };
}
export async function renderRoute(url, mode, data) {
  const profile = data.queries[0].state.data;
  const escape = (text) => text.replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
  return { html: '<h1>' + escape(profile.name) + '</h1><p>' + escape(profile.title) + '</p>', pages: [] };
}
`;

const edited: ProfileFields = {
  ...defaultProfileFields,
  name: 'Sam <Rivera>',
  title: 'Staff Engineer',
  tagline: 'Small tools, carefully made.',
  links: [
    { label: 'GitHub', url: 'https://github.com/sam' },
    { label: 'Mastodon', url: 'https://hachyderm.io/@sam' },
  ],
};

/** The page as a crawler sees it: parsed, no script run. */
function parse(html: string) {
  const { document } = new JSDOM(html).window;
  const content = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? undefined;
  const pageData = document.querySelector('#page-data')?.textContent;
  return {
    title: document.title,
    description: content('meta[name="description"]'),
    og: (name: string) => content(`meta[property="og:${name}"]`),
    twitterTitle: content('meta[name="twitter:title"]'),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
      JSON.parse(s.textContent ?? ''),
    ),
    heading: document.querySelector('#root h1')?.textContent,
    drawn: pageData ? (JSON.parse(pageData).queries[0].state.data as { name: string }) : undefined,
  };
}

// docs/api.md#pages: the home page's head and body name the owner as the admin last saved the
// profile, on the next load after a PUT, on every instance; a refused PUT changes neither.
describe.each(testDatabaseKinds)('the home page from the stored profile, on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-home-'));
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
    fs.mkdirSync(path.join(root, 'dist-ssr'));
    const withRoot = (inside: string) => TEMPLATE.replace('<div id="root"></div>', inside);
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    fs.writeFileSync(
      path.join(dist, 'prerendered', 'index.html'),
      withRoot('<div id="root" data-pages=""><p>Pre-rendered</p></div>'),
    );
    fs.writeFileSync(
      path.join(dist, 'prerendered', 'index.data.html'),
      withRoot('<div id="root" data-pages=""><!--page-html--></div><!--page-data-->'),
    );
    fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), ENTRY);
    t = await createTestApp(kind, { WEB_DIST_DIR: dist, PUBLIC_URL: ORIGIN });
    admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    user = await signUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const home = async (headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers });
    expect([200, 304], res.body).toContain(res.statusCode);
    return { res, page: parse(res.body) };
  };
  const put = (as: TestUser, fields: ProfileFields, options: { csrf?: boolean } = {}) =>
    injectAs(t.app, as, { method: 'PUT', url: '/api/admin/profile', payload: fields, ...options });

  it('names the first start’s owner before any edit, drawn with the profile’s answer', async () => {
    const { page } = await home();
    expect(page.title).toBe(`${defaultProfileFields.name} · ${defaultProfileFields.title}`);
    expect(page.heading).toBe(defaultProfileFields.name);
    expect(page.drawn?.name).toBe(defaultProfileFields.name);
    expect(page.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Person',
        name: defaultProfileFields.name,
        jobTitle: defaultProfileFields.title,
        description: defaultProfileFields.tagline,
        url: `${ORIGIN}/`,
      },
    ]);
  });

  it('after PUT /api/admin/profile, the next load has the new name in <title>, og:title, the Person and the body', async () => {
    const before = await home();
    const etag = String(before.res.headers.etag);
    expect((await home({ 'if-none-match': etag })).res.statusCode).toBe(304);

    const saved = await put(admin, edited);
    expect(saved.statusCode, saved.body).toBe(200);
    const { res, page } = await home({ 'if-none-match': etag });
    // The page changed: its tag did too, so a revalidation gets the new page.
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(etag);
    expect(page.title).toBe('Sam <Rivera> · Staff Engineer');
    expect(page.og('title')).toBe('Sam <Rivera> · Staff Engineer');
    expect(page.twitterTitle).toBe('Sam <Rivera> · Staff Engineer');
    expect(page.og('type')).toBe('profile');
    expect(page.description).toBe(
      'Sam <Rivera>, staff engineer: portfolio and small apps (weather, Sudoku, to-do, finance).',
    );
    expect(page.og('description')).toBe(page.description);
    expect(page.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Person',
        name: 'Sam <Rivera>',
        jobTitle: 'Staff Engineer',
        description: 'Small tools, carefully made.',
        url: `${ORIGIN}/`,
        sameAs: ['https://github.com/sam', 'https://hachyderm.io/@sam'],
      },
    ]);
    // Escaped in the head and in the JSON-LD: the name is never markup.
    expect(res.body).not.toContain('<Rivera>');
    expect(page.heading).toBe('Sam <Rivera>');
    expect(page.drawn?.name).toBe('Sam <Rivera>');
    // Unchanged since: the same tag, answered with 304.
    expect((await home({ 'if-none-match': String(res.headers.etag) })).res.statusCode).toBe(304);
  });

  it('shows an edit on another instance at once: the head reads the stored profile, no copy of its own', async () => {
    const other = await createInstanceOn(t);
    try {
      const before = await other.app.inject({ method: 'GET', url: '/' });
      expect(parse(before.body).title).toBe('Sam <Rivera> · Staff Engineer');
      expect((await put(admin, { ...edited, title: 'Principal Engineer' })).statusCode).toBe(200);
      const after = parse((await other.app.inject({ method: 'GET', url: '/' })).body);
      expect(after.title).toBe('Sam <Rivera> · Principal Engineer');
      expect(after.heading).toBe('Sam <Rivera>');
    } finally {
      await other.close();
      await put(admin, edited);
    }
  });

  it('names the profile’s owner as a project’s author and its page’s site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/portfolio/sudoku-engine' });
    expect(res.statusCode).toBe(200);
    expect(parse(res.body).title).toMatch(/ · Sam <Rivera>$/);
    expect(parse(res.body).og('site_name')).toBe('Sam <Rivera>');
    expect(parse(res.body).jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'CreativeWork',
        author: { '@type': 'Person', name: 'Sam <Rivera>', url: `${ORIGIN}/` },
      }),
    ]);
  });

  it('keeps the page as it was when a PUT is refused (signed out, a normal user, no CSRF header, bad input)', async () => {
    const { res: before } = await home();
    const mallory = { ...edited, name: 'Mallory' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/profile', payload: mallory })).statusCode).toBe(401);
    expect((await put(user, mallory)).statusCode).toBe(403);
    expect((await put(admin, mallory, { csrf: false })).statusCode).toBe(403);
    const bad = await put(admin, { ...mallory, name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 400, message: expect.any(String) });
    // The same page: its tag still matches.
    expect((await home({ 'if-none-match': String(before.headers.etag) })).res.statusCode).toBe(304);
    expect((await home()).page.title).toBe('Sam <Rivera> · Staff Engineer');
  });

  it('names the owner alone when the profile has no title', async () => {
    expect((await put(admin, { ...edited, title: '', tagline: '', links: [] })).statusCode).toBe(200);
    const { page } = await home();
    expect(page.title).toBe('Sam <Rivera>');
    expect(page.description).toBe('Sam <Rivera>: portfolio and small apps (weather, Sudoku, to-do, finance).');
    expect(page.jsonLd).toEqual([
      { '@context': 'https://schema.org', '@type': 'Person', name: 'Sam <Rivera>', url: `${ORIGIN}/` },
    ]);
  });

  it('gives the Person the owner’s photo as its image while there is one', async () => {
    const photo = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const body = await multipartBody({ file: new File([new Uint8Array(photo)], 'me.png', { type: 'image/png' }) });
    const uploaded = await injectAs(t.app, admin, { method: 'PUT', url: '/api/admin/profile/avatar', ...body });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { avatar } = uploaded.json();
    expect((await home()).page.jsonLd).toEqual([expect.objectContaining({ image: `${ORIGIN}${avatar.url}` })]);

    expect((await injectAs(t.app, admin, { method: 'DELETE', url: '/api/admin/profile/avatar' })).statusCode).toBe(200);
    expect((await home()).page.jsonLd[0]).not.toHaveProperty('image');
  });
});
