/** Seed §2 route of a stock's detail page. */
export const stockPath = (symbol: string) => `/apps/finance/stock/${encodeURIComponent(symbol)}`;
