import {
  type CreateFavoriteRequest,
  type FavoriteLocation,
  FORECAST_DAYS_DEFAULT,
  type FORECAST_DAYS_MAX,
  type WeatherResponse,
} from '@site/contract';
import { callEndpoint, isApiError } from '../../../lib/api-client';

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

/** Forecast length asked for; the seed's 7 days go without a `days` parameter. */
export type ForecastDays = typeof FORECAST_DAYS_DEFAULT | typeof FORECAST_DAYS_MAX;

export type NewFavorite = Pick<CreateFavoriteRequest, 'address' | 'lat' | 'lon'> & {
  nickname?: string;
  timezone?: string;
  country_code?: string;
};

export const INVALID_DELETE_RESPONSE =
  'The server did not confirm the deletion, so your saved locations were left as they were. Please try again.';

/**
 * docs/product.md: a delete answer counts only with status 'success' and a data array (the list that is
 * left, as its schema says); anything else is refused with a readable message.
 */
async function removeFavorite(locationId: number): Promise<FavoriteLocation[]> {
  try {
    const { data } = await callEndpoint('weather.removeFavorite', { body: { location_id: locationId } });
    return data;
  } catch (error) {
    if (!isApiError(error) || !error.isUnexpectedAnswer) throw error;
    console.error('Failed to delete location: unexpected response', error);
    throw new Error(INVALID_DELETE_RESPONSE);
  }
}

/** docs/api.md#every-call (Weather) calls; the owner of saved locations comes from the session. */
export const weatherApi = {
  /**
   * `allHours` asks for every hour of the `days` (`hours=days×24`, docs/api.md#weather-hourly-alerts-and-air-quality)
   * instead of the default 48, so that any day of the list can open to its hours.
   */
  forecast: (
    request: ForecastRequest,
    signal?: AbortSignal,
    days: ForecastDays = FORECAST_DAYS_DEFAULT,
    allHours = false,
  ): Promise<WeatherResponse> =>
    callEndpoint('weather.forecast', {
      query: {
        lat: request.lat,
        lon: request.lon,
        country_code: request.country_code,
        formatted: request.formatted,
        timezone: request.timezone,
        days: days === FORECAST_DAYS_DEFAULT ? undefined : days,
        hours: allHours ? days * 24 : undefined,
      },
      signal,
    }),
  saved: (signal?: AbortSignal): Promise<FavoriteLocation[]> => callEndpoint('weather.listFavorites', { signal }),
  add: (favorite: NewFavorite): Promise<FavoriteLocation> => callEndpoint('weather.addFavorite', { body: favorite }),
  remove: removeFavorite,
};
