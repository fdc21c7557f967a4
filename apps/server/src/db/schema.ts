import type { Generated } from 'kysely';

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
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

export interface TodosTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string;
  completed: number;
  created_at: string;
  updated_at: string;
}

export interface SudokuGamesTable {
  id: Generated<number>;
  user_id: number;
  difficulty: 'easy' | 'medium' | 'hard';
  puzzle: string;
  solution: string;
  state: string;
  time: number;
  status: 'playing' | 'won' | 'lost';
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** Finance watchlist entries; `symbol` is upper case, unique per user. */
export interface WatchlistTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  created_at: string;
}

/** A user's saved weather location; (user_id, lat_e4, lon_e4) is unique. */
export interface WeatherFavouritesTable {
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

export interface PortfolioImagesTable {
  id: Generated<number>;
  content_type: string;
  data: Buffer;
  etag: string;
  width: number;
  height: number;
  created_at: string;
}

export interface PortfolioProjectsTable {
  id: Generated<number>;
  title: string;
  description: string;
  technology: string;
  backend_features: string;
  frontend_features: string;
  image_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface SiteSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  todos: TodosTable;
  sudoku_games: SudokuGamesTable;
  weather_favourites: WeatherFavouritesTable;
  watchlist: WatchlistTable;
  portfolio_images: PortfolioImagesTable;
  portfolio_projects: PortfolioProjectsTable;
  site_settings: SiteSettingsTable;
}
