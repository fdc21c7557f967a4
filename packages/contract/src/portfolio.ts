import { z } from 'zod';
import { idSchema, userText } from './common.js';
import { endpoint } from './endpoint.js';
import {
  portfolioImageFileQuerySchema,
  portfolioImageParamsSchema,
  portfolioImagePatchSchema,
  portfolioImageSchema,
} from './portfolio-images.js';
import {
  PORTFOLIO_IMAGE_MAX_BYTES,
  PORTFOLIO_IMAGE_TYPES,
  PORTFOLIO_LIST_MAX,
  PORTFOLIO_TEXT_MAX,
  PORTFOLIO_TITLE_MAX,
} from './portfolio-limits.js';
import {
  normalizeTags,
  PORTFOLIO_SLUG_MAX,
  PORTFOLIO_SLUG_PATTERN,
  PORTFOLIO_TAG_MAX,
  PORTFOLIO_TAGS_MAX,
} from './portfolio-tags.js';
import { routes } from './routes.js';

export * from './portfolio-images.js';
export * from './portfolio-tags.js';

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

export const PORTFOLIO_SUMMARY_MAX = 300;
export const PORTFOLIO_BODY_MAX = 50_000;
export const PORTFOLIO_ROLE_MAX = 120;
export const PORTFOLIO_LINK_MAX = 500;
export const PORTFOLIO_STATUSES = ['draft', 'published'] as const;
export type PortfolioStatus = (typeof PORTFOLIO_STATUSES)[number];
export const PORTFOLIO_LINK_KINDS = ['source', 'demo', 'writeup'] as const;

/** A multipart form sends every value as text: JSON values (tags, links) arrive as a JSON string. */
const fromJsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value; // Left for the schema to refuse with its own message.
  }
};
const flag = (label: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === 'on' ? true : v === 'false' ? false : v),
    z.boolean({ error: `${label} must be true or false` }),
  );
/** 'YYYY-MM', or '' for none. */
const month = (label: string) =>
  z.string().regex(/^(?:\d{4}-(?:0[1-9]|1[0-2]))?$/, `${label} must be a month (YYYY-MM) or empty`);
/**
 * A project link: an absolute http(s) address, or a path of this site ('/apps/sudoku'), or '' for
 * none. Anything else (javascript:, data:, '//host') is refused.
 */
const link = z
  .string()
  .trim()
  .max(PORTFOLIO_LINK_MAX, `A link must be at most ${PORTFOLIO_LINK_MAX} characters`)
  .refine(
    (v) => v === '' || /^\/(?![/\\])\S*$/.test(v) || (/^https?:\/\/[^\s/]+\S*$/i.test(v) && URL.canParse(v)),
    'A link must start with https://, http:// or / (a page of this site)',
  );
export const portfolioLinksSchema = z.strictObject({
  source: link.default(''),
  demo: link.default(''),
  writeup: link.default(''),
});
export type PortfolioLinks = z.infer<typeof portfolioLinksSchema>;

/**
 * What a project's own page adds to the seed's fields (docs/api.md#portfolio). Every one is
 * optional: the seed's form, which sends none, keeps them as they are on update (defaults on create).
 * `tags`, when sent, also rewrites `technology`; otherwise `technology` gives the tags.
 */
export const portfolioPageFieldsSchema = z.object({
  slug: z
    .string()
    .trim()
    .max(PORTFOLIO_SLUG_MAX, `Slug must be at most ${PORTFOLIO_SLUG_MAX} characters`)
    .refine(
      (v) => v === '' || PORTFOLIO_SLUG_PATTERN.test(v),
      'Slug may hold lower-case letters, digits and single hyphens between them',
    )
    .optional(),
  summary: userText({ label: 'Summary', max: PORTFOLIO_SUMMARY_MAX }).optional(),
  body: userText({ label: 'Body', max: PORTFOLIO_BODY_MAX, multiline: true }).optional(),
  role: userText({ label: 'Role', max: PORTFOLIO_ROLE_MAX }).optional(),
  period_start: month('Start').optional(),
  period_end: month('End').optional(),
  ongoing: flag('Ongoing').optional(),
  links: z.preprocess(fromJsonText, portfolioLinksSchema).optional(),
  featured: flag('Featured').optional(),
  status: z.enum(PORTFOLIO_STATUSES, { error: 'Status must be draft or published' }).optional(),
  tags: z
    .preprocess(
      fromJsonText,
      z
        .array(userText({ label: 'Tag', max: PORTFOLIO_TAG_MAX }), { error: 'Tags must be a list of texts' })
        .max(PORTFOLIO_TAGS_MAX * 4, 'Too many tags'),
    )
    .transform(normalizeTags)
    .refine((tags) => tags.length <= PORTFOLIO_TAGS_MAX, `At most ${PORTFOLIO_TAGS_MAX} tags`)
    .optional(),
});
export type PortfolioPageFields = z.infer<typeof portfolioPageFieldsSchema>;
/** The whole create/update form: the seed's fields and the page's. */
export const portfolioFormSchema = portfolioFieldsSchema.extend(portfolioPageFieldsSchema.shape);
export type PortfolioForm = z.infer<typeof portfolioFormSchema>;

