// The response schemas of portfolio-api.ts's calls, loaded with zod on the first call
// (lazySchemas in lib/contract-schemas.ts).
export {
  portfolioDeleteResponseSchema,
  portfolioListResponseSchema,
  portfolioProjectSchema,
} from '@site/contract';
