// The response schemas of address-api.ts's calls, loaded with zod on the first call
// (lazySchemas in lib/contract-schemas.ts).
export {
  geocodeAutocompleteResponseSchema,
  geocodePlaceResponseSchema,
} from '@site/contract';
