// The response schemas of finance-api.ts's calls, loaded with zod on the first call
// (lazySchemas in lib/contract-schemas.ts).
export {
  getFullStockResponseSchema,
  getWatchlistResponseSchema,
  symbolSearchResponseSchema,
  watchlistChangeResponseSchema,
} from '@site/contract';
