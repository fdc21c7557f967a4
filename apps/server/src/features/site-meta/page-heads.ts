import {
  defaultProfileFields,
  documentTitle,
  homeHead,
  matchPage,
  type PageMeta,
  PREVIEW_SIZE,
  pageDescription,
  previewImagePath,
  SYMBOL_PATTERN,
} from '@site/contract';
import type { HomeProfileFacts, PageFacts, PortfolioPageFacts } from '../../core/page-facts.js';
import { TtlCache } from '../../core/ttl-cache.js';
import type { MarketDataProvider } from '../../integrations/market-data/types.js';
import type { PageHead } from './page-head.js';

/** A stock page waits this long for its quote, then names the symbol alone (the quote still lands in the cache). */
export const STOCK_LOOKUP_TIMEOUT_MS = 800;
const STOCK_CACHE_TTL_MS = 5 * 60_000;
const SYMBOL_SHOWN_MAX = 20;

interface StockFacts {
  name: string;
  price: string;
}

const formatPrice = (price: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(price);
  } catch {
    return `${price.toFixed(2)} ${currency}`; // A code Intl does not know (GBp): the number and the code.
  }
};

/** Resolves with undefined after `ms` unless `promise` settles first; a rejection is undefined too. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

/** The owner when no profile can be read: the first start's (packages/contract/src/profile-defaults.ts). */
const DEFAULT_OWNER: HomeProfileFacts = {
  name: defaultProfileFields.name,
  title: defaultProfileFields.title,
  tagline: defaultProfileFields.tagline,
  links: defaultProfileFields.links.map((link) => link.url),
  updated_at: null,
  image: null,
};

/**
 * The head of every page the server sends (docs/api.md#pages): the static table of
 * packages/contract/src/page-meta.ts, the owner's name from the stored profile on every page (the
 * site name and every title's suffix) and for the home page the rest of it, for a stock page the
 * company and its price, for a shared Sudoku puzzle its level. Nothing here fails a page: a lookup
 * that errs or is slow is left out (the owner: the defaults).
 */
