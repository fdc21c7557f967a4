import type { ColumnType, Generated } from 'kysely';

/**
 * Table types shared by SQLite and PostgreSQL. Portable choices: booleans are 0/1 integers,
 * timestamps are ISO-8601 UTC strings (they sort correctly as text), money is integer cents.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  is_admin: number;
  created_at: string;
  /** Set while the admin has disabled the account: no login, no session. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last time one of the user's sessions was used (written at most every few minutes). */
  last_seen_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  csrf_token: string;
  created_at: string;
  expires_at: string;
  /** When a request last used it, written at most every few minutes (null only before 010). */
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The User-Agent at sign-in, cut to 256 characters. */
  user_agent: ColumnType<string | null, string | null | undefined, never>;
  /** The client address at sign-in (request.ip, after TRUST_PROXY). */
  ip: ColumnType<string | null, string | null | undefined, never>;
}

/** One-time password-reset links: the token's SHA-256 only; single use, 1 hour. */
export interface PasswordResetTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  issued_by: 'admin' | 'cli' | 'email';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A user's private calendar feed of to-dos: the SHA-256 of its secret only (one per user). */
export interface TodoFeedsTable {
  user_id: number;
  token_hash: string;
  created_at: string;
}

/** A to-do (a task). `user_id` owns the task's list; `list_id` null is that owner's Inbox. */
export interface TodosTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  /** The task's notes (Markdown). */
  description: string;
  completed: number;
  created_at: string;
  updated_at: string;
  list_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Who added it (an editor of a shared list or the owner); null once that account is gone. */
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** YYYY-MM-DD, HH:MM and the IANA zone they are read in; all null without a due date. */
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  due_time: ColumnType<string | null, string | null | undefined, string | null>;
  due_zone: ColumnType<string | null, string | null | undefined, string | null>;
  /** The due moment as ISO UTC (a date alone: its midnight in `due_zone`), for sorting and overdue. */
  due_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 most urgent … 4 none. */
  priority: ColumnType<number, number | undefined, number>;
  /** An RRULE body, and whether the next due date counts from the due date or the completion. */
  recurrence: ColumnType<string | null, string | null | undefined, string | null>;
  recurrence_basis: ColumnType<
    'due' | 'completion' | null,
    'due' | 'completion' | null | undefined,
    'due' | 'completion' | null
  >;
  /** Fractional-indexing key within the list (bytewise order). */
  position: ColumnType<string, string | undefined, string>;
  completed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The words of the title, notes and labels for the search view (task-search.ts `searchKey`),
   * indexed by migration 018's triggers (SQLite FTS5) or GIN index (PostgreSQL).
   */
  search_key: ColumnType<string, string | undefined, string>;
}

export interface TodoListsTable {
  id: Generated<number>;
  /** The owner. */
  user_id: number;
  name: string;
  colour: string;
  position: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface TodoListMembersTable {
  list_id: number;
  user_id: number;
  role: 'viewer' | 'editor';
  created_at: string;
}

/** A label on a task; `user_id` is the task's owner (moves with the task). */
export interface TodoTaskLabelsTable {
  todo_id: number;
  user_id: number;
  name: string;
  /** `name` folded to lower case by the server: one label whatever the case. */
  name_key: string;
}

/** A user's own label list: colours and order, created on first use. */
export interface TodoLabelsTable {
  user_id: number;
  name: string;
  name_key: string;
  colour: string;
  position: string;
  created_at: string;
}

export interface TodoChecklistItemsTable {
  id: Generated<number>;
  todo_id: number;
  /** The task's owner. */
  user_id: number;
  title: string;
  done: number;
  position: string;
}

/** The log of a repeating task's completions. */
export interface TodoCompletionsTable {
  id: Generated<number>;
  todo_id: number;
  user_id: number;
  completed_at: string;
  due_date: string | null;
}

export interface SudokuGamesTable {
  id: Generated<number>;
  user_id: number;
  /** 'expert' only for a player's own or shared puzzle (one that needs guessing). */
  difficulty: 'easy' | 'medium' | 'hard' | 'expert';
  puzzle: string;
  solution: string;
  state: string;
  time: number;
  status: 'playing' | 'won' | 'lost';
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** Migration 013: where the puzzle came from; `daily_date` is the UTC day of a daily game. */
  source: Generated<'pool' | 'daily' | 'custom'>;
  daily_date: string | null;
  /** Hints asked and checks made for this game (migration 012). */
  hints_used: Generated<number>;
  checks_used: Generated<number>;
}

/**
 * A user's Sudoku statistics at one level, kept by trigger from `sudoku_games` (migration 027,
 * docs/api.md#sudoku-statistics-per-level). Written only by the database; the app reads it.
 */
export interface SudokuLevelStatsTable {
  user_id: number;
  difficulty: SudokuGamesTable['difficulty'];
  /** Finished games (won + lost). */
  games: Generated<number>;
  won: Generated<number>;
  best_time: number | null;
  /** The sum of winning times, for the average. */
  won_time: Generated<number>;
  current_streak: Generated<number>;
  longest_streak: Generated<number>;
  /** The last game counted, in finish order: a later one is added to the row, any other change counts again. */
  last_finished_at: string | null;
  last_id: number | null;
}

/** Finance watchlist entries; `symbol` is upper case, unique per user. */
export interface WatchlistTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  created_at: string;
}

