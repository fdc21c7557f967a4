/**
 * The answers a client written for the original API reads, written down from that API's entity
 * list (docs/api.md#compatibility-promise) and NOT from our contract package: if our schemas drift,
 * these do not follow them. Objects are loose (extra fields are allowed: we may add, never rename
 * or reshape); every field listed here must be present with the type the original clients use.
 */
import { z } from 'zod';

const loose = z.looseObject;
const num = z.number();
const int = z.number().int();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// --- Auth ---------------------------------------------------------------------------------------
export const loginAnswer = loose({
  code: z.literal(200),
  token: z.string().min(1),
  user_id: int,
  username: z.string(),
  csrf_token: z.string().min(1),
  message: z.string(),
});
export const signupAnswer = loose({
  code: z.literal(200),
  token: z.string().min(1),
  user_id: int,
  message: z.string(),
});

// --- Weather ------------------------------------------------------------------------------------
export const currentConditions = loose({
  temperature: num,
  feelsLike: num,
  cloud_cover: num,
  relative_humidity: num,
  wind_speed: num,
  wind_direction: num,
  wind_gusts: num,
  code: int,
  /** Clients index their weather-code table by it: codes[code][is_day]. */
  is_day: z.enum(['day', 'night']),
});
export const dailyWeather = loose({
  date: isoDate,
  temperature_2m_max: num,
  temperature_2m_min: num,
  apparent_temperature_max: num,
  apparent_temperature_min: num,
  precipitation_probability_max: num,
  precipitation_sum: num,
  wind_speed_10m_max: num,
  wind_gusts_10m_max: num,
  weather_code: int,
});
/** A detailed forecast period, as the US weather service words it. */
export const forecastPeriod = loose({
  detailedForecast: z.string().min(1),
  isDaytime: z.boolean(),
  name: z.string().min(1),
  startTime: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'startTime must be a date-time'),
});
export const weatherAnswer = loose({
  weather: z.array(dailyWeather).min(1),
  supplemental: z.record(isoDate, z.array(forecastPeriod)),
  address: z.string(),
  current: currentConditions,
  geodata: loose({ lat: num, lon: num }),
  timezone: z.string(),
  country_code: z.string(),
});
export const favouriteLocation = loose({
  locationId: int,
  nickname: z.string(),
  address: z.string(),
  lat: num,
  lon: num,
  timezone: z.string(),
  country_code: z.string(),
  user: int,
  formatted: z.string(),
});
export const deleteLocationAnswer = loose({ status: z.literal('success'), data: z.array(favouriteLocation) });

// --- Sudoku -------------------------------------------------------------------------------------
export const boardCell = loose({ value: int.min(0).max(9), clue: z.boolean() });
export const board = z.array(z.array(boardCell).length(9)).length(9);
export const sudokuGame = loose({
  id: int,
  difficulty: z.enum(['easy', 'medium', 'hard']),
  created_at: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'created_at must be a date-time'),
  time: int,
  player: loose({ id: int }),
  transformed_state: board,
  transformed_solution: board,
});
export const checkAnswer = loose({
  status: z.literal('success'),
  isCorrect: z.boolean(),
  errors: loose({ rows: z.array(int), columns: z.array(int), boxes: z.array(int) }),
});

// --- Portfolio ----------------------------------------------------------------------------------
export const project = loose({
  id: int,
  title: z.string(),
  description: z.string(),
  /** Absolute, so a front end on another origin can show it; null when the project has none. */
  image: z.url({ protocol: /^https?$/ }).nullable(),
  technology: z.string(),
  backend_features: z.string(),
  frontend_features: z.string(),
});

// --- Finance ------------------------------------------------------------------------------------
const officer = loose({ name: z.string(), title: z.string() });
/**
 * Market data sources leave some company fields out (no second address line, no IR site): those
 * may be null, but must be present. The price a trade uses never is.
 */
const text = z.string().nullable();
const figure = num.nullable();
export const stock = loose({
  symbol: z.string().regex(/^[A-Z0-9.^=-]+$/),
  shortName: z.string(),
  currentPrice: num,
  regularMarketOpen: figure,
  regularMarketDayHigh: figure,
  regularMarketDayLow: figure,
  regularMarketPreviousClose: figure,
  regularMarketVolume: figure,
  exchange: z.string(),
  website: text,
  irWebsite: text,
  industry: text,
  sector: text,
  marketCap: figure,
  city: text,
  state: text,
  country: text,
  fullTimeEmployees: figure,
  longBusinessSummary: text,
  address1: text,
  address2: text,
  zip: text,
  companyOfficers: z.array(officer),
});
export const getStockAnswer = loose({ symbol: stock, watchlist: z.array(z.string()) });
const priceBar = loose({ Open: num, High: num, Low: num, Close: num, Volume: num });
const newsItem = loose({
  title: z.string(),
  link: z.string(),
  publisher: z.string(),
  relatedTickers: z.array(z.string()),
  thumbnail: loose({ resolutions: z.array(loose({ url: z.string() })) }),
});
export const fullStockAnswer = loose({
  info: stock,
  /** Keyed by timestamp. */
  history: z.record(z.string(), priceBar),
  news: z.array(newsItem),
});
export const watchlistAnswer = loose({ success: z.literal(true), symbols: z.array(z.string()), message: z.string() });
export const successAnswer = loose({ success: z.literal(true) });

const walletStock = loose({ symbol: z.string(), quantity: int, bought_price: num, current_price: num });
export const historyEntry = loose({ created_at: z.string(), balance: num, stocks_value: num });
export const walletSummary = loose({ wallet_id: int, wallet_name: z.string() });
export const wallet = loose({
  wallet_id: int,
  wallet_name: z.string(),
  balance: num,
  current_value: num,
  stocks: z.array(walletStock),
  history: z.array(historyEntry),
});
/** The original client adds the new wallet to its table with this balance (NaN without it). */
export const createWalletAnswer = loose({ wallet_id: int, wallet_name: z.string(), balance: num });

// --- To-do --------------------------------------------------------------------------------------
const todo = loose({ id: int, title: z.string(), description: z.string(), completed: z.boolean(), user: int });
export const todoLists = loose({ todos: z.array(todo), completed: z.array(todo) });
