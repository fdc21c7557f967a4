import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart.js';
import { createTestAppWithUsers, injectAs, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { renderMarkdown } from './markdown.js';

// A project's own page (docs/api.md#portfolio): slugs and their redirects, drafts, tags, order,
// and the body's Markdown as safe HTML. On both databases: the repository's queries are new.
describe.each(testDatabaseKinds)('project pages on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    ({ t, admin, user } = await createTestAppWithUsers(kind));
  });
  afterAll(() => t.close());

  const send = async (as: TestUser | null, method: 'POST' | 'PUT', url: string, form: Record<string, string>) => {
    const body = await multipartBody(form);
    return as ? injectAs(t.app, as, { method, url, ...body }) : t.app.inject({ method, url, ...body });
  };
  const create = async (form: Record<string, string>) => {
    const res = await send(admin, 'POST', '/api/portfolio/create', form);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const page = (slug: string, as: TestUser | null = null) =>
    as
      ? injectAs(t.app, as, { method: 'GET', url: `/api/portfolio/projects/${slug}` })
      : t.app.inject({ method: 'GET', url: `/api/portfolio/projects/${slug}` });
  const list = async (as: TestUser | null = null) =>
    (as
      ? await injectAs(t.app, as, { method: 'GET', url: '/api/portfolio' })
      : await t.app.inject({ method: 'GET', url: '/api/portfolio' })
    ).json() as { id: number; slug: string; status: string }[];

  it('gives the sample projects a slug from their title, published, tags from the comma field', async () => {
    const projects = await list();
    const sample = projects.find((p) => p.slug === 'sudoku-engine') as unknown as Record<string, unknown>;
    expect(sample).toMatchObject({ status: 'published', tags: ['TypeScript'], featured: false });
  });

  it('creates a project with every page field; tags are de-duplicated and rewrite the comma field', async () => {
    const project = await create({
      title: 'Route planner',
      summary: 'Plans routes',
      body: '# Why\n\nFast **routes**.',
      role: 'Sole developer',
      period_start: '2024-03',
      period_end: '',
      ongoing: 'true',
      links: JSON.stringify({ source: 'https://github.com/x/y', demo: '/apps/forecast' }),
      featured: 'true',
      tags: JSON.stringify(['React', ' react ', 'Fastify', '', 'GeoNames', 'React']),
    });
    expect(project).toMatchObject({
      slug: 'route-planner',
      summary: 'Plans routes',
      role: 'Sole developer',
      period_start: '2024-03',
      ongoing: true,
      featured: true,
      status: 'published',
      links: { source: 'https://github.com/x/y', demo: '/apps/forecast', writeup: '' },
      tags: ['React', 'Fastify', 'GeoNames'],
      technology: 'React, Fastify, GeoNames',
    });
    // A new project comes first in the list.
    expect((await list())[0]?.id).toBe(project.id);
    const res = await page('route-planner');
    expect(res.statusCode).toBe(200);
    expect(res.json().body_html).toBe('<h2>Why</h2>\n<p>Fast <strong>routes</strong>.</p>\n');
  });

  it('keeps the seed form working: the comma field gives the tags, and an update without page fields keeps them', async () => {
    const project = await create({ title: 'Seed form', technology: 'Vue, , Vue, Go', summary: 'Kept' });
    expect(project.tags).toEqual(['Vue', 'Go']);
    const res = await send(admin, 'PUT', `/api/portfolio/update/${project.id}`, {
      title: 'Seed form',
      technology: 'Go',
    });
    expect(res.json()).toMatchObject({ tags: ['Go'], technology: 'Go', summary: 'Kept', slug: 'seed-form' });
  });

  it('makes a title’s slug unique, refuses a taken slug with 409, and redirects a former slug', async () => {
    const a = await create({ title: 'Twin' });
    const b = await create({ title: 'Twin' });
    expect([a.slug, b.slug]).toEqual(['twin', 'twin-2']);
    const taken = await send(admin, 'PUT', `/api/portfolio/update/${b.id}`, { title: 'Twin', slug: 'twin' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ slug: expect.any(String) });

    const moved = await send(admin, 'PUT', `/api/portfolio/update/${b.id}`, { title: 'Twin', slug: 'twin-renamed' });
    expect(moved.json().slug).toBe('twin-renamed');
    // The former slug still finds the project, under its new slug.
    expect((await page('twin-2')).json()).toMatchObject({ id: b.id, slug: 'twin-renamed' });
    // …until another project takes it.
    const c = await create({ title: 'Other', slug: 'twin-2' });
    expect((await page('twin-2')).json().id).toBe(c.id);
  });

  it('hides drafts from visitors and normal users, not from the admin', async () => {
    const draft = await create({ title: 'Secret draft', status: 'draft' });
    expect((await page(draft.slug)).statusCode).toBe(404);
    expect((await page(draft.slug, user)).statusCode).toBe(404);
    expect((await page(draft.slug, admin)).statusCode).toBe(200);
    expect((await list()).some((p) => p.id === draft.id)).toBe(false);
    expect((await list(user)).some((p) => p.id === draft.id)).toBe(false);
    expect((await list(admin)).find((p) => p.id === draft.id)?.status).toBe('draft');
    const published = await send(admin, 'PUT', `/api/portfolio/update/${draft.id}`, {
      title: 'Secret draft',
      status: 'published',
    });
    expect(published.json().status).toBe('published');
    expect((await page(draft.slug)).statusCode).toBe(200);
  });

  it('answers an unknown slug with 404', async () => {
    expect((await page('no-such-project')).statusCode).toBe(404);
  });

  it('refuses bad page fields with 400 and the field named', async () => {
    for (const [field, value] of [
      ['slug', 'Not A Slug'],
      ['links', JSON.stringify({ source: 'javascript:alert(1)' })],
      ['links', JSON.stringify({ demo: '//evil.example' })],
      ['links', '{not json'],
      ['status', 'hidden'],
      ['period_start', '2024-13'],
      ['featured', 'maybe'],
      ['tags', '"React"'],
    ] as const) {
      const res = await send(admin, 'POST', '/api/portfolio/create', { title: 'Bad', [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).join(), field).toContain(field);
    }
  });

  it('reorders for the admin only, and every project must be named once', async () => {
    const ids = (await list(admin)).map((p) => p.id);
    const reversed = [...ids].reverse();
    const order = (as: TestUser | null, body: unknown, csrf = true) =>
      as
        ? injectAs(t.app, as, { method: 'PUT', url: '/api/portfolio/order', payload: body as object, csrf })
        : t.app.inject({ method: 'PUT', url: '/api/portfolio/order', payload: body as object });
    expect((await order(null, { ids: reversed })).statusCode).toBe(401);
    expect((await order(user, { ids: reversed })).statusCode).toBe(403);
    expect((await order(admin, { ids: reversed }, false)).statusCode).toBe(403);
    expect((await order(admin, { ids: reversed.slice(1) })).statusCode).toBe(400);
    expect((await order(admin, { ids: [...reversed, reversed[0]] })).statusCode).toBe(400);
    expect((await order(admin, { ids: 'all' })).statusCode).toBe(400);
    const res = await order(admin, { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual(reversed);
    expect((await list(admin)).map((p) => p.id)).toEqual(reversed);
  });

  it('previews Markdown for the admin only', async () => {
    const preview = (as: TestUser | null) =>
      as
        ? injectAs(t.app, as, { method: 'POST', url: '/api/portfolio/preview', payload: { body: '*hi*' } })
        : t.app.inject({ method: 'POST', url: '/api/portfolio/preview', payload: { body: '*hi*' } });
    expect((await preview(null)).statusCode).toBe(401);
    expect((await preview(user)).statusCode).toBe(403);
    expect((await preview(admin)).json()).toEqual({ html: '<p><em>hi</em></p>\n' });
  });

  it('lets no page field be written by a normal user or signed out', async () => {
    expect((await send(user, 'POST', '/api/portfolio/create', { title: 'X', status: 'draft' })).statusCode).toBe(403);
    expect((await send(null, 'POST', '/api/portfolio/create', { title: 'X' })).statusCode).toBe(401);
  });
});

describe('project body Markdown', () => {
  it('renders Markdown: emphasis, links, lists, code, line breaks and paragraphs', async () => {
    const html = await renderMarkdown(
      '**bold** and [a link](https://example.com)\nnext line\n\n- one\n- two\n\n```\ncode <b>\n```',
    );
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">a link</a>');
    expect(html).toContain('<br />');
    expect(html).toContain('<ul>\n<li>one</li>');
    expect(html).toContain('<pre><code>code &lt;b&gt;\n</code></pre>');
  });

  it.each([
    ['a script tag', '<script>alert(1)</script>hello', /<script|alert/],
    ['a javascript: link', '[click](javascript:alert(1))', /javascript:/i],
    ['a raw javascript: anchor', '<a href="javascript:alert(1)">x</a>', /javascript:/i],
    ['an event handler', '<img src=x onerror="alert(1)">', /onerror|<img/],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', /<iframe|evil/],
    ['a style attribute', '<p style="position:fixed">x</p>', /style/],
    ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD4=)', /data:/],
    ['a protocol-relative link', '[x](//evil.example)', /evil/],
  ])('makes %s inert', async (_name, source, unsafe) => {
    expect(await renderMarkdown(source)).not.toMatch(unsafe);
  });

  it('gives an empty body no HTML', async () => {
    expect(await renderMarkdown('  \n')).toBe('');
  });
});
