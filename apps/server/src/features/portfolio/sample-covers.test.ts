import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { widthsFor } from './image-processing.js';
import { samples } from './portfolio-samples.js';
import { SAMPLE_COVER_SIZE, sampleCovers } from './sample-covers.js';

describe('pre-rendered sample covers', () => {
  it('has, per sample project, every width an upload of its size gets, in AVIF and WebP, and a placeholder', async () => {
    expect(sampleCovers).toHaveLength(samples.length);
    const sharpFormat = { avif: 'heif', webp: 'webp' } as const;
    for (const cover of sampleCovers) {
      const widths = widthsFor(SAMPLE_COVER_SIZE.width);
      expect(cover.files.map((f) => [f.format, f.width]).sort()).toEqual(
        widths
          .flatMap((w) => [
            ['avif', w],
            ['webp', w],
          ])
          .sort(),
      );
      const hash = createHash('sha256');
      for (const file of cover.files) {
        const data = Buffer.from(file.base64, 'base64');
        hash.update(data);
        const meta = await sharp(data).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: sharpFormat[file.format],
          width: file.width,
          height: file.height,
        });
      }
      // The version names the files, as an upload's does: their URLs are cached for good.
      expect(cover.version).toBe(hash.digest('hex').slice(0, 32));
      expect(cover.placeholder).toMatch(/^data:image\/webp;base64,/);
    }
  });
});