/** A user's saved weather location; (user_id, lat_e4, lon_e4) is unique. */
export interface WeatherFavoritesTable {
  id: Generated<number>;
  user_id: number;
  nickname: string;
  address: string;
  lat: number;
  lon: number;
  /** lat and lon × 10⁴, rounded: the same place for duplicate detection. */
  lat_e4: number;
  lon_e4: number;
  timezone: string;
  country_code: string | null;
  created_at: string;
}

/**
 * Migration 022: a project's gallery image (docs/api.md#project-images); position 0 (the least)
 * is the cover. Deleted with its project.
 */
export interface PortfolioProjectImagesTable {
  id: Generated<number>;
  project_id: number;
  position: number;
  alt: string;
  caption: Generated<string>;
  /** 0..1 from the left and from the top. */
  focal_x: Generated<number>;
  focal_y: Generated<number>;
  /** The original's size after EXIF rotation. */
  width: number;
  height: number;
  /** A tiny WebP as a data: URI, or ''. */
  placeholder: Generated<string>;
  /** JSON: the widths stored per format, `{"avif":[480,…],"webp":[480,…]}`. */
  variants: string;
  /** Names the files' content (a hash): in their URLs, so each URL is cached for good. */
  version: string;
  created_at: string;
}

/** Migration 022: one encoded file of a gallery image. Deleted with its image. */
export interface PortfolioImageFilesTable {
  image_id: number;
  format: 'avif' | 'webp';
  width: number;
  height: number;
  data: Buffer;
}

export interface PortfolioProjectsTable {
  id: Generated<number>;
  title: string;
  description: string;
  technology: string;
  backend_features: string;
  frontend_features: string;
  created_at: string;
  updated_at: string;
  // Migration 020: the project's own page (docs/api.md#portfolio).
  slug: string;
  summary: string;
  body: string;
  role: string;
  /** 'YYYY-MM' or ''. */
  period_start: string;
  period_end: string;
  /** 0/1. */
  ongoing: Generated<number>;
  /** JSON: { source, demo, writeup }. */
  links: Generated<string>;
  /** 0/1. */
  featured: Generated<number>;
  position: Generated<number>;
  status: Generated<'draft' | 'published'>;
  /** JSON list of tags, de-duplicated, in order. */
  tags: Generated<string>;
}

/** Migration 020: a project's former slug, answered with a 301 to its current one. */
export interface PortfolioSlugRedirectsTable {
  slug: string;
  project_id: number;
  created_at: string;
}

/** A user's preferences document (JSON text, docs/api.md#preferences); one row per user at most. */
export interface UserPreferencesTable {
  user_id: number;
  value: string;
  updated_at: string;
}

export interface SiteSettingsTable {
  key: string;
  value: string;
}

