import { z } from 'zod';
import { idSchema, userText } from './common.js';
import { endpoint } from './endpoint.js';
import {
  PORTFOLIO_IMAGE_MAX_BYTES,
  PORTFOLIO_IMAGE_TYPES,
  PORTFOLIO_LIST_MAX,
  PORTFOLIO_TEXT_MAX,
  PORTFOLIO_TITLE_MAX,
} from './portfolio-limits.js';
import { routes } from './routes.js';

export {
  PORTFOLIO_IMAGE_MAX_BYTES,
  PORTFOLIO_IMAGE_TYPES,
  PORTFOLIO_LIST_MAX,
  PORTFOLIO_TEXT_MAX,
  PORTFOLIO_TITLE_MAX,
};

/**
 * The text fields of the seed's multipart create/update form (the image travels as a file part).
 * docs/api.md#text: the title and the comma-separated technology list are one line; the others
 * may hold line breaks.
 */
export const portfolioFieldsSchema = z.object({
  title: userText({ label: 'Title', max: PORTFOLIO_TITLE_MAX, required: true }),
  description: userText({ label: 'Description', max: PORTFOLIO_TEXT_MAX, multiline: true }).default(''),
  technology: userText({ label: 'Technology', max: PORTFOLIO_LIST_MAX }).default(''),
  backend_features: userText({ label: 'Backend features', max: PORTFOLIO_TEXT_MAX, multiline: true }).default(''),
  frontend_features: userText({ label: 'Frontend features', max: PORTFOLIO_TEXT_MAX, multiline: true }).default(''),
});
export type PortfolioFields = z.infer<typeof portfolioFieldsSchema>;

export const portfolioProjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** A URL the browser can load (same origin), or null when the project has no image. */
  image: z.string().nullable(),
  technology: z.string(),
  backend_features: z.string(),
  frontend_features: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PortfolioProject = z.infer<typeof portfolioProjectSchema>;

export const portfolioListResponseSchema = z.array(portfolioProjectSchema);
export const portfolioIdParamsSchema = z.object({ id: idSchema });
export const portfolioDeleteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
});

/** `?v=` names the image version the list links to (see the route's caching). */
export const portfolioImageQuerySchema = z.object({ v: z.string().max(64).optional() });

const portfolioErrors = [400, 401, 403, 404, 413, 415] as const;
const multipartNote =
  'multipart/form-data: title, description, technology, backend_features, frontend_features, image (file)';

/** docs/api.md#every-call (Portfolio): public list; create, update and delete for the admin only. */
export const portfolioEndpoints = {
  list: endpoint(routes.portfolio.list, {
    tags: ['portfolio'],
    summary: 'All projects, newest first',
    response: portfolioListResponseSchema,
  }),
  /** The body is multipart form data, read by the handler (not a zod schema). */
  create: endpoint(routes.portfolio.create, {
    tags: ['portfolio'],
    summary: 'Add a project (admin)',
    description: multipartNote,
    response: portfolioProjectSchema,
    errors: portfolioErrors,
  }),
  update: endpoint(routes.portfolio.update, {
    tags: ['portfolio'],
    summary: 'Edit a project (admin); without a new image the old one is kept',
    description: multipartNote,
    params: portfolioIdParamsSchema,
    response: portfolioProjectSchema,
    errors: portfolioErrors,
  }),
  remove: endpoint(routes.portfolio.remove, {
    tags: ['portfolio'],
    summary: 'Delete a project and its image (admin)',
    params: portfolioIdParamsSchema,
    response: portfolioDeleteResponseSchema,
    errors: portfolioErrors,
  }),
  /** Answers the image itself (WebP), not JSON. */
  image: endpoint(routes.portfolio.image, {
    tags: ['portfolio'],
    summary: 'A project’s image (WebP), cached by version',
    params: portfolioIdParamsSchema,
    query: portfolioImageQuerySchema,
  }),
};
