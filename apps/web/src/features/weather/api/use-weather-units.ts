import { notifications } from '@mantine/notifications';
import { DEFAULT_PREFERENCES, type WeatherPreferences } from '@site/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useStoredState } from '../../../hooks/use-stored-state';
import { preferencesApi, preferencesQuery } from '../../../lib/preferences-api';
import { readWeatherUnits, saveWeatherUnits } from '../weather-storage';

const sameUnits = (a: WeatherPreferences, b: WeatherPreferences) =>
  a.temperature === b.temperature && a.wind === b.wind && a.precipitation === b.precipitation && a.time === b.time;

/**
 * The units the weather page shows, and a way to change them (docs/decisions.md#weather-units-as-a-preference).
 *
 * - Everyone: the choice is kept in local storage and shown at once on the next visit.
 * - Signed in: the account's units are loaded once per sign-in. Until they arrive the local choice
 *   shows; when they arrive they replace it — unless the account has never saved any
 *   (`updated_at` null), then the local choice is saved to the account instead, so what a visitor
 *   picked before signing up carries over. A change made before the answer wins over it.
 * - Every change is saved locally and, signed in, sent to the server; a failed save keeps the
 *   local choice and says the account was not updated.
 */
export function useWeatherUnits(signedIn: boolean) {
  const [units, setUnits] = useStoredState<WeatherPreferences>(readWeatherUnits, DEFAULT_PREFERENCES.weather);
  const current = useRef(units);
  current.current = units;
  const queryClient = useQueryClient();
  const server = useQuery({ ...preferencesQuery, enabled: signedIn });
  const save = useMutation({
    mutationFn: (next: WeatherPreferences) => preferencesApi.update({ weather: next }),
    onSuccess: (answer) => queryClient.setQueryData(preferencesQuery.queryKey, answer),
    onError: (error) => {
      console.error('Could not save the units', error);
      notifications.show({
        color: 'orange',
        title: 'Units not saved to your account',
        message: 'They are kept in this browser. Try changing them again later.',
      });
    },
  });
  const { mutate } = save;

  // Applied once per sign-in: later answers are our own saves, already shown.
  const settled = useRef(false);
  useEffect(() => {
    if (!signedIn) settled.current = false;
  }, [signedIn]);
  useEffect(() => {
    if (!signedIn || settled.current || !server.data) return;
    settled.current = true;
    const stored = server.data.weather;
    if (server.data.updated_at === null) {
      if (!sameUnits(current.current, stored)) mutate(current.current);
      return;
    }
    setUnits(stored);
    saveWeatherUnits(stored);
  }, [signedIn, server.data, mutate, setUnits]);

  const change = useCallback(
    (next: WeatherPreferences) => {
      setUnits(next);
      saveWeatherUnits(next);
      if (!signedIn) return;
      // A choice made while the account's units load wins over them.
      settled.current = true;
      void queryClient.cancelQueries({ queryKey: preferencesQuery.queryKey });
      mutate(next);
    },
    [signedIn, mutate, queryClient, setUnits],
  );

  return { units, change, saving: save.isPending };
}
