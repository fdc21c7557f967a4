#!/usr/bin/env node
// Draws the link-preview images (og:image, 1200×630 PNG) of the home page, the portfolio and each
// app into the web build's og/ folder (docs/api.md#pages, docs/decisions.md). Run by `npm run build`
// after the web build; `node scripts/og-images.mjs [dist]` on its own (apps/web/dist by default).
// sharp (a server dependency, prebuilt binaries from the npm registry) renders an SVG composed here,
// so the build needs nothing from the network. The names and titles come from the contract's page
// table, which the server's og:image tags use too.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
// The contract's built output: `npm run build` builds it first.
const { PAGES, PREVIEW_IMAGES, PREVIEW_SIZE, siteOwner } = await import(
  path.join(root, 'packages/contract/dist/page-meta.js')
);

/** The site's blue (favicon, theme-color) and a few of Mantine's colours, one per app. */
const ACCENTS = {
  home: '#1c7ed6',
  portfolio: '#7048e8',
  forecast: '#1098ad',
  sudoku: '#862e9c',
  todo: '#2b8a3e',
  finance: '#e8590c',
};

const escapeXml = (text) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** Splits `text` into lines of at most `max` characters, at spaces. */
function wrap(text, max) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function svg(image) {
  const { width, height } = PREVIEW_SIZE;
  const page = PAGES.find((p) => p.image === image);
  const accent = ACCENTS[image];
  const heading = image === 'home' ? siteOwner.name : page.title;
  const lines = wrap(page.description, 46).slice(0, 3);
  const font = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${accent}"/>
      <stop offset="1" stop-color="#1864ab"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect x="60" y="60" width="${width - 120}" height="${height - 120}" rx="36" fill="#ffffff"/>
  <rect x="110" y="110" width="96" height="96" rx="22" fill="#1c7ed6"/>
  <text x="158" y="174" font-family="${font}" font-size="42" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(
    siteOwner.name
      .split(' ')
      .map((w) => w[0])
      .join(''),
  )}</text>
  <text x="236" y="152" font-family="${font}" font-size="30" font-weight="700" fill="#212529">${escapeXml(siteOwner.name)}</text>
  <text x="236" y="192" font-family="${font}" font-size="26" fill="#495057">${escapeXml(siteOwner.jobTitle)}</text>
  <text x="110" y="320" font-family="${font}" font-size="76" font-weight="700" fill="${accent}">${escapeXml(heading)}</text>
  ${lines
    .map(
      (line, i) =>
        `<text x="110" y="${400 + i * 48}" font-family="${font}" font-size="36" fill="#343a40">${escapeXml(line)}</text>`,
    )
    .join('\n  ')}
</svg>`;
}

await fs.mkdir(path.join(dist, 'og'), { recursive: true });
for (const image of PREVIEW_IMAGES) {
  const file = path.join(dist, 'og', `${image}.png`);
  await sharp(Buffer.from(svg(image)))
    .png({ compressionLevel: 9, palette: true })
    .toFile(file);
}
console.log(`Preview images: ${PREVIEW_IMAGES.length} written to ${path.relative(root, path.join(dist, 'og'))}/`);
