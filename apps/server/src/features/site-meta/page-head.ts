import { scriptJson } from '../../core/script-json.js';

/** What one page's head says about it (docs/api.md#pages); every URL absolute. */
export interface PageHead {
  /** The whole document title. */
  title: string;
  description: string;
  /** The page's address without tracking noise: og:url and the canonical link. */
  url: string;
  /** og:image: a build-time preview (1200×630) or a portfolio project's own image (size unknown). */
  image: { url: string; width?: number; height?: number; alt: string };
  type: 'website' | 'profile';
  siteName: string;
  /** `noindex`: a signed-in or one-time page, or no page at all. */
  noindex: boolean;
  /** Structured data (schema.org) written as JSON-LD. */
  jsonLd?: object;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML attribute or element: every character that could end either is escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`;

/**
 * The feeds of the published projects every page offers (docs/api.md#feeds; features/portfolio
 * serves them). They exist only where the site's address is known, as does an absolute page
 * address: without one they answer 404, so no page links them.
 */
export const FEED_LINKS = [
  { type: 'application/rss+xml', path: '/rss.xml', format: 'RSS' },
  { type: 'application/feed+json', path: '/feed.json', format: 'JSON Feed' },
] as const;

function feedLinks(head: PageHead): string[] {
  if (!/^https?:\/\//.test(head.url)) return [];
  const { origin } = new URL(head.url);
  return FEED_LINKS.map(
    ({ type, path, format }) =>
      `<link rel="alternate" type="${type}" title="${escapeHtml(`Portfolio · ${head.siteName} (${format})`)}" href="${escapeHtml(`${origin}${path}`)}" />`,
  );
}

/** The tags for `head`, one per line. */
export function headTags(head: PageHead): string {
  const { image } = head;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:image', image.url),
    image.width ? meta('property', 'og:image:width', image.width) : '',
    image.height ? meta('property', 'og:image:height', image.height) : '',
    meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image.url),
    meta('name', 'twitter:image:alt', image.alt),
    ...feedLinks(head),
    // JSON-LD is data, not script: the CSP's script-src 'self' does not apply to it.
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Tags the page's own HTML may already carry (the built index.html, a pre-rendered page): ours replace them. */
const REPLACED_TAGS = [
  /<title>[\s\S]*?<\/title>\s*/gi,
  /<meta\s+name="(?:description|robots|twitter:[\w:]+)"[^>]*>\s*/gi,
  /<meta\s+property="og:[\w:]+"[^>]*>\s*/gi,
  /<link\s+rel="canonical"[^>]*>\s*/gi,
  /<link\s+rel="alternate"\s+type="application\/(?:rss\+xml|feed\+json)"[^>]*>\s*/gi,
  /<script\s+type="application\/ld\+json">[\s\S]*?<\/script>\s*/gi,
];

/** A page's HTML split where our tags go, with the tags it had removed. */
interface PageParts {
  before: string;
  after: string;
}

/**
 * The parts of each page file the server sends (a handful, read once): a pre-rendered page's head
 * holds its inlined CSS, so removing the old tags scans ~80 kB, 0.28 ms, which a page view need
 * not repeat. Keyed by the HTML itself; an HTML seen for the first time past the bound is split
 * but not kept.
 */
const partsCache = new Map<string, PageParts | null>();
const MAX_CACHED_PAGES = 64;

function pageParts(html: string): PageParts | null {
  let parts = partsCache.get(html);
  if (parts !== undefined) return parts;
  const headEnd = html.search(/<\/head>/i);
  parts =
    headEnd < 0
      ? null
      : {
          before: REPLACED_TAGS.reduce((text, tag) => text.replace(tag, ''), html.slice(0, headEnd)).trimEnd(),
          after: html.slice(headEnd),
        };
  if (partsCache.size < MAX_CACHED_PAGES) partsCache.set(html, parts);
  return parts;
}

/**
 * `html` (a whole page) with its head describing `head`: the title, description, canonical, robots,
 * OpenGraph, Twitter, feed and JSON-LD tags it had are removed and ours go just before `</head>`.
 */
export function renderHead(html: string, head: PageHead): string {
  const parts = pageParts(html);
  if (!parts) return html;
  return `${parts.before}\n    ${headTags(head)}\n  ${parts.after}`;
}
