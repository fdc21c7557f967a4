import { z } from 'zod';
import { idSchema, userText } from './common.js';

/** A project's gallery holds at most this many images, its cover (the first) included. */
export const PORTFOLIO_GALLERY_MAX = 12;
export const PORTFOLIO_ALT_MAX = 300;
export const PORTFOLIO_CAPTION_MAX = 500;
/**
 * The widths each upload is encoded at (never enlarged: a narrower original stops at its own
 * width), in AVIF and WebP (docs/decisions.md#project-images-a-gallery-in-several-widths).
 */
export const PORTFOLIO_IMAGE_WIDTHS = [480, 800, 1200, 1600] as const;
export const PORTFOLIO_IMAGE_FORMATS = ['avif', 'webp'] as const;
export type PortfolioImageFormat = (typeof PORTFOLIO_IMAGE_FORMATS)[number];

/** One gallery image as a project answer carries it; the cover is the first (docs/api.md#portfolio). */
export const portfolioImageSchema = z.object({
  id: z.number().int(),
  alt: z.string(),
  caption: z.string(),
  /** The point to keep in view when the image is cropped: 0..1 from the left and from the top. */
  focal_x: z.number(),
  focal_y: z.number(),
  /** The original's size after its EXIF rotation: for the width/height attributes (its aspect ratio). */
  width: z.number().int(),
  height: z.number().int(),
  /** A tiny blurred WebP as a `data:` URI, shown until the image loads; '' when there is none. */
  placeholder: z.string(),
  /** `srcset` strings per format, each URL versioned (cached for good); '' when a format is missing. */
  sources: z.object({ avif: z.string(), webp: z.string() }),
  /** The largest WebP: for a plain `<img src>`. */
  src: z.string(),
});
export type PortfolioImage = z.infer<typeof portfolioImageSchema>;

/** Multipart sends text: '' is "not given", anything else must read as a number from 0 to 1. */
const focal = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${label} must be a number from 0 to 1` })
      .min(0, `${label} must be a number from 0 to 1`)
      .max(1, `${label} must be a number from 0 to 1`)
      .transform((n) => Math.round(n * 1000) / 1000),
  );
const alt = userText({ label: 'Alt text', max: PORTFOLIO_ALT_MAX, required: true });
const caption = userText({ label: 'Caption', max: PORTFOLIO_CAPTION_MAX });

/** The text parts of an image upload (the file travels as the `image` part). */
export const portfolioImageFieldsSchema = z.object({
  alt,
  caption: caption.default(''),
  focal_x: focal('Focal point x').optional().default(0.5),
  focal_y: focal('Focal point y').optional().default(0.5),
});
export type PortfolioImageFields = z.infer<typeof portfolioImageFieldsSchema>;

/** An image's edit: any of its texts, its focal point, or its place in the gallery (0 = cover). */
export const portfolioImagePatchSchema = z
  .strictObject({
    alt: alt.optional(),
    caption: caption.optional(),
    focal_x: focal('Focal point x').optional(),
    focal_y: focal('Focal point y').optional(),
    position: z
      .number({ error: 'Position must be a whole number' })
      .int('Position must be a whole number')
      .min(0, 'Position must be 0 or more')
      .max(PORTFOLIO_GALLERY_MAX - 1, `Position must be below ${PORTFOLIO_GALLERY_MAX}`)
      .optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), 'Send at least one field to change');
export type PortfolioImagePatch = z.infer<typeof portfolioImagePatchSchema>;

export const portfolioImageParamsSchema = z.object({ id: idSchema, imageId: idSchema });

/** One encoded file of an image: its format and width; `v` names the version the answer linked to. */
export const portfolioImageFileQuerySchema = z.object({
  f: z.enum(PORTFOLIO_IMAGE_FORMATS, { error: 'f must be avif or webp' }),
  w: z
    .string()
    .regex(/^\d{1,4}$/, 'w must be a width in pixels')
    .transform(Number),
  v: z.string().max(64).optional(),
});
