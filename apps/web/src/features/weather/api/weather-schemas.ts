// The response schemas of weather-api.ts's calls, loaded with zod on the first call
// (lazySchemas in lib/contract-schemas.ts).
export {
  deleteFavoriteResponseSchema,
  favoriteLocationSchema,
  listFavoritesResponseSchema,
  weatherResponseSchema,
} from '@site/contract';
