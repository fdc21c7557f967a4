import { notifications } from '@mantine/notifications';
import type { FavouriteLocation, WeatherResponse } from '@site/contract';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { type StoredWeatherLocation, saveWeatherLocation } from '../weather-storage';
import { type ForecastRequest, type NewFavourite, weatherApi } from './weather-api';

/** One press of Search: a new id each time, so searching the same place again starts afresh. */
export interface WeatherSearch {
  id: number;
  request: ForecastRequest;
}

export const weatherKeys = {
  all: ['weather'] as const,
  forecast: (search: WeatherSearch | null) => ['weather', 'forecast', search?.id ?? 0, search?.request] as const,
  saved: ['weather', 'saved'] as const,
};

/** The place a forecast answer is for, as seed §3 stores it. */
export function storedLocationOf(result: WeatherResponse): StoredWeatherLocation {
  return {
    address: result.address,
    lat: result.geodata.lat,
    lon: result.geodata.lon,
    timezone: result.timezone,
    country_code: result.country_code,
  };
}

/**
 * Seed §4: a search clears the old data (every search has its own key, and no placeholder), asks
 * the server, and on success stores the place locally for the favourite form.
 */
export function useForecast(search: WeatherSearch | null) {
  return useQuery({
    queryKey: weatherKeys.forecast(search),
    queryFn: search
      ? async ({ signal }) => {
          const result = await weatherApi.forecast(search.request, signal);
          saveWeatherLocation(storedLocationOf(result));
          return result;
        }
      : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

export function useSavedLocations(enabled: boolean) {
  return useQuery({
    queryKey: weatherKeys.saved,
    queryFn: async ({ signal }) => {
      try {
        return await weatherApi.saved(signal);
      } catch (error) {
        if (!signal.aborted) console.error('Failed to get favorites', error);
        throw error;
      }
    },
    enabled,
  });
}

/** A readable reason for a refused favourite (seed limits: duplicates 409, more than 50 → 400). */
export function favouriteErrorMessage(error: unknown): string {
  if (isApiError(error, 401)) return 'Your session has ended. Log in again to add favorites.';
  if (error instanceof Error && error.message) return error.message;
  return 'Could not add the favorite. Please try again.';
}

export function useAddFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favourite: NewFavourite) => weatherApi.add(favourite),
    onSuccess: (favourite) => {
      queryClient.setQueryData<FavouriteLocation[]>(weatherKeys.saved, (list) => list && [...list, favourite]);
      notifications.show({
        color: 'teal',
        title: 'Added to favorites',
        message: `“${favourite.nickname}” is in your saved locations.`,
      });
      return queryClient.invalidateQueries({ queryKey: weatherKeys.saved });
    },
    onError: (error) => console.error('Failed to add favorite', error),
  });
}

/** Seed §4/§5: the list changes only from a valid answer's `data` (never optimistically). */
export function useDeleteFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: number) => weatherApi.remove(locationId),
    onSuccess: (remaining) => {
      queryClient.setQueryData<FavouriteLocation[]>(weatherKeys.saved, remaining);
      notifications.show({ color: 'teal', message: 'Saved location deleted' });
    },
    onError: (error) => console.error('Failed to delete location', error),
  });
}
