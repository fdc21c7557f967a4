import { createHash } from 'node:crypto';
import type { Item } from 'feed';
import { renderMarkdown } from './markdown.js';
import type { FeedProject } from './portfolio.repository.js';

/** At most this many projects in a feed, the newest first (docs/api.md#feeds). */
export const FEED_LIMIT = 50;

export type FeedFormat = 'rss' | 'json';

export interface FeedDocument {
  body: string;
  /** A strong ETag of `body`. */
  etag: string;
  contentType: string;
}

const CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** The feeds' addresses at the site's root; the page heads link them (features/site-meta/page-head.ts). */
export const FEED_PATHS: Record<FeedFormat, string> = { rss: '/rss.xml', json: '/feed.json' };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

/**
 * Characters XML 1.0 cannot hold at all (controls, lone surrogates, U+FFFE/U+FFFF): the forms
 * refuse controls (docs/api.md#text), but one such character would make the whole feed unreadable.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
/**
 * Text in a CDATA section (the feed library writes titles, descriptions and content there). Its
 * writer splits only the first ']]>' of a text, so a second would end the section early: each one
 * gets a space instead. The sanitised HTML never holds one (its text's '>' is `&gt;`); a title may.
 */
const cdataText = (text: string) => text.replace(NOT_XML, '').replaceAll(']]>', ']] >');

/** Site-relative links in a body (`/apps/todo`) made absolute: a feed reader has no page to resolve them against. */
const absoluteLinks = (html: string, base: string) => html.replace(/ href="\/(?!\/)/g, ` href="${base}/`);

/**
 * A project's lasting id (RFC 4151 tag URI, whose authority is a host name without a port): the
 * address changes with the slug, and a reader that saw a new id would show the project again as new.
 */
const projectId = (base: string, project: FeedProject) =>
  `tag:${new URL(base).hostname},${project.created_at.slice(0, 10)}:portfolio/${project.id}`;

interface FeedInput {
  format: FeedFormat;
  /** The site's address, never '' (the routes answer 404 first). */
  base: string;
  /** The owner's name, as the profile gives it. */
  owner: string;
  projects: FeedProject[];
  /** Each project's body as HTML, in the order of `projects`. */
  bodies: string[];
}

/** The `feed` library, loaded with the first feed asked for rather than at start. */
const feedLibrary = () => import('feed');

async function buildFeed({ format, base, owner, projects, bodies }: FeedInput): Promise<string> {
  const { Feed } = await feedLibrary();
  const rss = format === 'rss';
  const text = (value: string) => (rss ? cdataText(value) : value);
  const newest = projects.reduce((latest, p) => (p.updated_at > latest ? p.updated_at : latest), '');
  const feed = new Feed({
    title: text(`Portfolio · ${owner}`),
    description: text(`Projects by ${owner}: what each one does and the technology behind it.`),
    id: `${base}/portfolio`,
    link: `${base}/portfolio`,
    language: 'en',
    image: `${base}/pwa-512.png`,
    // The newest change, not the time of the request: the same projects give the same document
    // (and ETag). An empty feed says the Unix epoch.
    updated: new Date(newest || 0),
    feedLinks: { rss: `${base}${FEED_PATHS.rss}`, json: `${base}${FEED_PATHS.json}` },
    author: { name: owner, link: `${base}/` },
  });
  for (const [index, project] of projects.entries()) {
    const summary = project.summary || project.description;
    // The body as the project's page shows it (rendered and sanitised once, markdown.ts), else the summary.
    const html = bodies[index] || (summary ? `<p>${escapeHtml(summary)}</p>` : '');
    const item: Item = {
      title: text(project.title),
      id: projectId(base, project),
      link: `${base}/portfolio/${encodeURIComponent(project.slug)}`,
      date: new Date(project.updated_at),
      published: new Date(project.created_at),
      // RSS's description is HTML; JSON Feed's summary is plain text.
      ...(summary ? { description: rss ? cdataText(escapeHtml(summary)) : summary } : {}),
      ...(html ? { content: text(absoluteLinks(html, base)) } : {}),
      category: project.tags.map((tag) => ({ name: text(tag) })),
      // The cover is the largest WebP of the first image; its size in bytes is not at hand (RSS: 0 then).
      ...(project.image ? { image: { url: `${base}${project.image}`, type: 'image/webp', length: 0 } } : {}),
    };
    feed.addItem(item);
  }
  return rss ? feed.rss2() : jsonFeed11(feed.json1());
}

/**
 * The library writes JSON Feed 1.0; 1.1 (https://www.jsonfeed.org/version/1.1/) renames `author`
 * to `authors`, adds `language`, and wants `image` as an address (the library copies the RSS
 * enclosure object).
 */
function jsonFeed11(json1: string): string {
  const { author, items, ...feed } = JSON.parse(json1) as Record<string, unknown> & {
    author?: object;
    items: (Record<string, unknown> & { image?: { url: string } })[];
  };
  return JSON.stringify({
    ...feed,
    version: 'https://jsonfeed.org/version/1.1',
    language: 'en',
    ...(author ? { authors: [author] } : {}),
    items: items.map(({ image, ...item }) => ({ ...item, ...(image ? { image: image.url } : {}) })),
  });
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('base64url');

/** Documents kept per instance: the two formats for a base or two, until the projects change. */
const MAX_KEPT = 8;

/**
 * The feeds of the published projects (docs/api.md#feeds). Each request reads the newest
 * `FEED_LIMIT` projects (one bounded query); the same projects, base and owner give the document
 * built last time, so a reader's revalidation costs that read and a hash, not a render.
 */
export function portfolioFeeds(
  repository: { feedItems(limit: number): Promise<FeedProject[]> },
  ownerName: () => Promise<string>,
) {
  const kept = new Map<string, FeedDocument>();
  return {
    async document(format: FeedFormat, base: string): Promise<FeedDocument> {
      const [projects, owner] = await Promise.all([repository.feedItems(FEED_LIMIT), ownerName()]);
      const key = sha1(JSON.stringify([format, base, owner, projects]));
      const found = kept.get(key);
      if (found) return found;
      const bodies = await Promise.all(projects.map((project) => renderMarkdown(project.body)));
      const body = await buildFeed({ format, base, owner, projects, bodies });
      const document = { body, etag: `"${sha1(body)}"`, contentType: CONTENT_TYPES[format] };
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(key, document);
      return document;
    },
  };
}

export type PortfolioFeeds = ReturnType<typeof portfolioFeeds>;
