import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { samples } from './portfolio-samples.js';
import { SAMPLE_COVER_SIZE, sampleCoversWebp } from './sample-covers.js';

describe('pre-rendered sample covers', () => {
  it('has one valid WebP cover of the stated size per sample project', async () => {
    expect(sampleCoversWebp).toHaveLength(samples.length);
    for (const base64 of sampleCoversWebp) {
      const meta = await sharp(Buffer.from(base64, 'base64')).metadata();
      expect(meta.format).toBe('webp');
      expect({ width: meta.width, height: meta.height }).toEqual(SAMPLE_COVER_SIZE);
    }
  });
});
