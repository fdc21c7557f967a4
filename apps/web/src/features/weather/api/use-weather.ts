import { notifications } from '@mantine/notifications';
import type { WeatherResponse } from '@site/contract';
import { FORECAST_DAYS_DEFAULT } from '@site/contract';
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { type StoredWeatherLocation, saveWeatherLocation } from '../weather-storage';
import { type ForecastDays, type ForecastRequest, type NewFavorite, weatherApi } from './weather-api';

/** One press of Search: a new id each time, so searching the same place again starts afresh. */
export interface WeatherSearch {
  id: number;
  request: ForecastRequest;
  /** 'Show 16 days' asks the same search again for longer, keeping the shown answer meanwhile. */
  days?: ForecastDays;
  /** Opening a day past the first 48 hours asks again for every hour of the days shown. */
  allHours?: boolean;
}

/** The place a forecast answer is for, as docs/api.md#compatibility-promise stores it. */
export function storedLocationOf(result: WeatherResponse): StoredWeatherLocation {
  return {
    address: result.address,
    lat: result.geodata.lat,
    lon: result.geodata.lon,
    timezone: result.timezone,
    country_code: result.country_code,
  };
}

/** Key and function of each query of the weather feature, for hooks, prefetches and cache updates. */
export const weatherQueries = {
  /**
   * docs/product.md: a search clears the old data (every search has its own key, and no placeholder), asks
   * the server, and on success stores the place locally for the favorite form. Idle without a search.
   */
  forecast: (search: WeatherSearch | null) =>
    queryOptions({
      queryKey: [
        'weather',
        'forecast',
        search?.id ?? 0,
        search?.request,
        search?.days ?? FORECAST_DAYS_DEFAULT,
        search?.allHours ?? false,
      ] as const,
      queryFn: search
        ? async ({ signal }) => {
            // docs/product.md#offline: offline, the last answer (whatever place it was for) read-only.
            const result = await withOfflineCopy('weather-forecast', () =>
              weatherApi.forecast(search.request, signal, search.days, search.allHours),
            );
            saveWeatherLocation(storedLocationOf(result));
            return result;
          }
        : skipToken,
      networkMode: 'offlineFirst',
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 60_000,
      // A longer forecast (more days or hours) of the same search keeps the shorter one on screen while it loads; a
      // new search starts empty (docs/product.md: a search clears the old data).
      placeholderData: (previous, previousQuery) =>
        previousQuery && previousQuery.queryKey[2] === search?.id ? previous : undefined,
    }),
  /** The signed-in user's saved locations. */
  saved: () =>
    queryOptions({
      queryKey: ['weather', 'saved'] as const,
      queryFn: async ({ signal }) => {
        try {
          return await weatherApi.saved(signal);
        } catch (error) {
          if (!signal.aborted) console.error('Failed to get favorites', error);
          throw error;
        }
      },
    }),
};

export function useForecast(search: WeatherSearch | null) {
  return useQuery(weatherQueries.forecast(search));
}

export function useSavedLocations(enabled: boolean) {
  return useQuery({ ...weatherQueries.saved(), enabled });
}

/** A readable reason for a refused favorite (seed limits: duplicates 409, more than 50 → 400). */
export function favoriteErrorMessage(error: unknown): string {
  if (isApiError(error, 401)) return 'Your session has ended. Log in again to add favorites.';
  if (error instanceof Error && error.message) return error.message;
  return 'Could not add the favorite. Please try again.';
}

export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: NewFavorite) => weatherApi.add(favorite),
    onSuccess: (favorite) => {
      queryClient.setQueryData(weatherQueries.saved().queryKey, (list) => list && [...list, favorite]);
      notifications.show({
        color: 'teal',
        title: 'Added to favorites',
        message: `“${favorite.nickname}” is in your saved locations.`,
      });
      return queryClient.invalidateQueries({ queryKey: weatherQueries.saved().queryKey });
    },
    onError: (error) => console.error('Failed to add favorite', error),
  });
}

/** docs/api.md#every-call: the list changes only from a valid answer's `data` (never optimistically). */
export function useDeleteFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: number) => weatherApi.remove(locationId),
    onSuccess: (remaining) => {
      queryClient.setQueryData(weatherQueries.saved().queryKey, remaining);
      notifications.show({ color: 'teal', message: 'Saved location deleted' });
    },
    onError: (error) => console.error('Failed to delete location', error),
  });
}
