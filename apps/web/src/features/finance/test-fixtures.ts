import type { GetFullStockResponse, NewsItem, Stock, WatchlistItem } from '@site/contract';
import type { mockFetch } from '../../test/fetch-mock';

export const me = { user_id: 7, username: 'dana', email: 'dana@example.com', is_admin: false };

export function stock(overrides: Partial<Stock> = {}): Stock {
  return {
    symbol: 'AAPL',
    shortName: 'Apple Inc.',
    longName: 'Apple Inc.',
    exchange: 'NMS',
    currency: 'USD',
    currentPrice: 229.87,
    regularMarketOpen: 228.5,
    regularMarketDayHigh: 231.2,
    regularMarketDayLow: 227.05,
    regularMarketPreviousClose: 228.1,
    regularMarketVolume: 52_345_678,
    regularMarketChange: 1.77,
    regularMarketChangePercent: 0.776,
    regularMarketTime: '2025-01-02T21:00:00.000Z',
    marketState: 'CLOSED',
    marketCap: 3_123_456_789_012,
    website: 'https://www.apple.com',
    irWebsite: 'https://investor.apple.com',
    industry: 'Consumer Electronics',
    sector: 'Technology',
    address1: 'One Apple Park Way',
    address2: null,
    city: 'Cupertino',
    state: 'CA',
    zip: '95014',
    country: 'United States',
    fullTimeEmployees: 164_000,
    longBusinessSummary: 'Apple designs, manufactures and markets smartphones.',
    companyOfficers: [
      { name: 'Mr. Timothy D. Cook', title: 'CEO & Director' },
      { name: 'Mr. Kevan Parekh', title: 'Senior VP & CFO' },
    ],
    ...overrides,
  };
}

export function watchlistItem(symbol: string, overrides: Partial<WatchlistItem> = {}): WatchlistItem {
  return {
    symbol,
    shortName: `${symbol} Corp.`,
    exchange: 'NMS',
    currentPrice: 100,
    regularMarketOpen: 99,
    regularMarketDayHigh: 101.5,
    regularMarketDayLow: 98.25,
    regularMarketPreviousClose: 99.5,
    regularMarketChange: 0.5,
    regularMarketChangePercent: 0.5025,
    ...overrides,
  };
}

export function watchlist(items: WatchlistItem[]) {
  return {
    success: true,
    symbols: items.map((item) => item.symbol),
    message: items.length ? `${items.length} stocks in watchlist` : 'No stocks in watchlist',
    items,
  };
}

export function newsItem(overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    uuid: 'n1',
    title: 'Apple unveils a new phone',
    link: 'https://example.com/news/apple-phone',
    publisher: 'Example Wire',
    providerPublishTime: 1_735_830_000,
    relatedTickers: ['AAPL', 'MSFT'],
    thumbnail: { resolutions: [{ url: 'https://example.com/a.png', width: 640, height: 360, tag: 'original' }] },
    ...overrides,
  };
}

export function fullStock(overrides: Partial<GetFullStockResponse> = {}): GetFullStockResponse {
  return {
    symbol: 'AAPL',
    range: '1y',
    interval: '1d',
    info: stock(),
    history: {
      '2025-01-02T14:30:00.000Z': { Open: 228, High: 231, Low: 227, Close: 230, Volume: 1_000 },
      '2025-01-03T14:30:00.000Z': { Open: 230, High: 232, Low: 229, Close: 231, Volume: 2_000 },
    },
    news: [
      newsItem(),
      newsItem({ uuid: 'n2', title: 'Markets wrap', relatedTickers: [], thumbnail: { resolutions: [] } }),
    ],
    ...overrides,
  };
}

type FetchMock = ReturnType<typeof mockFetch>;

/** The calls to `path` with their query parameters and (form) bodies. */
export function requestsTo(fetchMock: FetchMock, method: string, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === path)
    .map(({ url, init }) => ({
      query: Object.fromEntries(url.searchParams),
      form: init?.body instanceof FormData ? init.body : undefined,
      headers: new Headers(init?.headers),
    }));
}
