// Writes the web manifest's PNG icons (public/pwa-*.png) from public/favicon.svg. Run after
// changing the favicon: `node apps/web/scripts/generate-pwa-icons.mjs`. The PNGs are committed,
// so a build needs neither sharp nor fonts (docs/architecture.md#service-worker-and-offline).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// A maskable icon is cropped to a circle or squircle by the launcher: a full-bleed square with the
// letters inside the middle 80 % safe zone.
const maskable = favicon
  .replace(/ rx="\d+"/, '')
  .replace('font-size="28"', 'font-size="22"')
  .replace('y="42"', 'y="40"');

const icons = [
  { file: 'pwa-192.png', svg: favicon, size: 192 },
  { file: 'pwa-512.png', svg: favicon, size: 512 },
  { file: 'pwa-maskable-512.png', svg: maskable, size: 512 },
];
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, file));
  console.log(`${file}: ${fs.statSync(path.join(publicDir, file)).size} bytes`);
}
