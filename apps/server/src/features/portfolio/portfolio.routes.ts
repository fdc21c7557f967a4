import multipart from '@fastify/multipart';
import type { PortfolioProject } from '@site/contract';
import { portfolioEndpoints as endpoints } from '@site/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import { etagMatches } from '../../core/web-app.js';
import type { PortfolioService } from './portfolio.service.js';
import { multipartLimits, readImageForm, readProjectForm } from './project-form.js';

/** An upload: the image plus the text fields. */
const upload = { bodyLimit: multipartLimits.fileSize + 256 * 1024 };

/** docs/api.md#every-call (Portfolio): public list; create, update and delete for the admin only (checked by route()). */
export const portfolioRoutes: FastifyPluginAsyncZod<{
  service: PortfolioService;
  /** The site's address for a request (core/public-url.ts `linkBase`), or '' when unknown. */
  base: (request: FastifyRequest) => string;
}> = async (app, { service, base }) => {
  // Encapsulated: only these routes parse multipart bodies, with upload-sized limits.
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  // Image links are absolute when the site's address is known, so a front end on another origin
  // (CORS_ORIGINS) can show them; otherwise relative.
  const linked = (request: FastifyRequest) => {
    const origin = base(request);
    const at = (url: string) => (url ? `${origin}${url}` : url);
    // A srcset is "url 480w, url 800w": our URLs hold neither spaces nor commas.
    const srcset = (set: string) => (set ? set.split(', ').map(at).join(', ') : '');
    return (project: PortfolioProject): PortfolioProject =>
      origin === ''
        ? project
        : {
            ...project,
            image: project.image === null ? null : at(project.image),
            images: project.images.map((image) => ({
              ...image,
              src: at(image.src),
              sources: { avif: srcset(image.sources.avif), webp: srcset(image.sources.webp) },
            })),
          };
  };

  route(app, endpoints.list, async (request, { user }) =>
    (await service.list(user?.isAdmin === true)).map(linked(request)),
  );
  // A former slug answers the project too, under its current slug: the page's address follows it
  // (the HTML page itself answers 301, see features/site-meta).
  route(app, endpoints.project, async (request, { user }) => {
    const { project } = await service.page(request.params.slug, user?.isAdmin === true);
    return linked(request)(project) as typeof project;
  });
  route(app, endpoints.order, async (request) => (await service.reorder(request.body.ids)).map(linked(request)));
  route(app, endpoints.preview, async (request) => service.preview(request.body.body));
  route(app, endpoints.create, upload, async (request) =>
    linked(request)(await service.create(await readProjectForm(request))),
  );
  route(app, endpoints.update, upload, async (request) =>
    linked(request)(await service.update(request.params.id, await readProjectForm(request))),
  );
  route(app, endpoints.remove, async (request) => {
    await service.remove(request.params.id);
    return { success: true as const, message: 'Project deleted', id: request.params.id };
  });

  route(app, endpoints.addImage, upload, async (request) =>
    linked(request)(await service.addImage(request.params.id, await readImageForm(request))),
  );
  route(app, endpoints.updateImage, async (request) =>
    linked(request)(await service.updateImage(request.params.id, request.params.imageId, request.body)),
  );
  route(app, endpoints.removeImage, async (request) =>
    linked(request)(await service.removeImage(request.params.id, request.params.imageId)),
  );
  route(app, endpoints.imageFile, async (request, { reply }) => {
    const { id, imageId } = request.params;
    const { f, w, v } = request.query;
    const file = await service.imageFile(id, imageId, f, w);
    const etag = `"${file.version}-${f}${w}"`;
    // The answers link to ?v=<version prefix>: an image's files never change, so cache them for good.
    const versioned = v !== undefined && v.length > 0 && file.version.startsWith(v);
    reply
      .header('ETag', etag)
      .header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('Content-Type', `image/${f}`);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(file.data);
  });

  route(app, endpoints.image, async (request, { reply }) => {
    const image = await service.image(request.params.id);
    const etag = `"${image.etag}"`;
    // The list links to ?v=<etag prefix>: that exact version never changes, so cache it for good.
    const versioned = request.query.v !== undefined && image.etag.startsWith(request.query.v);
    reply
      .header('ETag', etag)
      .header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('Content-Type', image.content_type);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(image.data);
  });
};
