// The response schemas of stock-query.ts's calls, loaded with zod on the first call
// (lazySchemas in lib/contract-schemas.ts).
export { getStockResponseSchema } from '@site/contract';
