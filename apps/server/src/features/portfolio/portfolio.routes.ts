import multipart from '@fastify/multipart';
import {
  apiErrorSchema,
  portfolioDeleteResponseSchema,
  portfolioIdParamsSchema,
  portfolioListResponseSchema,
  portfolioProjectSchema,
} from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/auth.plugin.js';
import { portfolioRepository } from './portfolio.repository.js';
import { portfolioService } from './portfolio.service.js';
import { multipartLimits, readProjectForm } from './project-form.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
};
const tags = ['portfolio'];
const multipartNote =
  'multipart/form-data: title, description, technology, backend_features, frontend_features, image (file)';

/** Seed §7 Portfolio: public list; create, update and delete for the admin only (checked here). */
export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: only these routes parse multipart bodies, with upload-sized limits.
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  const service = portfolioService(portfolioRepository(app.deps.database.db));

  app.get(
    '/portfolio',
    { schema: { tags, summary: 'All projects, newest first', response: { 200: portfolioListResponseSchema } } },
    async () => service.list(),
  );

  app.post(
    '/portfolio/create',
    {
      onRequest: requireAdmin,
      bodyLimit: multipartLimits.fileSize + 256 * 1024,
      schema: {
        tags,
        summary: 'Add a project (admin)',
        description: multipartNote,
        response: { 200: portfolioProjectSchema, ...errors },
      },
    },
    async (request) => service.create(await readProjectForm(request)),
  );

  app.put(
    '/portfolio/update/:id',
    {
      onRequest: requireAdmin,
      bodyLimit: multipartLimits.fileSize + 256 * 1024,
      schema: {
        tags,
        summary: 'Edit a project (admin); without a new image the old one is kept',
        description: multipartNote,
        params: portfolioIdParamsSchema,
        response: { 200: portfolioProjectSchema, ...errors },
      },
    },
    async (request) => service.update(request.params.id, await readProjectForm(request)),
  );

  app.delete(
    '/portfolio/delete/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Delete a project and its image (admin)',
        params: portfolioIdParamsSchema,
        response: { 200: portfolioDeleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return { success: true as const, message: 'Project deleted', id: request.params.id };
    },
  );

  app.get(
    '/portfolio/:id/image',
    {
      schema: {
        tags,
        summary: 'A project’s image (WebP), cached by version',
        params: portfolioIdParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const image = await service.image(request.params.id);
      const etag = `"${image.etag}"`;
      // The list links to ?v=<etag prefix>: that exact version never changes, so cache it for good.
      const versioned = request.query.v !== undefined && image.etag.startsWith(request.query.v);
      reply
        .header('ETag', etag)
        .header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('Content-Type', image.content_type);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(image.data);
    },
  );
};
