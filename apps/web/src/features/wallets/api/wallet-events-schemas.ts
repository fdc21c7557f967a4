// The response schemas of wallet-events.ts's calls, loaded with zod on the first call
// (lazySchemas in lib/contract-schemas.ts).
export { getWalletEventsResponseSchema } from '@site/contract';
