/**
 * Each page's title, description and preview image as plain data (docs/api.md#pages), shared by the
 * server, which writes them into the HTML it sends, and the web app, which keeps `document.title`
 * in step as the route changes. No zod here: the web app's first page imports it.
 */

/** The site's owner: the home page's hero, its JSON-LD `Person` and every title's suffix. */
export const siteOwner = {
  name: 'Alex Morgan',
  jobTitle: 'Full-Stack Developer',
  /** The owner's profiles elsewhere (JSON-LD `sameAs`): absolute URLs; none yet. */
  profiles: [] as readonly string[],
} as const;

/**
 * og:site_name, and what follows ' · ' in every page title but the home page's, as the build knows
 * it: the server writes the owner's name from the stored profile instead (docs/api.md#pages).
 */
export const SITE_NAME = siteOwner.name;

/** The preview images `npm run build` draws (scripts/og-images.mjs), 1200×630, under /og/. */
export const PREVIEW_IMAGES = ['home', 'portfolio', 'forecast', 'sudoku', 'todo', 'finance'] as const;
export type PreviewImage = (typeof PREVIEW_IMAGES)[number];
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;
export const previewImagePath = (image: PreviewImage) => `/og/${image}.png`;

export interface PageMeta {
  /** The route pattern, react-router style (`:name` parameters). */
  readonly pattern: string;
  /** The page's own title; the document title adds ' · ' and the site name (home: used as is). */
  readonly title: string;
  readonly description: string;
  /** For a description that names the owner: it written for another name (the profile's). */
  readonly describeFor?: (owner: string) => string;
  readonly image: PreviewImage;
  /** Signed-in or one-time pages: `noindex`, and left out of the sitemap. */
  readonly private?: true;
  /**
   * What the pre-rendered HTML holds (docs/decisions.md#pre-rendered-pages): the page in its
   * loading state (the default), or only the frame around it ('shell') when its first render
   * depends on the address's parameters or query, or on who is signed in.
   */
  readonly prerender?: 'shell';
  /**
   * Drawn by the server at request time with its data (docs/decisions.md#pages-rendered-with-their-data):
   * public answers, or the visitor's session and own answers for a page that depends on who asks,
   * so what the page shows first is in the HTML; the pre-rendered page stays the fallback.
   */
  readonly data?: true;
}

/**
 * The home page's title and description for the owner as the profile names them (docs/api.md#pages):
 * the server writes them from the stored profile, the web app once the profile's answer is in, and
 * the page table from the first start's defaults. Without a job title, the name alone.
 */
export function homeHead(owner: { name: string; title: string }) {
  const who = owner.title ? `${owner.name}, ${owner.title.toLowerCase()}` : owner.name;
  return {
    title: owner.title ? `${owner.name} · ${owner.title}` : owner.name,
    description: `${who}: portfolio and small apps (weather, Sudoku, to-do, finance).`,
  };
}

const HOME_HEAD = homeHead({ name: siteOwner.name, title: siteOwner.jobTitle });

function portfolioDescription(owner: string) {
  return `Projects by ${owner}: what each one does, the technology behind it and its front- and back-end features.`;
}
function projectDescription(owner: string) {
  return `A project by ${owner}: what it does, the role, the period and the technology behind it.`;
}

/** A page's description for the owner named `owner` (the stored profile's name on the server). */
export const pageDescription = (meta: PageMeta, owner: string) => meta.describeFor?.(owner) ?? meta.description;

