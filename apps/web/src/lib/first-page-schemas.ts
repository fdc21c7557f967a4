/**
 * The only contract schemas the first page may need, loaded on first use (lib/contract-schemas.ts):
 * the signed-in user, log out, and the API's error format. With the contract marked free of side
 * effects, this chunk holds those schemas and zod, not the other features' schemas
 * (docs/decisions.md#pre-rendered-pages).
 */
export { apiErrorSchema, logoutResponseSchema, meResponseSchema } from '@site/contract';
