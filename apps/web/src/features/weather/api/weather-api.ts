import {
  type CreateFavouriteRequest,
  deleteFavouriteResponseSchema,
  type FavouriteLocation,
  favouriteLocationSchema,
  listFavouritesResponseSchema,
  type WeatherResponse,
  weatherResponseSchema,
} from '@site/contract';
import { apiRequest } from '../../../lib/api-client';

/** What a forecast is asked for: coordinates, plus what the chosen place tells about itself. */
export interface ForecastRequest {
  lat: number;
  lon: number;
  /** The address as shown; the server names bare coordinates itself when it is missing. */
  formatted?: string;
  country_code?: string;
  /** IANA zone of the place. */
  timezone?: string;
}

export type NewFavourite = Pick<CreateFavouriteRequest, 'address' | 'lat' | 'lon'> & {
  nickname?: string;
  timezone?: string;
  country_code?: string;
};

export const INVALID_DELETE_RESPONSE =
  'The server did not confirm the deletion, so your saved locations were left as they were. Please try again.';

/**
 * Seed §5: a delete answer counts only with status 'success' and a data array (the list that is
 * left); anything else is refused with a readable message.
 */
export function parseDeleteResponse(body: unknown): FavouriteLocation[] {
  const parsed = deleteFavouriteResponseSchema.safeParse(body);
  if (!parsed.success) {
    console.error('Failed to delete location: unexpected response', body);
    throw new Error(INVALID_DELETE_RESPONSE);
  }
  return parsed.data.data;
}

/** Seed §7 Weather calls; the owner of saved locations comes from the session. */
export const weatherApi = {
  forecast: (request: ForecastRequest, signal?: AbortSignal): Promise<WeatherResponse> =>
    apiRequest('GET', '/api/weather', {
      query: {
        lat: request.lat,
        lon: request.lon,
        country_code: request.country_code,
        formatted: request.formatted,
        timezone: request.timezone,
      },
      schema: weatherResponseSchema,
      signal,
    }),
  saved: (signal?: AbortSignal): Promise<FavouriteLocation[]> =>
    apiRequest('GET', '/api/weather/saved', { schema: listFavouritesResponseSchema, signal }),
  add: (favourite: NewFavourite): Promise<FavouriteLocation> =>
    apiRequest('POST', '/api/weather/', { body: favourite, schema: favouriteLocationSchema }),
  remove: async (locationId: number): Promise<FavouriteLocation[]> =>
    parseDeleteResponse(await apiRequest('DELETE', '/api/weather/saved', { body: { location_id: locationId } })),
};