/** Every page route of docs/product.md#screens, in the order the sitemap lists them. */
export const PAGES: readonly PageMeta[] = [
  {
    pattern: '/',
    // Drawn with the owner's profile (GET /api/profile), which the admin edits.
    data: true,
    title: HOME_HEAD.title,
    description: HOME_HEAD.description,
    image: 'home',
  },
  {
    pattern: '/portfolio',
    data: true,
    title: 'Portfolio',
    description: portfolioDescription(siteOwner.name),
    describeFor: portfolioDescription,
    image: 'portfolio',
  },
  {
    pattern: '/portfolio/:slug',
    data: true,
    title: 'Project',
    description: projectDescription(siteOwner.name),
    describeFor: projectDescription,
    image: 'portfolio',
    prerender: 'shell',
  },
  {
    pattern: '/apps/forecast',
    title: 'Forecast',
    description: 'Weather for any address: current conditions, a daily and hourly forecast, air quality and alerts.',
    image: 'forecast',
  },
  {
    pattern: '/apps/sudoku',
    title: 'Sudoku',
    description: 'Sudoku puzzles at three levels, a daily puzzle, explained hints and your best times.',
    image: 'sudoku',
  },
  {
    pattern: '/apps/sudoku/game',
    title: 'Sudoku game',
    description: 'Play Sudoku with pencil notes, undo and explained hints.',
    image: 'sudoku',
    prerender: 'shell',
  },
  {
    pattern: '/apps/todo',
    data: true,
    title: 'To-Do List',
    description: 'A to-do list: add, edit and complete items, kept in your account.',
    image: 'todo',
  },
  {
    pattern: '/apps/finance',
    data: true,
    title: 'Finance',
    description: 'Stock quotes, charts and news, a watchlist, and paper-trading wallets with orders.',
    image: 'finance',
  },
  {
    pattern: '/apps/finance/stock/:symbol',
    data: true,
    title: 'Stock',
    description: 'Price, chart, statistics and news of one stock.',
    image: 'finance',
    prerender: 'shell',
  },
  {
    pattern: '/apps/finance/wallet',
    data: true,
    title: 'Wallet',
    description: 'One paper-trading wallet: holdings, orders, performance and its ledger.',
    image: 'finance',
    prerender: 'shell',
    private: true,
  },
  { pattern: '/docs/forecast', title: 'Forecast help', description: 'How to use the Forecast app.', image: 'forecast' },
  { pattern: '/docs/sudoku', title: 'Sudoku help', description: 'How to use the Sudoku app.', image: 'sudoku' },
  { pattern: '/docs/todo', title: 'To-Do List help', description: 'How to use the To-Do List app.', image: 'todo' },
  { pattern: '/docs/finance', title: 'Finance help', description: 'How to use the Finance app.', image: 'finance' },
  {
    pattern: '/account',
    title: 'Account',
    description: 'Your account: e-mail, password, sessions, data export and deletion.',
    image: 'home',
    prerender: 'shell',
    private: true,
  },
  {
    pattern: '/admin',
    title: 'Admin',
    description: 'Users, site status and the home page notice.',
    image: 'home',
    prerender: 'shell',
    private: true,
  },
  {
    pattern: '/reset-password',
    title: 'Reset password',
    description: 'Choose a new password with a one-time link.',
    image: 'home',
    prerender: 'shell',
    private: true,
  },
];

/** Any other path: the web app shows its 404 page. */
export const NOT_FOUND_PAGE: PageMeta = {
  pattern: '*',
  title: 'Page not found',
  description: 'There is no page at this address.',
  image: 'home',
  private: true,
};

export interface MatchedPage {
  meta: PageMeta;
  /** The `:name` parameters, decoded. */
  params: Record<string, string>;
}

/** The page a path (without its query) shows; a trailing slash is ignored, as the router ignores it. */
export function matchPage(pathname: string): MatchedPage {
  const parts = pathname.split('/').filter(Boolean);
  for (const meta of PAGES) {
    const pattern = meta.pattern.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      const part = parts[i] as string;
      if (!segment.startsWith(':')) return segment === part;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
        return true;
      } catch {
        return false; // A malformed %-escape: no page.
      }
    });
    if (matches) return { meta, params };
  }
  return { meta: NOT_FOUND_PAGE, params: {} };
}

/**
 * The document title for a page title: '<title> · <site name>', the home page's as it is.
 * `siteName`: the owner's name, the profile's where it is known (the server reads it per page).
 */
export const documentTitle = (title: string, meta?: PageMeta, siteName: string = SITE_NAME) =>
  meta?.pattern === '/' ? title : `${title} · ${siteName}`;

/**
 * The file `npm run build` writes a page's pre-rendered HTML to, under the web build's
 * prerendered/ folder (scripts/prerender-web.mjs), and the server reads it from.
 */
export const prerenderedFileName = (pattern: string) =>
  pattern === '*' ? '404.html' : pattern === '/' ? 'index.html' : `${pattern.slice(1).replace(/[/:]/g, '_')}.html`;

/**
 * The build's template for a page the server draws with its data (`data: true`): the page's styles
 * and scripts, and markers where the server writes the page and its answers.
 */
export const dataTemplateFileName = (pattern: string) => prerenderedFileName(pattern).replace(/\.html$/, '.data.html');
/** Where the server writes a data page's markup and its answers in that template. */
export const PAGE_HTML_MARKER = '<!--page-html-->';
export const PAGE_DATA_MARKER = '<!--page-data-->';
/** The id of the `<script type="application/json">` holding a data page's answers (app/start.tsx reads it). */
export const PAGE_DATA_ID = 'page-data';
