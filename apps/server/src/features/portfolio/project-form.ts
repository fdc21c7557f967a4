import {
  PORTFOLIO_IMAGE_MAX_BYTES,
  type PortfolioForm,
  type PortfolioImageFields,
  portfolioFormSchema,
  portfolioImageFieldsSchema,
} from '@site/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../core/http-errors.js';
import { multipartFailure } from '../../core/multipart-upload.js';
import { parseOrThrow } from '../../core/validation.js';

export const multipartLimits = {
  fileSize: PORTFOLIO_IMAGE_MAX_BYTES,
  files: 1,
  fields: 24,
  // A body may be long (PORTFOLIO_BODY_MAX characters, up to 4 bytes each).
  fieldSize: 200 * 1024,
  parts: 26,
};

const TOO_LARGE = `The image must be ${PORTFOLIO_IMAGE_MAX_BYTES / 1024 / 1024} MB or smaller`;

/** The text parts and the `image` file part (absent when none or empty) of a multipart body. */
async function readParts(request: FastifyRequest): Promise<{ raw: Record<string, string>; image?: Buffer }> {
  const raw: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') throw badRequest(`Unexpected file field "${part.fieldname}"`);
        const bytes = await part.toBuffer();
        if (bytes.length > 0) image = bytes;
      } else {
        if (part.valueTruncated)
          throw badRequest(`The ${part.fieldname} field is too long`, { [part.fieldname]: 'Too long' });
        // The seed's client may send a placeholder "image" text field when no file was chosen.
        if (part.fieldname !== 'image') raw[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw multipartFailure(error, 'image', TOO_LARGE);
  }
  return { raw, ...(image ? { image } : {}) };
}

/**
 * Reads the seed's multipart project form (text fields plus an optional `image` file). JSON bodies
 * are accepted too, without an image. An empty file part means "no new image".
 */
export async function readProjectForm(request: FastifyRequest): Promise<{ fields: PortfolioForm; image?: Buffer }> {
  if (!request.isMultipart()) {
    return { fields: parseOrThrow(portfolioFormSchema, request.body ?? {}) };
  }
  const { raw, image } = await readParts(request);
  return { fields: parseOrThrow(portfolioFormSchema, raw), ...(image ? { image } : {}) };
}

const NO_IMAGE = 'Choose an image file';

/**
 * A gallery upload: the `image` file with its alt text, caption and focal point. The texts are
 * checked before the file (a missing alt text is a 400 whatever the file is).
 */
export async function readImageForm(request: FastifyRequest): Promise<{ fields: PortfolioImageFields; image: Buffer }> {
  // The file cannot travel in JSON: any other body is the wrong type (415), whatever it holds.
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the image as multipart/form-data', { image: NO_IMAGE });
  }
  const { raw, image } = await readParts(request);
  const fields = parseOrThrow(portfolioImageFieldsSchema, raw);
  if (!image) throw badRequest(NO_IMAGE, { image: NO_IMAGE });
  return { fields, image };
}
