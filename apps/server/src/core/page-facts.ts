/**
 * Facts a feature offers the page tags the server writes into its HTML (docs/api.md#pages), by
 * name, so the page renderer can say what a shared link holds without importing the feature
 * (features never import each other; docs/architecture.md). Like core/status-sources.ts: a
 * feature registers its facts when its routes are registered; each entry is typed here.
 */
export interface PageFactReaders {
  /** features/sudoku: the level of a shared puzzle (81 characters), or null when it is not a playable one. */
  sudokuShareLevel: (share: string) => string | null;
  /**
   * features/portfolio: a project's page by its slug or a former one (`moved`: the address should
   * become `slug`); null when no project has it. `draft` pages are for the admin alone.
   */
  portfolioProject: (slug: string) => Promise<PortfolioPageFacts | null>;
  /** features/portfolio: the published projects' pages, for the sitemap. */
  portfolioPages: () => Promise<{ slug: string; updated_at: string }[]>;
  /**
   * features/profile: the owner as the admin last saved them (the first start's defaults until
   * then), for the home page's head and JSON-LD `Person` and a project's `author`. Read per page
   * view: one row by its key and the photo's sizes (at most three rows), not cached, so every
   * instance shows an edit at once.
   */
  homeProfile: () => Promise<HomeProfileFacts>;
}

/** What the home page's head says about the owner (docs/api.md#pages). */
export interface HomeProfileFacts {
  name: string;
  title: string;
  tagline: string;
  /** The owner's profiles elsewhere (JSON-LD `sameAs`): the links' addresses, as stored. */
  links: string[];
  /** When the admin last saved the profile; null while it is the defaults. */
  updated_at: string | null;
  /** The owner's photo, its largest size, site-relative (JSON-LD `image`); null without one. */
  image: string | null;
}

/** What a project's page head and its redirect need (docs/api.md#pages). */
export interface PortfolioPageFacts {
  slug: string;
  moved: boolean;
  draft: boolean;
  title: string;
  summary: string;
  /** Site-relative image address, or null. */
  image: string | null;
  tags: string[];
  created_at: string;
  updated_at: string;
}

export type PageFactName = keyof PageFactReaders;

/** One per app instance, in `app.deps.pageFacts`. */
export class PageFacts {
  private readonly readers = new Map<PageFactName, PageFactReaders[PageFactName]>();

  /** Offers `read` under `name`; a second registration of a name is a programming error. */
  register<K extends PageFactName>(name: K, read: PageFactReaders[K]): void {
    if (this.readers.has(name)) throw new Error(`Page fact ${name} is registered twice`);
    this.readers.set(name, read);
  }

  /** The reader, or undefined when no feature offers it (not registered in this app). */
  get<K extends PageFactName>(name: K): PageFactReaders[K] | undefined {
    return this.readers.get(name) as PageFactReaders[K] | undefined;
  }
}
