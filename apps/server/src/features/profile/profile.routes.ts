import multipart from '@fastify/multipart';
import { profileEndpoints as endpoints, RESUME_PATH } from '@site/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import { etagMatches } from '../../core/web-app.js';
import { AVATAR_BODY_LIMIT, readAvatarUpload } from './avatar-image.js';
import type { ProfileService } from './profile.service.js';
import { contentDisposition, RESUME_BODY_LIMIT, readResumeUpload } from './resume-form.js';

/** docs/api.md#profile: the public profile, the admin's edit, the résumé's and the photo's upload and removal. */
export const profileRoutes: FastifyPluginAsyncZod<{ service: ProfileService }> = async (app, { service }) => {
  // Encapsulated: only the uploads parse multipart bodies; each passes its own limits
  // (core/multipart-upload.ts).
  await app.register(multipart, { throwFileSizeLimit: true });

  route(app, endpoints.get, async () => service.get());
  route(app, endpoints.update, async (request) => service.update(request.body));
  route(app, endpoints.uploadResume, { bodyLimit: RESUME_BODY_LIMIT }, async (request) =>
    service.uploadResume(await readResumeUpload(request)),
  );
  route(app, endpoints.removeResume, async () => {
    await service.removeResume();
    return { success: true as const, message: 'Résumé removed' };
  });

  route(app, endpoints.uploadAvatar, { bodyLimit: AVATAR_BODY_LIMIT }, async (request) =>
    service.uploadAvatar(await readAvatarUpload(request)),
  );
  route(app, endpoints.removeAvatar, async () => {
    await service.removeAvatar();
    return { success: true as const, message: 'Photo removed' };
  });
  // The profile links to ?w=<width>&v=<version>, which never changes: cached for a year. Without
  // the version (or an old one) the answer is revalidated by ETag, as the résumé's bare address is.
  route(app, endpoints.avatar, async (request, { reply }) => {
    const { w, v } = request.query;
    const file = await service.avatarFile(w);
    const etag = `"${file.version}-${file.width}"`;
    const versioned = v !== undefined && v.length > 0 && file.version.startsWith(v);
    reply
      .header('ETag', etag)
      .header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('Last-Modified', new Date(file.uploaded_at).toUTCString())
      .header('Content-Type', 'image/webp');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(file.data);
  });
};

/**
 * `GET /resume.pdf` at the site's root: the file under its uploaded name. The profile links to
 * `?v=<version>`, which never changes, so that address is cached for a year; the bare address is
 * revalidated by ETag every time, so it always gives the latest upload.
 */
export const resumeFileRoutes: FastifyPluginAsync<{ service: ProfileService }> = async (app, { service }) => {
  app.get<{ Querystring: { v?: string } }>(RESUME_PATH, async (request, reply) => {
    const version = typeof request.query.v === 'string' ? request.query.v : '';
    const describe = (resume: { file_name: string; etag: string; uploaded_at: string }) =>
      reply
        .header('ETag', `"${resume.etag}"`)
        .header(
          'Cache-Control',
          version.length > 0 && resume.etag.startsWith(version) ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
        .header('Last-Modified', new Date(resume.uploaded_at).toUTCString())
        .header('Content-Disposition', contentDisposition(resume.file_name))
        .header('Content-Type', 'application/pdf');
    // A revalidation reads the row without its bytes (up to 5 MB): most answers to it are a 304.
    const info = await service.resumeInfo();
    if (etagMatches(request.headers['if-none-match'], `"${info.etag}"`)) return describe(info).code(304).send();
    // The file as read now, with its own headers (it may have been replaced in between).
    const resume = await service.resume();
    return describe(resume).send(resume.data);
  });
};
