// The response schemas of preferences-api.ts's calls, loaded with zod on the first call
// (lazySchemas in lib/contract-schemas.ts).
export { preferencesResponseSchema } from '@site/contract';
