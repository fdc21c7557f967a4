import { createHash } from 'node:crypto';
import { HttpError } from '../../core/http-errors.js';

export type SniffedType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/**
 * The image type from the file's first bytes. The name and the declared type are the uploader's
 * word; these signatures are the file's own.
 */
export function sniffImageType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/webp';
  etag: string;
  width: number;
  height: number;
}

/** Longest side of the stored, web-friendly version. */
const MAX_SIDE = 1600;
/** Refuses decompression bombs: a small file that decodes to a gigantic bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;

export const UNSUPPORTED_IMAGE = 'The image must be a PNG, JPEG, WebP or GIF file';

/**
 * Checks the upload really is one of the accepted formats, then stores a resized WebP (animation
 * kept, EXIF orientation applied, metadata dropped).
 */
export async function processUpload(bytes: Buffer): Promise<ProcessedImage> {
  if (!sniffImageType(bytes)) throw new HttpError(415, UNSUPPORTED_IMAGE, { image: UNSUPPORTED_IMAGE });
  // sharp (libvips) is loaded on the first upload, not at start-up, to keep an idle server small.
  const { default: sharp } = await import('sharp');
  try {
    const { data, info } = await sharp(bytes, { animated: true, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: 'image/webp',
      etag: createHash('sha256').update(data).digest('hex').slice(0, 32),
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch {
    // Right signature, broken body (or too many pixels): still not an image we can use.
    const message = 'The image could not be read. It may be damaged or too large in pixels.';
    throw new HttpError(415, message, { image: message });
  }
}