/** A paper-trading wallet; cash in integer cents. At most one of a user's wallets has is_active 1. */
export interface WalletsTable {
  id: Generated<number>;
  user_id: number;
  /** Unique per user ignoring case. */
  name: string;
  cash_cents: number;
  is_active: number;
  created_at: string;
  /** Cash held back by the wallet's open buy orders (docs/api.md#orders); never above cash_cents. */
  reserved_cents: ColumnType<number, number | undefined, number>;
}

/** One row per (wallet, symbol); cost_cents is the total cost basis of the shares held. */
export interface WalletHoldingsTable {
  id: Generated<number>;
  wallet_id: number;
  symbol: string;
  quantity: number;
  cost_cents: number;
  /** Shares held back by the wallet's open sell orders of this symbol; never above quantity. */
  reserved_quantity: ColumnType<number, number | undefined, number>;
}

/** The trade ledger: one row per executed buy or sell. */
export interface WalletTradesTable {
  id: Generated<number>;
  wallet_id: number;
  side: 'buy' | 'sell';
  symbol: string;
  quantity: number;
  /** Execution price × 10,000. */
  price_e4: number;
  /** Cash that moved, in cents (always ≥ 0). */
  cash_cents: number;
  /** Sells: proceeds − cost basis of the shares sold; 0 for buys. */
  realized_gain_cents: number;
  created_at: string;
  /** The listing's currency as the source names it ('USD', 'JPY', 'GBp'). */
  currency: ColumnType<string, string | undefined, never>;
  /** The price in that currency; null for trades made before currencies were recorded. */
  local_price: ColumnType<number | null, number | null | undefined, never>;
  /** US dollars per unit of `currency` (pence: per pound / 100) used for `price_e4`. */
  fx_rate: ColumnType<number, number | undefined, never>;
}

/** Wallet value snapshots: at creation and after every trade. */
export interface WalletHistoryTable {
  id: Generated<number>;
  wallet_id: number;
  created_at: string;
  balance_cents: number;
  stocks_value_cents: number;
}

/**
 * Dividends and splits applied to wallets (docs/api.md#corporate-actions): the ledger's entries
 * beside the trades; one row per (wallet, symbol, kind, date), which makes applying them idempotent.
 */
export interface WalletCorporateActionsTable {
  id: Generated<number>;
  wallet_id: number;
  user_id: number;
  symbol: string;
  kind: 'dividend' | 'split';
  /** Dividend: the ex-date; split: its first day on the new share count (YYYY-MM-DD, the exchange's calendar). */
  date: string;
  pay_date: string | null;
  /** The listing's currency as the source names it. */
  currency: string;
  /** Dividend: cash per share in `currency`. */
  amount_per_share: number | null;
  /** Dividend: US dollars per unit of `currency`. */
  fx_rate: number | null;
  /** Dividend: cash per share in 1/10,000 dollar. */
  amount_e4: number | null;
  /** Split: `numerator` new shares for every `denominator` old ones. */
  numerator: number | null;
  denominator: number | null;
  /** Shares held before the date: what the action applied to. */
  quantity: number;
  /** Split: shares added to the holding (negative for a reverse split). */
  shares_delta: ColumnType<number, number | undefined, never>;
  /** Cash credited in cents: the dividend, or a split's fraction of a share. */
  cash_cents: ColumnType<number, number | undefined, never>;
  applied_at: string;
}

/**
 * Per wallet (migration 028): `ledger_version` is raised by trigger on every change to the wallet's
 * trades and corporate actions, whoever makes it; `days_version` is the version its
 * `wallet_ledger_days` are as of (docs/api.md#wallet-performance).
 */
export interface WalletLedgerVersionsTable {
  wallet_id: number;
  ledger_version: ColumnType<number, number | undefined, number>;
  days_version: ColumnType<number, number | undefined, number>;
}

/** A wallet's ledger summed by New York day (features/wallets/reports/ledger-days.ts). */
export interface WalletLedgerDaysTable {
  wallet_id: number;
  /** Epoch day in New York. */
  day: number;
  cash_delta_cents: number;
  /** JSON: [symbol, shares delta, the day's last trade price (1/10,000 $) or null, currency][]. */
  positions: string;
  /** The key of the day's last entry: its time, 0 trade / 1 corporate action, its id. */
  last_at: string;
  last_rank: number;
  last_id: number;
}

