import { defaultProfileFields, RESUME_MAX_BYTES } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart.js';
import { createTestAppWithUsers, injectAs, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { profileRepository } from './profile.repository.js';
import { readProfile, uploader } from './profile.test-support.js';
import { contentDisposition, resumeFileName } from './resume-form.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'latin1');
const pdfFile = (bytes: Buffer | string, name = 'Résumé 2026.pdf', type = 'application/pdf') =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

const edited = {
  ...defaultProfileFields,
  name: 'Sam Rivera',
  title: 'Staff Engineer',
  about: 'Hello **there**',
  skills: [{ group: 'Core', items: ['Go', 'Rust'] }],
  links: [
    { label: 'GitHub', url: 'https://github.com/sam' },
    { label: 'Mastodon', url: 'https://hachyderm.io/@sam' },
  ],
  location: 'Lisbon',
  availability: 'Open to contract work from March',
};

describe.each(testDatabaseKinds)('profile and résumé on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;

  beforeAll(async () => {
    ({ t, admin, user: alice } = await createTestAppWithUsers(kind));
  });
  afterAll(() => t.close());

  const profile = () => readProfile(t);
  const upload = (...args: Parameters<ReturnType<typeof uploader>>) =>
    uploader(t, 'POST', '/api/admin/resume')(...args);

  it('starts from the default profile (what site.ts showed), without a résumé', async () => {
    expect(await profile()).toEqual({ ...defaultProfileFields, updated_at: null, resume: null, avatar: null });
    const res = await t.app.inject({ url: '/resume.pdf' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps a saved profile when the server starts again on the same database', async () => {
    const repository = profileRepository(t.database.handle);
    await repository.save({ ...defaultProfileFields, name: 'Kept' });
    await repository.ensure(defaultProfileFields);
    expect((await repository.get())?.name).toBe('Kept');
    await repository.save(defaultProfileFields);
  });

  describe('PUT /api/admin/profile', () => {
    it('lets the admin replace the profile, which everyone then reads', async () => {
      const res = await injectAs(t.app, admin, { method: 'PUT', url: '/api/admin/profile', payload: edited });
      expect(res.statusCode, res.body).toBe(200);
      const read = await profile();
      expect(read).toMatchObject(edited);
      expect(read.updated_at).toEqual(expect.any(String));
      expect(res.json()).toEqual(read);
    });

    it('refuses signed-out callers (401), a normal user (403) and a cookie call without its CSRF header', async () => {
      const request = { method: 'PUT' as const, url: '/api/admin/profile', payload: { ...edited, name: 'Mallory' } };
      expect((await t.app.inject(request)).statusCode).toBe(401);
      expect((await injectAs(t.app, alice, request)).statusCode).toBe(403);
      expect((await injectAs(t.app, admin, { ...request, csrf: false })).statusCode).toBe(403);
      expect((await profile()).name).toBe('Sam Rivera');
    });

    it.each([
      ['no name', { name: '  ' }, 'name'],
      ['a javascript: link', { links: [{ label: 'Click', url: 'javascript:alert(1)' }] }, 'links'],
      ['a relative link', { links: [{ label: 'Me', url: '/about' }] }, 'links'],
      ['a bad e-mail', { contact_email: 'not an address' }, 'contact_email'],
      ['a skill group that is not a list', { skills: 'Go, Rust' }, 'skills'],
      ['a name too long', { name: 'x'.repeat(81) }, 'name'],
      ['control characters', { tagline: 'a\u0007b' }, 'tagline'],
    ])('answers 400 naming the field for %s', async (_, change, field) => {
      const res = await injectAs(t.app, admin, {
        method: 'PUT',
        url: '/api/admin/profile',
        payload: { ...edited, ...change },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    });

    it('keeps Markdown as written (the page sanitises what it renders)', async () => {
      const about = 'Hi <script>alert(1)</script> [x](javascript:alert(1))';
      const res = await injectAs(t.app, admin, {
        method: 'PUT',
        url: '/api/admin/profile',
        payload: { ...edited, about },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await profile()).about).toBe(about);
    });
  });

  describe('the résumé', () => {
    it('refuses signed-out callers, a normal user and a missing CSRF header', async () => {
      expect((await upload(null, pdfFile(PDF))).statusCode).toBe(401);
      expect((await upload(alice, pdfFile(PDF))).statusCode).toBe(403);
      expect((await upload(admin, pdfFile(PDF), { csrf: false })).statusCode).toBe(403);
      expect((await injectAs(t.app, alice, { method: 'DELETE', url: '/api/admin/resume' })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/resume' })).statusCode).toBe(401);
    });

    it('refuses a file that is not a PDF by its content, whatever its name and type say (415)', async () => {
      const res = await upload(admin, pdfFile('<html>not a pdf</html>', 'cv.pdf'));
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().message).toMatch(/PDF/);
    });

    it('refuses a file over the size limit (413) and an upload without a file (400)', async () => {
      const big = Buffer.concat([PDF, Buffer.alloc(RESUME_MAX_BYTES)]);
      const res = await upload(admin, pdfFile(big));
      expect(res.statusCode, res.body).toBe(413);
      const empty = await injectAs(t.app, admin, {
        method: 'POST',
        url: '/api/admin/resume',
        ...(await multipartBody({ note: 'no file' })),
      });
      expect(empty.statusCode, empty.body).toBe(400);
      const misnamed = await injectAs(t.app, admin, {
        method: 'POST',
        url: '/api/admin/resume',
        ...(await multipartBody({ resume: pdfFile(PDF) })),
      });
      expect(misnamed.statusCode, misnamed.body).toBe(400);
      const json = await injectAs(t.app, admin, { method: 'POST', url: '/api/admin/resume', payload: { file: 'x' } });
      expect(json.statusCode).toBe(415);
      expect((await profile()).resume).toBeNull();
    });

    it('stores an upload, reports it in the profile and serves it under its name with caching headers', async () => {
      const res = await upload(admin, pdfFile(PDF));
      expect(res.statusCode, res.body).toBe(200);
      const { resume } = await profile();
      expect(resume).toMatchObject({ file_name: 'Résumé 2026.pdf', size: PDF.length, uploaded_at: expect.any(String) });
      expect(res.json().resume).toEqual(resume);

      const file = await t.app.inject({ url: '/resume.pdf' });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(contentDisposition('Résumé 2026.pdf'));
      expect(file.headers['cache-control']).toBe('no-cache');
      const etag = file.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const again = await t.app.inject({ url: '/resume.pdf', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      // The profile's link names the version: cached for good.
      const versioned = await t.app.inject({ url: resume.url });
      expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('replaces the file on a new upload, and removes it', async () => {
      const second = Buffer.concat([PDF, Buffer.from('% second\n')]);
      expect((await upload(admin, pdfFile(second, 'cv.pdf'))).statusCode).toBe(200);
      expect((await profile()).resume.file_name).toBe('cv.pdf');
      expect((await t.app.inject({ url: '/resume.pdf' })).rawPayload.equals(second)).toBe(true);

      const removed = await injectAs(t.app, admin, { method: 'DELETE', url: '/api/admin/resume' });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await profile()).resume).toBeNull();
      expect((await t.app.inject({ url: '/resume.pdf' })).statusCode).toBe(404);
      expect((await injectAs(t.app, admin, { method: 'DELETE', url: '/api/admin/resume' })).statusCode).toBe(404);
    });
  });
});

describe('résumé file names', () => {
  it('keeps the name without folders, controls or quotes, always ending in .pdf', () => {
    expect(resumeFileName('../../etc/Alex "CV".PDF')).toBe('Alex CV.pdf');
    expect(resumeFileName('C:\\Users\\me\\cv')).toBe('cv.pdf');
    expect(resumeFileName('\u202eevil')).toBe('evil.pdf');
    expect(resumeFileName(undefined)).toBe('resume.pdf');
  });

  it('gives an ASCII name and the UTF-8 one in Content-Disposition', () => {
    expect(contentDisposition('cv.pdf')).toBe('attachment; filename="cv.pdf"');
    expect(contentDisposition('Résumé.pdf')).toBe(
      `attachment; filename="Resume.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`,
    );
  });
});
