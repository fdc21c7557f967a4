// The response schemas of performance-api.ts's calls, loaded with zod on the first call
// (lazySchemas in lib/contract-schemas.ts).
export { walletPerformanceResponseSchema } from '@site/contract';
