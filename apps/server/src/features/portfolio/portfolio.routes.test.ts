import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart.js';
import {
  createTestApp,
  createTestAppWithUsers,
  injectAs,
  logIn,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

const fields = {
  title: 'Weather dashboard',
  description: 'Forecasts at a glance',
  technology: 'React, Fastify',
  backend_features: 'Caching',
  frontend_features: 'Charts',
};

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();
const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

describe.each(testDatabaseKinds)('portfolio API on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    ({ t, admin, user } = await createTestAppWithUsers(kind));
  });
  afterAll(() => t.close());

  const send = async (
    as: TestUser | null,
    method: 'POST' | 'PUT',
    url: string,
    form: Record<string, string | Blob>,
  ) => {
    const body = await multipartBody(form);
    return as ? injectAs(t.app, as, { method, url, ...body }) : t.app.inject({ method, url, ...body });
  };
  const create = async (form: Record<string, string | Blob> = fields) => {
    const res = await send(admin, 'POST', '/api/portfolio/create', form);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const counts = async () => {
    const db = t.database.handle.db;
    const projects = await db
      .selectFrom('portfolio_projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const images = await db
      .selectFrom('portfolio_project_images')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { projects: Number(projects.n), images: Number(images.n) };
  };

  it('lists the sample projects of a fresh install publicly, each with a loadable image', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portfolio/' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.length).toBeGreaterThanOrEqual(3);
    const img = await t.app.inject({ method: 'GET', url: list[0].image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
  });

  it.each(['png', 'jpeg', 'webp', 'gif'] as const)(
    'lets the admin create a project with a %s image',
    async (format) => {
      const project = await create({
        ...fields,
        image: file(await image(format), `shot.${format}`, `image/${format}`),
      });
      expect(project).toMatchObject({ ...fields, id: expect.any(Number) });
      expect(project.image).toMatch(new RegExp(`^/api/portfolio/${project.id}/image\\?v=[0-9a-f]{12}$`));
      const res = await t.app.inject({ method: 'GET', url: project.image });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 64 });
      const again = await t.app.inject({
        method: 'GET',
        url: project.image,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    },
  );

  it('shrinks a large image to a web-friendly size', async () => {
    const project = await create({ ...fields, image: file(await image('png', 4000, 1000), 'wide.png', 'image/png') });
    const res = await t.app.inject({ method: 'GET', url: project.image });
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 1600, height: 400 });
  });

  it('creates a project without an image, and accepts JSON bodies too', async () => {
    const project = await create();
    expect(project.image).toBeNull();
    const json = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/portfolio/create',
      payload: { title: 'JSON project' },
    });
    expect(json.json()).toMatchObject({ title: 'JSON project', description: '', image: null });
  });

  it('updates fields and keeps the old image when no new file is sent', async () => {
    const project = await create({ ...fields, image: file(await image('png'), 'a.png', 'image/png') });
    const res = await send(admin, 'PUT', `/api/portfolio/update/${project.id}`, {
      ...fields,
      title: 'Renamed',
      image: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: project.id, title: 'Renamed', image: project.image });
  });

  it('replaces the image on update and deletes the old one', async () => {
    const project = await create({ ...fields, image: file(await image('png'), 'a.png', 'image/png') });
    const before = await counts();
    const res = await send(admin, 'PUT', `/api/portfolio/update/${project.id}`, {
      ...fields,
      image: file(await image('jpeg', 80, 80), 'b.jpg', 'image/jpeg'),
    });
    expect(res.json().image).not.toBe(project.image);
    expect(await counts()).toEqual(before);
    const old = await t.app.inject({ method: 'GET', url: project.image });
    expect(old.headers['cache-control']).toBe('no-cache'); // old version URL no longer matches
  });

  it('deletes a project and its image', async () => {
    const project = await create({ ...fields, image: file(await image('png'), 'a.png', 'image/png') });
    const before = await counts();
    const res = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/portfolio/delete/${project.id}` });
    expect(res.json()).toEqual({ success: true, message: 'Project deleted', id: project.id });
    expect(await counts()).toEqual({ projects: before.projects - 1, images: before.images - 1 });
    expect((await t.app.inject({ method: 'GET', url: project.image })).statusCode).toBe(404);
    expect(
      (await injectAs(t.app, admin, { method: 'DELETE', url: `/api/portfolio/delete/${project.id}` })).statusCode,
    ).toBe(404);
  });

  describe('refuses bad uploads and changes nothing', () => {
    it('a text file renamed .png (415)', async () => {
      const before = await counts();
      const res = await send(admin, 'POST', '/api/portfolio/create', {
        ...fields,
        image: file(Buffer.from('just some text, not an image'), 'evil.png', 'image/png'),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ success: false, code: 415, fields: { image: expect.any(String) } });
      expect(await counts()).toEqual(before);
    });

    it('a PNG signature with a broken body (415)', async () => {
      const png = await image('png');
      const res = await send(admin, 'POST', '/api/portfolio/create', {
        ...fields,
        image: file(Buffer.concat([png.subarray(0, 16), Buffer.alloc(200)]), 'broken.png', 'image/png'),
      });
      expect(res.statusCode).toBe(415);
    });

    it('a 6 MB image (413)', async () => {
      const before = await counts();
      const big = Buffer.concat([await image('png'), Buffer.alloc(6 * 1024 * 1024)]);
      const res = await send(admin, 'POST', '/api/portfolio/create', {
        ...fields,
        image: file(big, 'huge.png', 'image/png'),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ success: false, code: 413, message: 'The image must be 5 MB or smaller' });
      expect(await counts()).toEqual(before);
    });

    it.each([
      ['a missing title', { description: 'x' }, 'title'],
      ['a blank title', { title: '   ' }, 'title'],
      ['a 121-character title', { title: 'x'.repeat(121) }, 'title'],
      // PostgreSQL text cannot hold NUL: found by the fuzzer as a 500 there (src/test/security/fuzz.test.ts).
      ['a NUL character in a text field', { title: 'ok', technology: 'Node\u0000' }, 'technology'],
    ])('%s (400)', async (_label, form, field) => {
      const before = await counts();
      const res = await send(admin, 'POST', '/api/portfolio/create', form);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
      expect(await counts()).toEqual(before);
    });

    // docs/api.md#text: every field a visitor reads, on create and on update.
    it.each([
      [
        'an override in the title',
        { title: 'Shop\u202E' },
        { title: 'Title may not contain text-direction override characters' },
      ],
      ['a line break in the title', { title: 'Two\nlines' }, { title: 'Title may not contain control characters' }],
      [
        'an escape in the description',
        { title: 'ok', description: 'a\u001Bb' },
        { description: 'Description may not contain control characters' },
      ],
      [
        'an isolate in the description',
        { title: 'ok', description: '\u2066x' },
        { description: 'Description may not contain text-direction override characters' },
      ],
      [
        'a line break in the technology list',
        { title: 'ok', technology: 'React\nVue' },
        { technology: 'Technology may not contain control characters' },
      ],
      [
        'an override in the technology list',
        { title: 'ok', technology: 'React\u202D' },
        { technology: 'Technology may not contain text-direction override characters' },
      ],
      [
        'a C1 control in the backend features',
        { title: 'ok', backend_features: 'x\u009By' },
        { backend_features: 'Backend features may not contain control characters' },
      ],
      [
        'an override in the frontend features',
        { title: 'ok', frontend_features: 'x\u202Ey' },
        { frontend_features: 'Frontend features may not contain text-direction override characters' },
      ],
    ])('refuses %s with its field’s message (400)', async (_label, form, expected) => {
      const project = await create();
      const before = await counts();
      for (const [method, url] of [
        ['POST', '/api/portfolio/create'],
        ['PUT', `/api/portfolio/update/${project.id}`],
      ] as const) {
        const res = await send(admin, method, url, form);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual(expected);
      }
      expect(await counts()).toEqual(before);
      const list = (await t.app.inject({ method: 'GET', url: '/api/portfolio' })).json();
      expect(list.find((p: { id: number }) => p.id === project.id)).toMatchObject({ title: project.title });
    });

    it('keeps line breaks and tabs in the description and features', async () => {
      // Form data carries line breaks as CRLF.
      const project = await create({
        title: 'Lines',
        description: 'one\r\ntwo',
        backend_features: 'a\tb',
        frontend_features: 'c\r\n\r\nd',
      });
      expect(project).toMatchObject({
        description: 'one\r\ntwo',
        backend_features: 'a\tb',
        frontend_features: 'c\r\n\r\nd',
      });
    });

    // Found by the fuzzer: the multipart parser's own errors used to end as a 500.
    it.each([
      ['no boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nA\r\n--x--'],
      ['an empty boundary', 'multipart/form-data; boundary=', '--\r\n--'],
      [
        'a cut-off body',
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nA',
      ],
    ])('malformed multipart: %s (400)', async (_label, contentType, payload) => {
      const project = await create();
      const before = await counts();
      for (const [method, url] of [
        ['POST', '/api/portfolio/create'],
        ['PUT', `/api/portfolio/update/${project.id}`],
      ] as const) {
        const res = await injectAs(t.app, admin, { method, url, payload, headers: { 'content-type': contentType } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, code: 400, message: 'Form data is malformed' });
      }
      expect(await counts()).toEqual(before);
    });

    it('unknown and malformed ids', async () => {
      expect((await send(admin, 'PUT', '/api/portfolio/update/999999', fields)).statusCode).toBe(404);
      expect((await send(admin, 'PUT', '/api/portfolio/update/abc', fields)).statusCode).toBe(400);
      expect((await injectAs(t.app, admin, { method: 'DELETE', url: '/api/portfolio/delete/0' })).statusCode).toBe(400);
    });
  });

  describe('only the admin may change projects', () => {
    it('answers 401 signed out and 403 to a plain user, changing nothing', async () => {
      const project = await create();
      const before = await counts();
      for (const as of [null, user]) {
        const status = as ? 403 : 401;
        expect((await send(as, 'POST', '/api/portfolio/create', fields)).statusCode).toBe(status);
        expect((await send(as, 'PUT', `/api/portfolio/update/${project.id}`, { title: 'hijack' })).statusCode).toBe(
          status,
        );
        const del = as
          ? await injectAs(t.app, as, { method: 'DELETE', url: `/api/portfolio/delete/${project.id}` })
          : await t.app.inject({ method: 'DELETE', url: `/api/portfolio/delete/${project.id}` });
        expect(del.statusCode).toBe(status);
      }
      expect(await counts()).toEqual(before);
      const list = (await t.app.inject({ method: 'GET', url: '/api/portfolio' })).json();
      expect(list.find((p: { id: number }) => p.id === project.id).title).toBe(fields.title);
    });

    it('needs the CSRF header from the admin too', async () => {
      const body = await multipartBody(fields);
      const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/portfolio/create', ...body, csrf: false });
      expect(res.statusCode).toBe(403);
    });
  });
});

describe('sample projects', () => {
  it('are added once: deleting them is final across restarts', async () => {
    const t = await createTestApp('sqlite');
    try {
      const admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
      for (const project of (await t.app.inject({ method: 'GET', url: '/api/portfolio' })).json()) {
        await injectAs(t.app, admin, { method: 'DELETE', url: `/api/portfolio/delete/${project.id}` });
      }
      const { seedSampleProjects } = await import('./portfolio-samples.js');
      const { portfolioRepository } = await import('./portfolio.repository.js');
      await seedSampleProjects(portfolioRepository(t.app.deps.database));
      expect((await t.app.inject({ method: 'GET', url: '/api/portfolio' })).json()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('absolute image URLs (docs/api.md#other-behaviour)', () => {
  const firstImage = async (t: TestApp, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portfolio', headers });
    expect(res.statusCode).toBe(200);
    const image: string = res.json()[0].image;
    return image;
  };

  it('come from an allowed request host, ignore X-Forwarded-* without TRUST_PROXY, and stay loadable', async () => {
    const t = await createTestApp('sqlite', { ALLOWED_HOSTS: 'site.example' });
    try {
      const image = await firstImage(t, {
        host: 'site.example:8443',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
      });
      expect(image).toMatch(/^http:\/\/site\.example:8443\/api\/portfolio\/\d+\/image\?v=[0-9a-f]{12}$/);
      const url = new URL(image);
      const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(res.statusCode).toBe(200);
      // A Host header that is no allowed host name is refused (core/allowed-hosts.ts).
      const refused = await t.app.inject({ method: 'GET', url: '/api/portfolio', headers: { host: 'a"><script>' } });
      expect(refused.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('honour the proxy scheme and host with TRUST_PROXY', async () => {
    const t = await createTestApp('sqlite', { TRUST_PROXY: '1', ALLOWED_HOSTS: 'www.example.org' });
    try {
      const image = await firstImage(t, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.example.org' });
      expect(image).toMatch(/^https:\/\/www\.example\.org\/api\/portfolio\/\d+\/image\?v=/);
    } finally {
      await t.close();
    }
  });

  it('use PUBLIC_URL when set, whatever the request says, for lists and uploads alike', async () => {
    const t = await createTestApp('sqlite', { PUBLIC_URL: 'https://me.example.com/site/', ALLOWED_HOSTS: 'internal' });
    try {
      expect(await firstImage(t, { host: 'internal:8000' })).toMatch(
        /^https:\/\/me\.example\.com\/site\/api\/portfolio\/\d+\/image\?v=/,
      );
      const admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
      const body = await multipartBody({ ...fields, image: file(await image('png'), 'a.png', 'image/png') });
      const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/portfolio/create', ...body });
      expect(res.json().image).toMatch(/^https:\/\/me\.example\.com\/site\/api\/portfolio\/\d+\/image\?v=/);
    } finally {
      await t.close();
    }
  });

  it('refuse a PUBLIC_URL that is no http(s) URL at start', async () => {
    await expect(createTestApp('sqlite', { PUBLIC_URL: 'ftp://x' })).rejects.toThrow(/PUBLIC_URL/);
  });
});
