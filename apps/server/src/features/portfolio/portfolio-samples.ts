import type { PortfolioForm } from '@site/contract';
import type { ProcessedImage } from './image-processing.js';
import type { PortfolioRepository } from './portfolio.repository.js';
import { SAMPLE_COVER_SIZE, sampleCovers } from './sample-covers.js';

/**
 * Each sample's cover is drawn from its two colours (see scripts/render-sample-covers.ts). They
 * describe this site's own apps, so each page links to the app it describes and shows what a
 * project page holds: a body in Markdown (with highlighted code), a role and a period.
 */
export const samples: (PortfolioForm & { colors: [string, string] })[] = [
  {
    title: 'Personal site and app suite',
    description:
      'This website: five small apps behind one typed API, running offline on demo data or live on real services.',
    technology: 'TypeScript, React, Mantine, Fastify, Kysely, SQLite, PostgreSQL, Redis',
    backend_features:
      'Session and token auth with CSRF protection, zod-validated API with OpenAPI docs, migrations for SQLite and PostgreSQL',
    frontend_features: 'Lazy-loaded routes, typed API client, accessible modals and keyboard support',
    role: 'Design, back end and front end',
    period_start: '2024-01',
    ongoing: true,
    links: { source: '', demo: '/', writeup: '' },
    body: [
      'One TypeScript codebase: a Fastify server, a React front end and a **contract package** between them that both import, so a call the server does not offer does not compile.',
      '',
      '```ts',
      'export const endpoints = {',
      "  list: endpoint(routes.todo.list, { method: 'GET', response: todoListSchema }),",
      '};',
      '```',
      '',
      'It runs offline on demo data (SQLite) and live on real services (PostgreSQL, Redis) by environment variables alone.',
    ].join('\n'),
    colors: ['#1c7ed6', '#15aabf'],
  },
  {
    title: 'Paper-trading simulator',
    description: 'Simulated wallets that buy and sell stocks at server-side prices, with history and charts.',
    technology: 'TypeScript, lightweight-charts, PostgreSQL',
    backend_features: 'Money in integer cents, atomic trades that can never overdraw a wallet, batched quotes',
    frontend_features: 'Price and wallet-value charts with pan and zoom, watchlist',
    role: 'Back end and front end',
    period_start: '2024-06',
    ongoing: true,
    links: { source: '', demo: '/apps/finance', writeup: '/docs/finance' },
    body: [
      'Wallets start with play money and trade at the **server’s price**, never the one a browser sends. Money is kept in whole cents, so a sequence of trades cannot create or lose a cent:',
      '',
      '```ts',
      'const costCents = Math.round(quantity * priceCents);',
      'if (costCents > wallet.balanceCents) throw badRequest("Insufficient funds");',
      '```',
    ].join('\n'),
    colors: ['#2b8a3e', '#94d82d'],
  },
  {
    title: 'Sudoku engine',
    description: 'A puzzle generator and human-style grader that serves only puzzles with exactly one solution.',
    technology: 'TypeScript',
    backend_features: 'Bitmask solver, technique-based difficulty grading, background puzzle pool',
    frontend_features: 'Keyboard play, pencil notes, undo and redo, conflict highlighting',
    role: 'Solver, grader and game',
    period_start: '2024-03',
    period_end: '2024-09',
    links: { source: '', demo: '/apps/sudoku', writeup: '/docs/sudoku' },
    body: [
      'Every puzzle is graded by the techniques a person would need to solve it, from naked singles to X-wings, and served only when it has **exactly one** solution.',
      '',
      '```ts',
      'const candidates = ALL_DIGITS & ~(rows[r] | cols[c] | boxes[boxOf(r, c)]);',
      '```',
    ].join('\n'),
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
