import { createHash } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_WIDTHS } from '@site/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../core/http-errors.js';
import { sniffImageType } from '../../core/image-type.js';
import { readFilePart, singleFileBodyLimit } from '../../core/multipart-upload.js';

/** The largest upload body: the file and its multipart framing. */
export const AVATAR_BODY_LIMIT = singleFileBodyLimit(AVATAR_MAX_BYTES);

/**
 * Refuses decompression bombs: a small file that decodes to a gigantic bitmap (the same bound as
 * the portfolio's images, docs/decisions.md#project-images-a-gallery-in-several-widths).
 */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;
const WEBP = { quality: 82 } as const;

const TOO_LARGE = `The photo must be ${AVATAR_MAX_BYTES / 1024 / 1024} MB or smaller`;
export const NOT_AN_IMAGE = 'The photo must be a PNG, JPEG, WebP or GIF file';
const UNREADABLE = 'The photo could not be read. It may be damaged or too large in pixels.';

/** The square sizes to store for a photo whose shorter side is `side`: never enlarged. */
export function avatarWidthsFor(side: number): number[] {
  const widths: number[] = AVATAR_WIDTHS.filter((w) => w < side);
  const top = Math.min(side, AVATAR_WIDTHS[AVATAR_WIDTHS.length - 1] as number);
  if (!widths.includes(top)) widths.push(top);
  return widths;
}

export interface AvatarFile {
  width: number;
  data: Buffer;
}

/** An upload, checked and encoded: square WebP files and their version (a hash of them). */
export interface ProcessedAvatar {
  version: string;
  files: AvatarFile[];
}

/**
 * Checks the upload is one of the accepted formats, then crops it square around its most
 * interesting part (libvips' attention strategy: skin tones, saturation, edges) and encodes it as
 * WebP at each size (EXIF orientation applied, metadata dropped, an animation's first frame).
 */
export async function processAvatar(bytes: Buffer): Promise<ProcessedAvatar> {
  if (!sniffImageType(bytes)) throw new HttpError(415, NOT_AN_IMAGE, { file: NOT_AN_IMAGE });
  // sharp (libvips) is loaded on the first upload, not at start-up, to keep an idle server small.
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS }).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width === 0 || height === 0 || width * height > AVATAR_MAX_INPUT_PIXELS) throw new Error('size');
    const source = sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS }).rotate();
    const files = await Promise.all(
      avatarWidthsFor(Math.min(width, height)).map(async (w) => ({
        width: w,
        data: await source
          .clone()
          .resize({ width: w, height: w, fit: 'cover', position: 'attention' })
          .webp(WEBP)
          .toBuffer(),
      })),
    );
    const hash = createHash('sha256');
    for (const file of files) hash.update(file.data);
    return { version: hash.digest('hex').slice(0, 32), files };
  } catch {
    // Right signature, broken body (or too many pixels): still not a photo we can use.
    throw new HttpError(415, UNREADABLE, { file: UNREADABLE });
  }
}

/** The `file` part of the upload (core/multipart-upload.ts): 400 without one, 413 too large. */
export async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  const { data } = await readFilePart(request, {
    maxBytes: AVATAR_MAX_BYTES,
    subject: 'the photo',
    fileAs: 'the photo',
    tooLarge: TOO_LARGE,
    missing: 'Choose a photo to upload',
  });
  return data;
}
