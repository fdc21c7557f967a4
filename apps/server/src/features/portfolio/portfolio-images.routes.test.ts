import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart.js';
import { createTestAppWithUsers, injectAs, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { portfolioRepository } from './portfolio.repository.js';

interface Image {
  id: number;
  alt: string;
  caption: string;
  focal_x: number;
  focal_y: number;
  width: number;
  height: number;
  placeholder: string;
  sources: { avif: string; webp: string };
  src: string;
}
interface Project {
  id: number;
  title: string;
  image: string | null;
  images: Image[];
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const file = (bytes: Buffer, name = 'shot.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

/** A PNG whose header claims 20000 × 20000 pixels: a few hundred bytes that would decode to 1.2 GB. */
function pngBomb(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** "url 480w, url 800w" → [[url, 480], [url, 800]]. */
const entries = (srcset: string) =>
  srcset.split(', ').map((entry) => {
    const [url, width] = entry.split(' ');
    return [url as string, Number(width?.replace('w', ''))] as const;
  });

// docs/api.md#project-images
describe.each(testDatabaseKinds)('project images on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    ({ t, admin, user } = await createTestAppWithUsers(kind));
  });
  afterAll(() => t.close());

  const newProject = async (form: Record<string, string | Blob> = {}): Promise<Project> => {
    const body = await multipartBody({ title: `Gallery ${Math.random()}`, ...form });
    const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/portfolio/create', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const upload = async (projectId: number, form: Record<string, string | Blob>, as: TestUser | null = admin) => {
    const body = await multipartBody(form);
    const url = `/api/portfolio/${projectId}/images`;
    return as ? injectAs(t.app, as, { method: 'POST', url, ...body }) : t.app.inject({ method: 'POST', url, ...body });
  };
  const add = async (projectId: number, form: Record<string, string | Blob>): Promise<Project> => {
    const res = await upload(projectId, form);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const patch = (projectId: number, imageId: number, payload: unknown, as: TestUser = admin) =>
    injectAs(t.app, as, {
      method: 'PATCH',
      url: `/api/portfolio/${projectId}/images/${imageId}`,
      payload: payload as object,
    });
  const remove = (projectId: number, imageId: number, as: TestUser = admin) =>
    injectAs(t.app, as, { method: 'DELETE', url: `/api/portfolio/${projectId}/images/${imageId}` });
  const stored = async () => {
    const db = t.database.handle.db;
    const images = await db.selectFrom('portfolio_project_images').selectAll().orderBy('id').execute();
    const files = await db
      .selectFrom('portfolio_image_files')
      .select(['image_id', 'format', 'width'])
      .orderBy('image_id')
      .orderBy('format')
      .orderBy('width')
      .execute();
    return { images, files };
  };

  it('adds an image with its alt text, caption and focal point, in AVIF and WebP at each width up to its own', async () => {
    const project = await newProject();
    expect(project.images).toEqual([]);
    const after = await add(project.id, {
      image: file(await png(1000, 600)),
      alt: 'The forecast page on a phone',
      caption: 'Seven days at a glance',
      focal_x: '0.25',
      focal_y: '0.8',
    });
    expect(after.images).toHaveLength(1);
    const [image] = after.images as [Image];
    expect(image).toMatchObject({
      alt: 'The forecast page on a phone',
      caption: 'Seven days at a glance',
      focal_x: 0.25,
      focal_y: 0.8,
      width: 1000,
      height: 600,
    });
    // The only image is the cover.
    expect(after.image).toMatch(new RegExp(`^/api/portfolio/${project.id}/image\\?v=[0-9a-f]{12}$`));
    // Never enlarged: 480 and 800, then its own 1000.
    for (const [format, sharpFormat] of [
      ['avif', 'heif'],
      ['webp', 'webp'],
    ] as const) {
      const set = entries(image.sources[format]);
      expect(set.map(([, w]) => w)).toEqual([480, 800, 1000]);
      for (const [url, width] of set) {
        expect(url).toMatch(
          new RegExp(`^/api/portfolio/${project.id}/images/${image.id}\\?f=${format}&w=${width}&v=[0-9a-f]{12}$`),
        );
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(`image/${format}`);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta).toMatchObject({ format: sharpFormat, width, height: Math.round((600 * width) / 1000) });
      }
    }
    expect(image.src).toBe(entries(image.sources.webp)[2]?.[0]);
    // The placeholder: a 16 px wide WebP, inline.
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    const tiny = await sharp(Buffer.from(image.placeholder.split(',')[1] as string, 'base64')).metadata();
    expect(tiny).toMatchObject({ format: 'webp', width: 16, height: 10 });
  });

  it('stores four widths of a large image, and the original’s size after its EXIF rotation', async () => {
    const project = await newProject();
    // Stored 2400 × 1800 and marked "turn a quarter" (orientation 6): it shows 1800 wide, 2400 tall.
    const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const [image] = (await add(project.id, { image: file(jpeg, 'photo.jpg', 'image/jpeg'), alt: 'Tall' })).images as [
      Image,
    ];
    expect(image).toMatchObject({ width: 1800, height: 2400, focal_x: 0.5, focal_y: 0.5, caption: '' });
    expect(entries(image.sources.avif).map(([, w]) => w)).toEqual([480, 800, 1200, 1600]);
    const largest = await t.app.inject({ method: 'GET', url: image.src });
    expect(await sharp(largest.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 2133 });
  });

  it('answers an unversioned or outdated file URL with no-cache and an ETag, and 304 when unchanged', async () => {
    const project = await newProject();
    const [image] = (await add(project.id, { image: file(await png(300, 200)), alt: 'Small' })).images as [Image];
    const bare = `/api/portfolio/${project.id}/images/${image.id}?f=avif&w=300`;
    const res = await t.app.inject({ method: 'GET', url: bare });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}-avif300"$/);
    const old = await t.app.inject({ method: 'GET', url: `${bare}&v=000000000000` });
    expect(old.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: bare,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    // A width or format it was not stored at, or a bad query.
    expect((await t.app.inject({ method: 'GET', url: bare.replace('w=300', 'w=480') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: bare.replace('f=avif', 'f=png') })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: bare.replace('w=300', 'w=wide') })).statusCode).toBe(400);
  });

  it('keeps the seed form’s cover first: a new image goes last, and `image` names the first', async () => {
    const project = await newProject({ image: file(await png(200, 100)) });
    expect(project.images).toHaveLength(1);
    expect(project.images[0]?.alt).toBe(`Screenshot of ${project.title}`);
    const after = await add(project.id, { image: file(await png(120, 80)), alt: 'Second' });
    expect(after.images.map((i) => i.alt)).toEqual([project.images[0]?.alt, 'Second']);
    expect(after.image).toBe(project.image);

    // Moved to the front, the second becomes the cover: `image` follows it.
    const second = after.images[1] as Image;
    const moved = await patch(project.id, second.id, { position: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    const reordered: Project = moved.json();
    expect(reordered.images.map((i) => i.id)).toEqual([second.id, project.images[0]?.id]);
    expect(reordered.image).not.toBe(project.image);
    const cover = await t.app.inject({ method: 'GET', url: reordered.image as string });
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 120 });

    // The seed's update with a new image replaces the cover, keeping its alt text and place; an
    // alt text made from the title follows a new title.
    const body = await multipartBody({ title: 'Renamed', image: file(await png(90, 60)) });
    const replaced: Project = (
      await injectAs(t.app, admin, { method: 'PUT', url: `/api/portfolio/update/${project.id}`, ...body })
    ).json();
    expect(replaced.images.map((i) => [i.alt, i.width])).toEqual([
      ['Second', 90],
      ['Screenshot of Renamed', 200],
    ]);
    expect(replaced.images[0]?.id).not.toBe(second.id);
  });

  it('edits the alt text, caption and focal point', async () => {
    const project = await newProject();
    const [image] = (await add(project.id, { image: file(await png(64, 64)), alt: 'Before' })).images as [Image];
    const res = await patch(project.id, image.id, { alt: 'After', caption: 'A caption', focal_x: 0, focal_y: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().images[0]).toMatchObject({
      id: image.id,
      alt: 'After',
      caption: 'A caption',
      focal_x: 0,
      focal_y: 1,
    });
    // The files are the same: their URLs do not change.
    expect(res.json().images[0].sources).toEqual(image.sources);
  });

  it('removes an image and its files; the project’s delete takes the rest', async () => {
    const project = await newProject();
    await add(project.id, { image: file(await png(500, 300)), alt: 'One' });
    const two = (await add(project.id, { image: file(await png(500, 300)), alt: 'Two' })).images as Image[];
    const [first, second] = two as [Image, Image];
    const res = await remove(project.id, first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().images.map((i: Image) => i.id)).toEqual([second.id]);
    const { images, files } = await stored();
    expect(images.map((i) => i.id)).not.toContain(first.id);
    expect(files.filter((f) => f.image_id === first.id)).toEqual([]);
    expect(files.filter((f) => f.image_id === second.id)).toHaveLength(4); // 2 formats × (480, 500)
    expect((await t.app.inject({ method: 'GET', url: first.src })).statusCode).toBe(404);
    expect((await remove(project.id, first.id)).statusCode).toBe(404);

    const gone = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/portfolio/delete/${project.id}` });
    expect(gone.statusCode).toBe(200);
    const after = await stored();
    expect(after.images.filter((i) => i.project_id === project.id)).toEqual([]);
    expect(after.files.filter((f) => f.image_id === second.id)).toEqual([]);
  });

  it('lists projects in two reads, neither touching the image files', async () => {
    const project = await newProject();
    await add(project.id, { image: file(await png(600, 400)), alt: 'Listed' });
    const queries: string[] = [];
    const db = t.database.handle.db.withPlugin({
      transformQuery: ({ node }) => {
        queries.push(JSON.stringify(node));
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const list = await portfolioRepository({ ...t.database.handle, db }).list({ drafts: true });
    expect(list.find((p) => p.id === project.id)?.images.map((i) => i.alt)).toEqual(['Listed']);
    expect(queries).toHaveLength(2);
    expect(queries.join()).not.toContain('portfolio_image_files');
  });

  it('refuses a 13th image', async () => {
    const project = await newProject();
    const tiny = await png(8, 8);
    for (let n = 1; n <= 12; n++) await add(project.id, { image: file(tiny), alt: `Image ${n}` });
    const before = await stored();
    const res = await upload(project.id, { image: file(tiny), alt: 'Thirteenth' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'A project has at most 12 images',
      fields: { image: expect.any(String) },
    });
    expect(await stored()).toEqual(before);
  });

  describe('refuses bad input and changes nothing', () => {
    it.each([
      ['no alt text', async () => ({ image: file(await png(10, 10)) }), 400, 'alt'],
      ['a blank alt text', async () => ({ image: file(await png(10, 10)), alt: '   ' }), 400, 'alt'],
      ['a 301-character alt text', async () => ({ image: file(await png(10, 10)), alt: 'x'.repeat(301) }), 400, 'alt'],
      [
        'a focal point off the image',
        async () => ({ image: file(await png(10, 10)), alt: 'a', focal_x: '1.5' }),
        400,
        'focal_x',
      ],
      [
        'a focal point that is no number',
        async () => ({ image: file(await png(10, 10)), alt: 'a', focal_y: 'top' }),
        400,
        'focal_y',
      ],
      ['no file', async () => ({ alt: 'Nothing' }), 400, 'image'],
      ['a text file named .png', async () => ({ image: file(Buffer.from('not an image')), alt: 'a' }), 415, 'image'],
      ['a decompression bomb', async () => ({ image: file(pngBomb(), 'bomb.png'), alt: 'a' }), 415, 'image'],
      [
        'a file over the byte limit',
        async () => ({ image: file(Buffer.concat([await png(10, 10), Buffer.alloc(6 * 1024 * 1024)])), alt: 'a' }),
        413,
        'image',
      ],
    ])('%s', async (_label, form, status, field) => {
      const project = await newProject();
      const before = await stored();
      const res = await upload(project.id, await form());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ success: false, code: status, message: expect.any(String) });
      expect(res.json().fields).toHaveProperty(field);
      expect(await stored()).toEqual(before);
    });

    it.each([
      ['nothing to change', {}],
      ['an empty alt text', { alt: '' }],
      ['a focal point below 0', { focal_x: -0.1 }],
      ['a focal point as text', { focal_y: 'middle' }],
      ['a position past the end', { position: 12 }],
      ['a fractional position', { position: 1.5 }],
      ['an unknown field', { alt: 'ok', width: 10 }],
    ])('an edit with %s (400)', async (_label, payload) => {
      const project = await newProject();
      const [image] = (await add(project.id, { image: file(await png(10, 10)), alt: 'Kept' })).images as [Image];
      const before = await stored();
      const res = await patch(project.id, image.id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400, message: expect.any(String) });
      expect(await stored()).toEqual(before);
    });

    it('another project’s image, or an unknown project (404)', async () => {
      const mine = await newProject();
      const other = await newProject();
      const [image] = (await add(other.id, { image: file(await png(10, 10)), alt: 'Theirs' })).images as [Image];
      const before = await stored();
      expect((await patch(mine.id, image.id, { alt: 'Taken' })).statusCode).toBe(404);
      expect((await remove(mine.id, image.id)).statusCode).toBe(404);
      const url = image.src.replace(`/portfolio/${other.id}/`, `/portfolio/${mine.id}/`);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await upload(999_999, { image: file(await png(10, 10)), alt: 'a' })).statusCode).toBe(404);
      expect((await patch(mine.id, 999_999, { alt: 'x' })).statusCode).toBe(404);
      expect(await stored()).toEqual(before);
    });
  });

  it('answers 401 signed out, 403 to a plain user and to the admin without the CSRF header, changing nothing', async () => {
    const project = await newProject();
    const [image] = (await add(project.id, { image: file(await png(10, 10)), alt: 'Mine' })).images as [Image];
    const before = await stored();
    const form = async () => multipartBody({ image: file(await png(10, 10)), alt: 'Intruder' });
    const imageUrl = `/api/portfolio/${project.id}/images/${image.id}`;
    const calls = [
      async () => ({ method: 'POST' as const, url: `/api/portfolio/${project.id}/images`, ...(await form()) }),
      async () => ({ method: 'PATCH' as const, url: imageUrl, payload: { alt: 'Hijacked' } }),
      async () => ({ method: 'DELETE' as const, url: imageUrl }),
    ];
    for (const call of calls) {
      expect((await t.app.inject(await call())).statusCode).toBe(401);
      expect((await injectAs(t.app, user, await call())).statusCode).toBe(403);
      expect((await injectAs(t.app, admin, { ...(await call()), csrf: false })).statusCode).toBe(403);
    }
    expect(await stored()).toEqual(before);
  });
});