export type OrderSide = 'buy' | 'sell';
export type OrderType = 'limit' | 'stop' | 'stop_limit' | 'trailing_stop';
export type OrderStatus = 'open' | 'filled' | 'cancelled' | 'expired' | 'rejected';

/** A wallet's order (docs/api.md#orders); prices in 1/10,000 dollar units, cash in cents. */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  wallet_id: number;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  quantity: number;
  limit_price_e4: number | null;
  stop_price_e4: number | null;
  trail_amount_e4: number | null;
  /** Hundredths of a percent (250 = 2.5 %). */
  trail_percent_e2: number | null;
  /** Trailing stops: highest (sell) or lowest (buy) price seen while open. */
  water_mark_e4: number | null;
  triggered_at: string | null;
  time_in_force: 'day' | 'gtc';
  expires_at: string;
  time_zone: string;
  status: OrderStatus;
  reserved_cents: number;
  created_at: string;
  updated_at: string;
  filled_at: string | null;
  fill_price_e4: number | null;
  fill_trade_id: number | null;
  reason: string | null;
}

/** A message from the contact form (docs/api.md#contact); no account, no address. */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  created_at: string;
  /** When the admin marked it read; null while unread. */
  read_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The owner's profile (docs/api.md#profile): one row, id 1; the lists are JSON text. */
export interface SiteProfileTable {
  id: number;
  name: string;
  title: string;
  tagline: string;
  about: string;
  skills: string;
  interests: string;
  personality: string;
  location: string;
  availability: string;
  contact_email: string;
  links: string;
  updated_at: string | null;
}

/** The résumé PDF (docs/api.md#profile): at most one row, id 1. */
export interface SiteResumeTable {
  id: number;
  file_name: string;
  data: Buffer;
  size: number;
  etag: string;
  uploaded_at: string;
}

/** The owner's photo (docs/api.md#profile): one square WebP per stored width, all of one upload. */
export interface SiteAvatarFilesTable {
  width: number;
  data: Buffer;
  version: string;
  uploaded_at: string;
}

/** An answer kept under a client's Idempotency-Key (docs/api.md#idempotent-changes). */
export interface RequestReplaysTable {
  user_id: number;
  key: string;
  /** A hash of the method, address and body: the same key with another request is refused. */
  fingerprint: string;
  /** Null while the first request with the key is under way. */
  status: number | null;
  body: string | null;
  created_at: string;
}

/** Raised by trigger on every change to a user's to-dos or their labels (migration 026). */
export interface TodoVersionsTable {
  user_id: number;
  version: Generated<number>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  todos: TodosTable;
  todo_lists: TodoListsTable;
  todo_list_members: TodoListMembersTable;
  todo_task_labels: TodoTaskLabelsTable;
  todo_labels: TodoLabelsTable;
  todo_checklist_items: TodoChecklistItemsTable;
  todo_completions: TodoCompletionsTable;
  todo_feeds: TodoFeedsTable;
  todo_versions: TodoVersionsTable;
  sudoku_games: SudokuGamesTable;
  sudoku_level_stats: SudokuLevelStatsTable;
  weather_favorites: WeatherFavoritesTable;
  user_preferences: UserPreferencesTable;
  watchlist: WatchlistTable;
  portfolio_image_files: PortfolioImageFilesTable;
  portfolio_project_images: PortfolioProjectImagesTable;
  portfolio_projects: PortfolioProjectsTable;
  portfolio_slug_redirects: PortfolioSlugRedirectsTable;
  site_settings: SiteSettingsTable;
  site_profile: SiteProfileTable;
  site_resume: SiteResumeTable;
  site_avatar_files: SiteAvatarFilesTable;
  wallets: WalletsTable;
  wallet_holdings: WalletHoldingsTable;
  wallet_trades: WalletTradesTable;
  wallet_history: WalletHistoryTable;
  wallet_corporate_actions: WalletCorporateActionsTable;
  wallet_ledger_versions: WalletLedgerVersionsTable;
  wallet_ledger_days: WalletLedgerDaysTable;
  orders: OrdersTable;
  contact_messages: ContactMessagesTable;
  request_replays: RequestReplaysTable;
}
