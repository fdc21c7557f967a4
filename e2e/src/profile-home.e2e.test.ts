/**
 * The owner's profile on the home page (docs/product.md#home, docs/api.md#pages): after the admin
 * saves it, the next load of `/` comes from the server with the new name in its head (title,
 * og:title, the JSON-LD Person) and in the page itself, hero and footer, read without running any
 * script; in a browser the page hydrates without a mismatch and does not ask for the profile again.
 */
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, watchErrors } from './browser.js';
import { E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';

describe('the home page follows the owner’s profile', () => {
  let server: RunningServer;
  let browser: Browser;
  /** The admin's session cookies and CSRF token, from a log-in through the API. */
  let admin: { cookie: string; csrf: string };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 1280, height: 800 });
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie().map((line) => line.split(';')[0] as string);
    const csrf = cookies.find((cookie) => cookie.startsWith('csrftoken='))?.slice('csrftoken='.length) ?? '';
    expect(csrf).not.toBe('');
    admin = { cookie: cookies.join('; '), csrf };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Saves the profile as the admin does in /admin, through the API. */
  async function saveProfile(changes: Record<string, unknown>) {
    const current = (await (await fetch(`${server.baseUrl}/api/profile`)).json()) as Record<string, unknown>;
    const { updated_at: _updated, resume: _resume, ...fields } = current;
    const res = await fetch(`${server.baseUrl}/api/admin/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: admin.cookie, 'X-CSRFToken': admin.csrf },
      body: JSON.stringify({ ...fields, ...changes }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  /** `/` as a crawler or a link preview reads it: the HTML the server sends, no script run. */
  async function served() {
    const res = await fetch(`${server.baseUrl}/`);
    expect(res.status).toBe(200);
    const { document } = new JSDOM(await res.text()).window;
    const content = (selector: string) => document.querySelector(selector)?.getAttribute('content');
    return {
      title: document.title,
      ogTitle: content('meta[property="og:title"]'),
      person: [...document.querySelectorAll('script[type="application/ld+json"]')]
        .map((script) => JSON.parse(script.textContent ?? '') as { '@type': string; name: string; jobTitle?: string })
        .find((data) => data['@type'] === 'Person'),
      hero: document.querySelector('#root section[aria-label="Introduction"] h1')?.textContent,
      footer: document.querySelector('#root footer')?.textContent ?? '',
      brand: document.querySelector('#root header a[aria-label$=", home"]')?.getAttribute('aria-label'),
      drawnWith: document.getElementById('page-data') !== null,
    };
  }

  it('sends the new name in the HTML and its head on the next load of /', async () => {
    await saveProfile({ name: 'Robin Vega', title: 'Platform Engineer', contact_email: 'robin@example.org' });
    const page = await served();
    expect(page.title).toBe('Robin Vega · Platform Engineer');
    expect(page.ogTitle).toBe('Robin Vega · Platform Engineer');
    expect(page.person).toMatchObject({ name: 'Robin Vega', jobTitle: 'Platform Engineer' });
    expect(page.drawnWith).toBe(true);
    expect(page.hero).toBe('Robin Vega');
    expect(page.footer).toContain('Robin Vega');
    expect(page.footer).toContain('robin@example.org');
    expect(page.footer).not.toContain('Alex Morgan');
    expect(page.brand).toBe('Robin Vega, home');
  });

  it('shows it in the browser, hero and footer, hydrated without a mismatch and without asking again', async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/profile') asked.push(request.method());
    });
    await page.goto(server.baseUrl);
    const hero = page.getByRole('region', { name: 'Introduction' });
    await expect.poll(() => hero.getByRole('heading', { level: 1 }).textContent()).toBe('Robin Vega');
    const footer = page.locator('footer');
    await expect.poll(() => footer.textContent()).toContain('Robin Vega');
    expect(await footer.getByRole('link', { name: 'robin@example.org' }).getAttribute('href')).toBe(
      'mailto:robin@example.org',
    );
    expect(await page.title()).toBe('Robin Vega · Platform Engineer');
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);

    // The next edit shows on the next load.
    await saveProfile({ name: 'Robin Vega-Ortiz' });
    await page.reload();
    await expect.poll(() => hero.getByRole('heading', { level: 1 }).textContent()).toBe('Robin Vega-Ortiz');
    await expect.poll(() => footer.textContent()).toContain('© ');
    expect(await footer.textContent()).toContain('Robin Vega-Ortiz');
    // A page opened inside the app names the owner the server named, not the build's default.
    await footer.getByRole('link', { name: 'Portfolio' }).click();
    await expect.poll(() => page.title()).toBe('Portfolio · Robin Vega-Ortiz');
    expect(errors).toEqual([]);
    await page.close();
  });
});
