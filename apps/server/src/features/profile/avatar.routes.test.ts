import { AVATAR_MAX_BYTES } from '@site/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart.js';
import { createTestAppWithUsers, injectAs, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { avatarWidthsFor } from './avatar-image.js';
import { readProfile, uploader } from './profile.test-support.js';

const URL = '/api/admin/profile/avatar';
const imageFile = (bytes: Buffer | string, name = 'me.png', type = 'image/png') =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });
/** A landscape photo: the crop keeps a square of it. */
const landscape = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();

// docs/api.md#profile: the owner's photo, uploaded by the admin, cropped square, served in three sizes.
describe.each(testDatabaseKinds)('the profile photo on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;

  beforeAll(async () => {
    ({ t, admin, user: alice } = await createTestAppWithUsers(kind));
  });
  afterAll(() => t.close());

  const profile = () => readProfile(t);
  const upload = (...args: Parameters<ReturnType<typeof uploader>>) => uploader(t, 'PUT', URL)(...args);

  it('starts without a photo', async () => {
    expect((await profile()).avatar).toBeNull();
    expect((await t.app.inject({ url: '/api/profile/avatar' })).statusCode).toBe(404);
  });

  it('refuses signed-out callers (401), a normal user (403) and a missing CSRF header (403)', async () => {
    const jpeg = imageFile(await landscape(), 'me.jpg', 'image/jpeg');
    expect((await upload(null, jpeg)).statusCode).toBe(401);
    expect((await upload(alice, jpeg)).statusCode).toBe(403);
    expect((await upload(admin, jpeg, { csrf: false })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: URL })).statusCode).toBe(401);
    expect((await injectAs(t.app, alice, { method: 'DELETE', url: URL })).statusCode).toBe(403);
    expect((await injectAs(t.app, admin, { method: 'DELETE', url: URL, csrf: false })).statusCode).toBe(403);
    expect((await profile()).avatar).toBeNull();
  });

  it('refuses a file that is not an image by its content, whatever its name and type say (415)', async () => {
    const res = await upload(admin, imageFile('<svg xmlns="http://www.w3.org/2000/svg"/>', 'me.png'));
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 415, message: expect.stringMatching(/PNG, JPEG/) });
    // The right signature over a broken body is no image either.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    expect((await upload(admin, imageFile(broken))).statusCode).toBe(415);
    const json = await injectAs(t.app, admin, { method: 'PUT', url: URL, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await profile()).avatar).toBeNull();
  });

  it('refuses a file over 5 MB (413), an upload without a file (400) and a decompression bomb (415)', async () => {
    const big = Buffer.concat([await landscape(), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await upload(admin, imageFile(big, 'big.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toMatch(/5 MB/);
    const empty = await injectAs(t.app, admin, { method: 'PUT', url: URL, ...(await multipartBody({ note: 'x' })) });
    expect(empty.statusCode, empty.body).toBe(400);
    // 48 megapixels in 150 KB: over the 40 megapixel bound, refused before it is decoded.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#888' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);
    const refused = await upload(admin, imageFile(bomb, 'bomb.png'));
    expect(refused.statusCode, refused.body).toBe(415);
    expect(refused.json().message).toMatch(/too large in pixels/);
    expect((await profile()).avatar).toBeNull();
  });

  it('crops an upload square and stores it as WebP at 96, 192 and 384 px, each served from the profile’s links', async () => {
    const res = await upload(admin, imageFile(await landscape(), 'me.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(200);
    const { avatar } = await profile();
    expect(res.json().avatar).toEqual(avatar);
    expect(avatar).toEqual({
      url: expect.stringMatching(/^\/api\/profile\/avatar\?w=384&v=[0-9a-f]{12}$/),
      srcset: expect.any(String),
      width: 384,
      height: 384,
    });
    const sources = (avatar.srcset as string).split(', ').map((entry) => entry.split(' '));
    expect(sources.map(([, w]) => w)).toEqual(['96w', '192w', '384w']);
    for (const [url, descriptor] of sources) {
      const file = await t.app.inject({ url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      // The profile's links name the version: cached for good.
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      const width = Number(descriptor?.replace('w', ''));
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width,
        height: width,
      });
    }
  });

  it('revalidates an address without its version (or with an old one) by ETag', async () => {
    const bare = await t.app.inject({ url: '/api/profile/avatar?w=192' });
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['cache-control']).toBe('no-cache');
    const etag = String(bare.headers.etag);
    const again = await t.app.inject({
      url: '/api/profile/avatar?w=192&v=000000000000',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
    // As a browser or a proxy may ask: among other tags, or weak.
    for (const header of [`"other", ${etag}`, `W/${etag}`]) {
      const listed = await t.app.inject({ url: '/api/profile/avatar?w=192', headers: { 'if-none-match': header } });
      expect(listed.statusCode, header).toBe(304);
    }
    // Without a width: the largest.
    expect((await sharp((await t.app.inject({ url: '/api/profile/avatar' })).rawPayload).metadata()).width).toBe(384);
    expect((await t.app.inject({ url: '/api/profile/avatar?w=100' })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/profile/avatar?w=big' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/width/);
  });

  it('never enlarges a small photo: a 150 px one is stored at 96 and 150', async () => {
    const small = await sharp({ create: { width: 150, height: 200, channels: 4, background: '#48c' } })
      .webp()
      .toBuffer();
    const res = await upload(admin, imageFile(small, 'me.webp', 'image/webp'));
    expect(res.statusCode, res.body).toBe(200);
    const { avatar } = res.json();
    expect(avatar).toMatchObject({ width: 150, height: 150 });
    expect(avatar.srcset).toMatch(/\?w=96&v=\w+ 96w, \/api\/profile\/avatar\?w=150&v=\w+ 150w$/);
    expect((await t.app.inject({ url: '/api/profile/avatar?w=384' })).statusCode).toBe(404);
  });

  it('removes the photo: the profile has none, its files are gone, a second removal is 404', async () => {
    const { avatar } = await profile();
    const removed = await injectAs(t.app, admin, { method: 'DELETE', url: URL });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await profile()).avatar).toBeNull();
    expect((await t.app.inject({ url: avatar.url })).statusCode).toBe(404);
    expect((await injectAs(t.app, admin, { method: 'DELETE', url: URL })).statusCode).toBe(404);
  });
});

describe('avatar sizes', () => {
  it('are 96, 192 and 384 px, and never wider than the photo’s shorter side', () => {
    expect(avatarWidthsFor(4000)).toEqual([96, 192, 384]);
    expect(avatarWidthsFor(384)).toEqual([96, 192, 384]);
    expect(avatarWidthsFor(200)).toEqual([96, 192, 200]);
    expect(avatarWidthsFor(50)).toEqual([50]);
  });
});
