import { PAGES } from '@site/contract';
import { escapeHtml } from './page-head.js';

/** The public pages without parameters: what a search engine may list (docs/api.md#pages). */
export const sitemapPaths = () =>
  PAGES.filter((page) => !page.private && !page.pattern.includes(':') && page.pattern !== '/apps/sudoku/game').map(
    (page) => page.pattern,
  );

/**
 * sitemap.xml (sitemaps.org 0.9) of the public pages, absolute from `base`, with the day a page
 * last changed where `lastmods` knows it (`/`: the owner's profile), and `more` after them (the
 * published projects' pages, with the day each last changed).
 */
export function sitemapXml(
  base: string,
  more: { path: string; lastmod?: string }[] = [],
  lastmods: Partial<Record<string, string>> = {},
): string {
  const urls = [...sitemapPaths().map((path) => ({ path, lastmod: lastmods[path] })), ...more].map(
    ({ path, lastmod }) =>
      `  <url><loc>${escapeHtml(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt: every page may be crawled (private ones say noindex themselves); the sitemap's
 * absolute address when the site's is known (`base` not '').
 */
export function robotsTxt(base: string): string {
  return `User-agent: *\nAllow: /\n${base ? `\nSitemap: ${base}/sitemap.xml\n` : ''}`;
}
