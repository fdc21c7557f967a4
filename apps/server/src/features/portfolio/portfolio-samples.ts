import type { PortfolioFields } from '@site/contract';
import type { ProcessedImage } from './image-processing.js';
import type { PortfolioRepository } from './portfolio.repository.js';
import { SAMPLE_COVER_SIZE, sampleCovers } from './sample-covers.js';

/** Each sample's cover is drawn from its two colours (see scripts/render-sample-covers.ts). */
export const samples: (PortfolioFields & { colors: [string, string] })[] = [
  {
    title: 'Personal site and app suite',
    description:
      'This website: five small apps behind one typed API, running offline on demo data or live on real services.',
    technology: 'TypeScript, React, Mantine, Fastify, Kysely, SQLite, PostgreSQL, Redis',
    backend_features:
      'Session and token auth with CSRF protection, zod-validated API with OpenAPI docs, migrations for SQLite and PostgreSQL',
    frontend_features: 'Lazy-loaded routes, typed API client, accessible modals and keyboard support',
    colors: ['#1c7ed6', '#15aabf'],
  },
  {
    title: 'Paper-trading simulator',
    description: 'Simulated wallets that buy and sell stocks at server-side prices, with history and charts.',
    technology: 'TypeScript, lightweight-charts, PostgreSQL',
    backend_features: 'Money in integer cents, atomic trades that can never overdraw a wallet, batched quotes',
    frontend_features: 'Price and wallet-value charts with pan and zoom, watchlist',
    colors: ['#2b8a3e', '#94d82d'],
  },
  {
    title: 'Sudoku engine',
    description: 'A puzzle generator and human-style grader that serves only puzzles with exactly one solution.',
    technology: 'TypeScript',
    backend_features: 'Bitmask solver, technique-based difficulty grading, background puzzle pool',
    frontend_features: 'Keyboard play, pencil notes, undo and redo, conflict highlighting',
    colors: ['#862e9c', '#e64980'],
  },
];

/**
 * A fresh install shows a few sample projects so the page is not empty. They are added once per
 * database (remembered in site_settings), so deleting them is final.
 */
export async function seedSampleProjects(repository: PortfolioRepository): Promise<void> {
  if (!(await repository.claimSampleSeeding())) return;
  if ((await repository.count()) > 0) return;
  for (const [index, { colors: _colors, ...fields }] of samples.entries()) {
    await repository.create(fields, sampleCover(index));
  }
}

/**
 * The covers are rendered once, ahead of time, into `sample-covers.ts` (each width and format an
 * upload gets, and the placeholder): a first start then needs no image library (sharp would add
 * ~300 ms and ~40 MB that stay for the life of the process).
 */
function sampleCover(index: number): ProcessedImage | undefined {
  const cover = sampleCovers[index];
  if (cover === undefined) return undefined;
  return {
    ...SAMPLE_COVER_SIZE,
    placeholder: cover.placeholder,
    version: cover.version,
    files: cover.files.map(({ base64, ...file }) => ({ ...file, data: Buffer.from(base64, 'base64') })),
  };
}
