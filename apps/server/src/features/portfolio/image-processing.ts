import { createHash } from 'node:crypto';
import { PORTFOLIO_IMAGE_WIDTHS, type PortfolioImageFormat } from '@site/contract';
import { HttpError } from '../../core/http-errors.js';
import { sniffImageType } from '../../core/image-type.js';

/** One encoded file of an image. */
export interface ImageFile {
  format: PortfolioImageFormat;
  width: number;
  height: number;
  data: Buffer;
}

/** An upload, checked and encoded: what the gallery stores. */
export interface ProcessedImage {
  /** The original's size after its EXIF rotation. */
  width: number;
  height: number;
  /** A 16 px wide WebP as a data: URI, shown blurred until the image loads ('' for none). */
  placeholder: string;
  /** A hash of the files: their URLs carry it, so each URL is cached for good. */
  version: string;
  files: ImageFile[];
}

/** Refuses decompression bombs: a small file that decodes to a gigantic bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;
const PLACEHOLDER_WIDTH = 16;
/**
 * AVIF at libvips' default effort (4) took 33 s for the four widths of a 1600 px photo on a 2-core
 * machine; effort 2 took 1.5 s, effort 1 0.3 s with files no larger
 * (docs/decisions.md#project-images-a-gallery-in-several-widths).
 */
const AVIF = { quality: 55, effort: 1 } as const;
const WEBP = { quality: 80 } as const;

export const UNSUPPORTED_IMAGE = 'The image must be a PNG, JPEG, WebP or GIF file';

/**
 * The widths to store for an original this wide: the standard widths below it, and its own width
 * when it is narrower than the largest (an image is never enlarged).
 */
export function widthsFor(originalWidth: number): number[] {
  const largest = PORTFOLIO_IMAGE_WIDTHS[PORTFOLIO_IMAGE_WIDTHS.length - 1] as number;
  const widths: number[] = PORTFOLIO_IMAGE_WIDTHS.filter((w) => w < originalWidth);
  const top = Math.min(originalWidth, largest);
  if (!widths.includes(top)) widths.push(top);
  return widths;
}

/**
 * Checks the upload really is one of the accepted formats, then encodes it as AVIF and WebP at
 * each width (EXIF orientation applied, metadata dropped, the first frame of an animation), plus
 * the blur placeholder.
 */
export async function processUpload(bytes: Buffer): Promise<ProcessedImage> {
  if (!sniffImageType(bytes)) throw new HttpError(415, UNSUPPORTED_IMAGE, { image: UNSUPPORTED_IMAGE });
  // sharp (libvips) is loaded on the first upload, not at start-up, to keep an idle server small.
  const { default: sharp } = await import('sharp');
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // EXIF orientations 5 to 8 turn the picture a quarter: its width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    const fullWidth = (turned ? meta.height : meta.width) ?? 0;
    const fullHeight = (turned ? meta.width : meta.height) ?? 0;
    if (fullWidth * fullHeight > MAX_INPUT_PIXELS || fullWidth === 0 || fullHeight === 0) throw new Error('size');
    const widths = widthsFor(fullWidth);
    const heightAt = (w: number) => Math.max(1, Math.round((fullHeight * w) / fullWidth));
    const encode = async (format: PortfolioImageFormat, width: number): Promise<ImageFile> => {
      const resized = source.clone().resize({ width, height: heightAt(width), fit: 'fill' });
      const { data, info } = await (format === 'avif' ? resized.avif(AVIF) : resized.webp(WEBP)).toBuffer({
        resolveWithObject: true,
      });
      return { format, width: info.width, height: info.height, data };
    };
    const [files, tiny] = await Promise.all([
      Promise.all(widths.flatMap((w) => [encode('avif', w), encode('webp', w)])),
      source
        .clone()
        .resize({ width: PLACEHOLDER_WIDTH, height: heightAt(PLACEHOLDER_WIDTH), fit: 'fill' })
        .webp({ quality: 40 })
        .toBuffer(),
    ]);
    const hash = createHash('sha256');
    for (const file of files) hash.update(file.data);
    return {
      width: fullWidth,
      height: fullHeight,
      placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
      version: hash.digest('hex').slice(0, 32),
      files,
    };
  } catch {
    // Right signature, broken body (or too many pixels): still not an image we can use.
    const message = 'The image could not be read. It may be damaged or too large in pixels.';
    throw new HttpError(415, message, { image: message });
  }
}