export function pageHeads(marketData: MarketDataProvider, pageFacts: PageFacts) {
  const stocks = new TtlCache<StockFacts | null>({ maxEntries: 500 });
  const sudokuLevels = new TtlCache<string | null>({ maxEntries: 500 });

  async function stockFacts(symbol: string): Promise<StockFacts | null | undefined> {
    if (!SYMBOL_PATTERN.test(symbol)) return null;
    const load = stocks.getOrLoad(symbol, STOCK_CACHE_TTL_MS, async () => {
      try {
        const quote = await marketData.getQuote(symbol);
        return { name: quote.shortName, price: formatPrice(quote.currentPrice, quote.currency) };
      } catch (error) {
        // An unknown symbol is remembered as such; an upstream failure is not cached (TtlCache).
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    });
    return within(load, STOCK_LOOKUP_TIMEOUT_MS);
  }

  async function sudokuLevel(share: string): Promise<string | null> {
    const read = pageFacts.get('sudokuShareLevel');
    // A real puzzle is 81 characters (spaces allowed between rows); anything far longer is not one.
    if (!read || share.length > 200) return null;
    return sudokuLevels.getOrLoad(share, STOCK_CACHE_TTL_MS, async () => read(share));
  }

  /** The owner as the admin last saved the profile; the defaults when no feature offers it or it fails. */
  async function owner(): Promise<HomeProfileFacts> {
    const read = pageFacts.get('homeProfile');
    return (read && (await read().catch(() => undefined))) ?? DEFAULT_OWNER;
  }

  /** The page's own title and description, with what the dynamic pages add; `owner`: the profile's name. */
  async function describe(meta: PageMeta, params: Record<string, string>, query: URLSearchParams, owner: string) {
    if (meta.pattern === '/apps/finance/stock/:symbol') {
      const shown = (params.symbol ?? '').toUpperCase().slice(0, SYMBOL_SHOWN_MAX);
      const facts = await stockFacts(shown);
      if (!facts) return { title: `${shown} stock`, description: `${shown}: ${meta.description}` };
      return {
        title: `${facts.name} (${shown}) · ${facts.price}`,
        description: `${facts.name} (${shown}) trades at ${facts.price}. ${meta.description}`,
      };
    }
    const share = query.get('p');
    if (meta.pattern === '/apps/sudoku/game' && share !== null) {
      const level = await sudokuLevel(share);
      // 'An easy', 'An expert': the article follows the level's first sound.
      const article = level && /^[aeiou]/.test(level) ? 'An' : 'A';
      const what = level ? `${article} ${level} Sudoku puzzle shared with you` : 'A Sudoku puzzle shared with you';
      return {
        title: level ? `${level.charAt(0).toUpperCase()}${level.slice(1)} Sudoku puzzle` : 'Shared Sudoku puzzle',
        description: `${what}: play it here, with pencil notes and explained hints.`,
      };
    }
    return { title: meta.title, description: pageDescription(meta, owner) };
  }

  /**
   * A published project's facts for its page's head; null for a draft or no project. `known`: what
   * the page's route already read for this request (site-meta.routes.ts), so it is not read twice.
   */
  async function projectFacts(slug: string, known: PortfolioPageFacts | null | undefined) {
    const read = pageFacts.get('portfolioProject');
    const facts = known !== undefined ? known : read && slug.length <= 200 ? await read(slug) : null;
    return facts && !facts.draft ? facts : null;
  }

  /**
   * The head of the page at `url` (path and query as requested); `base` is the site's origin ('' = unknown);
   * `project`: the project page's facts when the caller has read them already.
   */
  async function headFor(url: string, base: string, project?: PortfolioPageFacts | null): Promise<PageHead> {
    const { pathname, searchParams } = new URL(url, 'http://site.invalid');
    const { meta, params } = matchPage(pathname);
    // Every page names the owner (site name, title suffix): one read of one row per view, so an
    // edit shows on the next load of any page, on every instance (features/profile/index.ts).
    const [published, profile] = await Promise.all([
      meta.pattern === '/portfolio/:slug' ? projectFacts(params.slug ?? '', project) : null,
      owner(),
    ]);
    if (published) return projectHead(published, meta, base, profile.name);
    const home = meta.pattern === '/';
    const { title, description } = home ? homeHead(profile) : await describe(meta, params, searchParams, profile.name);
    // The canonical address keeps only what names the content: a share link's puzzle.
    const share = meta.pattern === '/apps/sudoku/game' ? searchParams.get('p') : null;
    const path = meta.pattern === '*' ? pathname : pathname.replace(/(.)\/+$/, '$1');
    const fullTitle = documentTitle(title, meta, profile.name);
    return {
      title: fullTitle,
      description,
      url: `${base}${path}${share === null ? '' : `?p=${encodeURIComponent(share)}`}`,
      image: { url: `${base}${previewImagePath(meta.image)}`, ...PREVIEW_SIZE, alt: fullTitle },
      type: home ? 'profile' : 'website',
      siteName: profile.name,
      noindex: meta.private === true,
      ...(home ? { jsonLd: personJsonLd(base, profile) } : {}),
    };
  }

  return { headFor };
}

/**
 * A project's page: its title and summary, its own image when it has one (size unknown), and
 * schema.org `CreativeWork` with its tags as keywords; `author`, the owner's name, is the site's too.
 */
function projectHead(project: PortfolioPageFacts, meta: PageMeta, base: string, author: string): PageHead {
  const title = documentTitle(project.title, meta, author);
  const url = `${base}/portfolio/${encodeURIComponent(project.slug)}`;
  const image = project.image
    ? { url: project.image.startsWith('/') ? `${base}${project.image}` : project.image, alt: project.title }
    : { url: `${base}${previewImagePath(meta.image)}`, ...PREVIEW_SIZE, alt: title };
  const description = project.summary || pageDescription(meta, author);
  return {
    title,
    description,
    url,
    image,
    type: 'website',
    siteName: author,
    noindex: false,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CreativeWork',
      name: project.title,
      description,
      url,
      image: image.url,
      dateCreated: project.created_at,
      dateModified: project.updated_at,
      ...(project.tags.length > 0 ? { keywords: project.tags.join(', ') } : {}),
      author: { '@type': 'Person', name: author, url: `${base}/` },
    },
  };
}

/**
 * schema.org `Person` for the home page, from the owner's profile: the tagline as its description,
 * the links as `sameAs` (each an http(s) address, docs/api.md#profile), the photo as `image`.
 */
export function personJsonLd(base: string, owner: HomeProfileFacts = DEFAULT_OWNER) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: owner.name,
    ...(owner.title ? { jobTitle: owner.title } : {}),
    ...(owner.tagline ? { description: owner.tagline } : {}),
    url: `${base}/`,
    ...(owner.links.length > 0 ? { sameAs: [...owner.links] } : {}),
    ...(owner.image ? { image: `${base}${owner.image}` } : {}),
  };
}

export type PageHeads = ReturnType<typeof pageHeads>;