export const portfolioProjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** The cover's URL (the first of `images`, its largest WebP), or null when the project has no image. */
  image: z.string().nullable(),
  technology: z.string(),
  backend_features: z.string(),
  frontend_features: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  // Additions for the project's own page (docs/api.md#portfolio).
  slug: z.string(),
  summary: z.string(),
  /** Markdown source; the single-project answer adds it rendered (`body_html`). */
  body: z.string(),
  role: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  ongoing: z.boolean(),
  links: z.object({ source: z.string(), demo: z.string(), writeup: z.string() }),
  featured: z.boolean(),
  status: z.enum(PORTFOLIO_STATUSES),
  /** The manual order: the list is sorted by it, smallest first. */
  position: z.number().int(),
  tags: z.array(z.string()),
  /** The gallery in its order, the cover first (docs/api.md#project-images). */
  images: z.array(portfolioImageSchema),
});
export type PortfolioProject = z.infer<typeof portfolioProjectSchema>;

/** One project for its page: the body rendered to sanitised HTML on the server. */
export const portfolioProjectPageSchema = portfolioProjectSchema.extend({ body_html: z.string() });
export type PortfolioProjectPage = z.infer<typeof portfolioProjectPageSchema>;
export const portfolioSlugParamsSchema = z.object({ slug: z.string().max(200) });
export const portfolioOrderBodySchema = z.strictObject({
  ids: z.array(idSchema).min(1, 'List every project once').max(1000, 'Too many projects'),
});
export const portfolioPreviewBodySchema = z.strictObject({
  body: userText({ label: 'Body', max: PORTFOLIO_BODY_MAX, multiline: true }),
});
export const portfolioPreviewResponseSchema = z.object({ html: z.string() });

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
  'multipart/form-data: title, description, technology, backend_features, frontend_features, image (file); ' +
  'optional: slug, summary, body, role, period_start, period_end, ongoing, links (JSON), featured, status, tags (JSON)';

/** docs/api.md#every-call (Portfolio): public list; create, update and delete for the admin only. */
export const portfolioEndpoints = {
  list: endpoint(routes.portfolio.list, {
    tags: ['portfolio'],
    summary: 'All projects in their manual order (drafts for the admin only)',
    response: portfolioListResponseSchema,
  }),
  project: endpoint(routes.portfolio.project, {
    tags: ['portfolio'],
    summary: 'One project by its slug or a former one, with its body as safe HTML (drafts: admin only)',
    params: portfolioSlugParamsSchema,
    response: portfolioProjectPageSchema,
    errors: [404] as const,
  }),
  order: endpoint(routes.portfolio.order, {
    tags: ['portfolio'],
    summary: 'Set the manual order (admin): every project id once, first to last',
    body: portfolioOrderBodySchema,
    response: portfolioListResponseSchema,
    errors: [400, 401, 403] as const,
  }),
  preview: endpoint(routes.portfolio.preview, {
    tags: ['portfolio'],
    summary: 'A body’s Markdown as the project page would show it (admin)',
    body: portfolioPreviewBodySchema,
    response: portfolioPreviewResponseSchema,
    errors: [400, 401, 403] as const,
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
    summary: 'A project’s cover (its first image, the largest WebP), cached by version',
    params: portfolioIdParamsSchema,
    query: portfolioImageQuerySchema,
  }),
  // The gallery (docs/api.md#project-images): each answers the whole project as it now stands.
  /** The body is multipart form data (image, alt, caption, focal_x, focal_y), read by the handler. */
  addImage: endpoint(routes.portfolio.addImage, {
    tags: ['portfolio'],
    summary: 'Add an image to a project’s gallery (admin), at its end',
    description: 'multipart/form-data: image (file), alt (required), caption, focal_x and focal_y (0..1)',
    consumes: ['multipart/form-data'],
    params: portfolioIdParamsSchema,
    response: portfolioProjectSchema,
    errors: [400, 401, 403, 404, 413, 415] as const,
  }),
  updateImage: endpoint(routes.portfolio.updateImage, {
    tags: ['portfolio'],
    summary: 'Change an image’s alt text, caption, focal point or place in the gallery (admin)',
    params: portfolioImageParamsSchema,
    body: portfolioImagePatchSchema,
    response: portfolioProjectSchema,
    errors: [400, 401, 403, 404] as const,
  }),
  removeImage: endpoint(routes.portfolio.removeImage, {
    tags: ['portfolio'],
    summary: 'Remove an image and its files from a project’s gallery (admin)',
    params: portfolioImageParamsSchema,
    response: portfolioProjectSchema,
    errors: [401, 403, 404] as const,
  }),
  /** Answers the image file (AVIF or WebP), not JSON. */
  imageFile: endpoint(routes.portfolio.imageFile, {
    tags: ['portfolio'],
    summary: 'One encoded file of a gallery image (format f, width w), cached for good at its versioned URL',
    params: portfolioImageParamsSchema,
    query: portfolioImageFileQuerySchema,
    errors: [400, 404] as const,
  }),
};
