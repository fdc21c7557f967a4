import type { PortfolioFields } from '@site/contract';
import type { AppDeps } from '../../core/deps.js';
import { isUniqueViolation } from '../../db/errors.js';
import { processUpload } from './image-processing.js';
import { portfolioRepository } from './portfolio.repository.js';

const SEEDED_KEY = 'portfolio.samples_seeded';

const samples: (PortfolioFields & { colors: [string, string] })[] = [
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

/** Abstract cover art drawn from SVG (no bundled binaries, no fonts needed). */
function coverSvg([from, to]: [string, string], seed: number): string {
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 97 + i * 173) % 1200;
    const y = (seed * 53 + i * 131) % 630;
    const r = 60 + ((seed + i * 37) % 140);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="white" fill-opacity="${0.08 + (i % 3) * 0.05}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1200" height="630" fill="url(#g)"/>${circles}</svg>`;
}

/**
 * A fresh install shows a few sample projects so the page is not empty. They are added once per
 * database (remembered in site_settings), so deleting them is final.
 */
export async function seedSampleProjects(deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const seeded = await db.selectFrom('site_settings').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  if (seeded) return;
  try {
    await db.insertInto('site_settings').values({ key: SEEDED_KEY, value: new Date().toISOString() }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return; // Another instance is seeding right now.
    throw error;
  }
  const repository = portfolioRepository(db);
  if ((await repository.count()) > 0) return;
  const { default: sharp } = await import('sharp');
  for (const [index, { colors, ...fields }] of samples.entries()) {
    const png = await sharp(Buffer.from(coverSvg(colors, index + 1)))
      .png()
      .toBuffer();
    await repository.create(fields, await processUpload(png));
  }
}
