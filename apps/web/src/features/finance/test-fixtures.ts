import type { GetFullStockResponse, NewsItem, WatchlistItem } from '@site/contract';
import { stock } from '../../test/fixtures/stocks';

export function watchlistItem(symbol: string, overrides: Partial<WatchlistItem> = {}): WatchlistItem {
  return {
    symbol,
    shortName: `${symbol} Corp.`,
    exchange: 'NMS',
    currency: 'USD',
    currentPrice: 100,
    currentPriceUsd: 100,
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
    exchangeTimezoneName: 'America/New_York',
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
