/** docs/product.md#screens route of a stock's detail page. */
export const stockPath = (symbol: string) => `/apps/finance/stock/${encodeURIComponent(symbol)}`;
