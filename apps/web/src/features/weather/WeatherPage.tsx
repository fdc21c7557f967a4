import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  type FavoriteLocation,
  FORECAST_DAYS_MAX,
  HOURLY_FORECAST_HOURS,
  isValidTimeZone,
  type WeatherPreferences,
  type WeatherResponse,
} from '@site/contract';
import {
  IconAlertCircle,
  IconBookmarks,
  IconCurrentLocation,
  IconSearch,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { AddressInput, type AddressSelection, findAddress } from '../../components/address-input';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OfflineNotice } from '../../components/OfflineNotice';
import { PageLoader } from '../../components/PageLoader';
import { useOnline } from '../../hooks/use-online';
import { useMe } from '../auth';
import {
  storedLocationOf,
  useDeleteFavorite,
  useForecast,
  useSavedLocations,
  type WeatherSearch,
} from './api/use-weather';
import { useWeatherUnits } from './api/use-weather-units';
import type { ForecastRequest } from './api/weather-api';
import { AddFavoriteModal } from './components/AddFavoriteModal';
import { CurrentWeatherCard } from './components/CurrentWeatherCard';
import { DailyForecastList } from './components/DailyForecastList';
import { HourlyForecast } from './components/HourlyForecast';
import { LoginRequiredModal } from './components/LoginRequiredModal';
import { SavedLocationsModal } from './components/SavedLocationsModal';
import { SkyDetails } from './components/SkyDetails';
import { TemperatureUnitToggle } from './components/TemperatureUnitToggle';
import { UnitSettings } from './components/UnitSettings';
import { WeatherAlerts } from './components/WeatherAlerts';
import { type Coordinates, useCurrentPosition } from './use-current-position';
import classes from './WeatherPage.module.css';
import { formatCoordinates, todayIn } from './weather-format';
import { readWeatherLocation, takeSearchToResume } from './weather-storage';

const MY_LOCATION = 'My location';

type Dialog = 'login' | 'add' | 'saved' | 'remove' | null;

/** The saved place at a forecast's point: the server tells favorites apart by coordinates to 4 decimals. */
function favoriteAt(saved: FavoriteLocation[] | undefined, lat: number, lon: number) {
  const key = (value: number) => Math.round(value * 1e4);
  return saved?.find((f) => key(f.lat) === key(lat) && key(f.lon) === key(lon));
}

/** What the chosen suggestion tells the forecast: where, what to call it, its country and zone. */
function requestFor(place: AddressSelection): ForecastRequest {
  const zone = place.timezone?.name;
  return {
    lat: place.lat,
    lon: place.lon,
    formatted: place.formatted,
    ...(place.country_code ? { country_code: place.country_code } : {}),
    ...(zone && isValidTimeZone(zone) ? { timezone: zone } : {}),
  };
}

/**
 * A stored place as a forecast request: the one kept after the last search (searched again after
 * logging in, docs/product.md#search) or a saved favorite ('Get Forecast').
 */
function requestForPlace(
  place: Pick<FavoriteLocation, 'lat' | 'lon' | 'address' | 'country_code' | 'timezone'>,
): ForecastRequest {
  return {
    lat: place.lat,
    lon: place.lon,
    formatted: place.address,
    ...(place.country_code ? { country_code: place.country_code } : {}),
    ...(isValidTimeZone(place.timezone) ? { timezone: place.timezone } : {}),
  };
}

/** docs/product.md#weather screen (/apps/forecast): search a place, see current conditions and 7 days. */
export function WeatherPage() {
  const me = useMe();
  const signedIn = Boolean(me.data);
  const [addressText, setAddressText] = useState('');
  const [chosen, setChosen] = useState<ForecastRequest | null>(null);
  const [search, setSearch] = useState<WeatherSearch | null>(null);
  const { units, change: changeUnits } = useWeatherUnits(signedIn);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [finding, setFinding] = useState(false);
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const forecast = useForecast(search);
  // docs/product.md#offline: offline, the last answer read-only (use-weather.ts keeps it).
  const online = useOnline();
  // Whether the place shown is already saved decides between adding and removing it.
  const saved = useSavedLocations(signedIn && online);
  const removeFavorite = useDeleteFavorite();
  // A longer answer of the same search (16 days, every hour) that fails keeps the shorter one on
  // screen with the error beside it, rather than replacing the page with the error.
  const lastAnswer = useRef<{ id: number; data: WeatherResponse } | null>(null);
  useEffect(() => {
    if (search && forecast.data && !forecast.isPlaceholderData)
      lastAnswer.current = { id: search.id, data: forecast.data };
  }, [search, forecast.data, forecast.isPlaceholderData]);
  const shorterAnswer =
    forecast.isError && search && lastAnswer.current?.id === search.id ? lastAnswer.current.data : null;
  const shown = shorterAnswer ?? forecast.data;
  const savedHere = signedIn && shown ? favoriteAt(saved.data, shown.geodata.lat, shown.geodata.lon) : undefined;

  const runSearch = useCallback((request: ForecastRequest) => {
    setSearch((previous) => ({ id: (previous?.id ?? 0) + 1, request }));
  }, []);

  const position = useCurrentPosition(
    useCallback(
      (coordinates: Coordinates) => {
        // Bare coordinates: the server names the place after the nearest town it knows.
        setAddressText(MY_LOCATION);
        setChosen(coordinates);
        runSearch(coordinates);
      },
      [runSearch],
    ),
  );

  // A successful search clears an old 'Could not use your location' alert.
  const { clearError: clearLocationError } = position;
  useEffect(() => {
    if (forecast.isSuccess) clearLocationError();
  }, [forecast.isSuccess, clearLocationError]);

  /**
   * The last place searched comes back on the next visit (it is in local storage since
   * the seed, for the favorite form). Back from logging in through the 'Login Required' popup
   * that is the same place (docs/product.md#saved-locations); the marker is used up either way.
   */
  useEffect(() => {
    const place = takeSearchToResume() ?? readWeatherLocation();
    if (!place) return;
    const request = requestForPlace(place);
    setAddressText(place.address);
    setChosen(request);
    runSearch(request);
  }, [runSearch]);

  /**
   * Search (the button or Enter): the chosen suggestion, else the top suggestion for the typed
   * text (docs/product.md#search), which the field then shows.
   */
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSearchProblem(null);
    if (chosen) {
      runSearch(chosen);
      return;
    }
    const text = addressText.trim();
    if (text === '' || finding) return;
    setFinding(true);
    try {
      const place = await findAddress(queryClient, text);
      if (!place) {
        setSearchProblem(`No place matches “${text}”. Check the spelling, or pick one of the suggestions.`);
        return;
      }
      const request = requestFor(place);
      setAddressText(place.formatted);
      setChosen(request);
      runSearch(request);
    } catch (error) {
      console.error('Address search failed', error);
      setSearchProblem(
        `The address search did not answer${error instanceof Error && error.message ? `: ${error.message}` : '.'}`,
      );
    } finally {
      setFinding(false);
    }
  };

  const showAllDays = () => setSearch((current) => current && { ...current, days: FORECAST_DAYS_MAX });
  const loadAllHours = () =>
    setSearch((current) => current && (current.allHours ? current : { ...current, allHours: true }));

  const getSavedForecast = (location: FavoriteLocation) => {
    const request = requestForPlace(location);
    setDialog(null);
    setSearchProblem(null);
    setAddressText(location.address);
    setChosen(request);
    runSearch(request);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>Weather Forecast</Title>
        <Group gap="sm">
          <TemperatureUnitToggle
            value={units.temperature}
            onChange={(temperature) => changeUnits({ ...units, temperature })}
          />
          <UnitSettings value={units} onChange={changeUnits} />
          {signedIn && (
            <Button
              variant="default"
              leftSection={<IconBookmarks size={16} />}
              onClick={() => setDialog('saved')}
              disabled={!online}
            >
              Saved Locations
            </Button>
          )}
        </Group>
      </Group>

      {!online && <OfflineNotice />}

      <form onSubmit={submit} noValidate aria-label="Weather search">
        <div className={classes.searchRow}>
          <AddressInput
            aria-label="Location"
            placeholder="Enter address here"
            value={addressText}
            onChange={setAddressText}
            onSelect={(place) => {
              const request = place ? requestFor(place) : null;
              setChosen(request);
              // A picked suggestion is the search: its forecast loads without pressing Search.
              if (request) {
                setSearchProblem(null);
                runSearch(request);
              }
            }}
            submitOnEnter
            className={classes.searchInput}
          />
          <div className={classes.searchButtons}>
            <Button
              type="submit"
              disabled={!online || (!chosen && addressText.trim() === '')}
              loading={finding}
              leftSection={<IconSearch size={16} />}
            >
              Search
            </Button>
            <Button
              variant="light"
              leftSection={<IconCurrentLocation size={16} />}
              onClick={position.locate}
              loading={position.locating}
              disabled={!online}
            >
              Use my location
            </Button>
          </div>
        </div>
        {searchProblem && (
          <Alert
            mt="sm"
            color="orange"
            icon={<IconAlertCircle />}
            title="Could not search for this address"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setSearchProblem(null)}
          >
            {searchProblem}
          </Alert>
        )}
        {position.error && (
          <Alert
            mt="sm"
            color="orange"
            icon={<IconAlertCircle />}
            title="Could not use your location"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={position.clearError}
          >
            {position.error}
          </Alert>
        )}
      </form>

      {search === null ? (
        <Text c="dimmed" ta="center" py="xl">
          Search for a city or address to see its current weather and a 7-day forecast.
        </Text>
      ) : forecast.isPending ? (
        <PageLoader label="Loading the forecast" />
      ) : shorterAnswer ? (
        <Stack gap="lg">
          <Alert color="orange" icon={<IconAlertCircle />} title="Could not load more of the forecast">
            <Text size="sm">{forecast.error?.message}</Text>
            <Button size="xs" mt="sm" variant="white" color="orange" onClick={() => forecast.refetch()}>
              Try again
            </Button>
          </Alert>
          <ForecastResults
            result={shorterAnswer}
            units={units}
            checkingSession={me.isPending}
            savedAs={savedHere}
            onAddToFavorites={() => setDialog(signedIn ? 'add' : 'login')}
            onRemoveFromFavorites={() => setDialog('remove')}
            loadingMore={forecast.isFetching}
          />
        </Stack>
      ) : forecast.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title="Could not load the forecast">
          <Text size="sm">{forecast.error.message}</Text>
          <Button size="xs" mt="sm" variant="white" color="red" onClick={() => forecast.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <ForecastResults
          result={forecast.data}
          units={units}
          checkingSession={me.isPending}
          savedAs={savedHere}
          onAddToFavorites={() => setDialog(signedIn ? 'add' : 'login')}
          onRemoveFromFavorites={() => setDialog('remove')}
          onShowAllDays={search.days === FORECAST_DAYS_MAX ? undefined : showAllDays}
          onNeedHours={search.allHours ? undefined : loadAllHours}
          loadingMore={forecast.isPlaceholderData}
        />
      )}

      <LoginRequiredModal opened={dialog === 'login'} onClose={() => setDialog(null)} />
      <AddFavoriteModal
        opened={dialog === 'add' && signedIn}
        onClose={() => setDialog(null)}
        location={forecast.data ? storedLocationOf(forecast.data) : null}
      />
      <RemoveFavoriteDialog
        opened={dialog === 'remove' && signedIn}
        favorite={savedHere}
        removal={removeFavorite}
        onClose={() => {
          removeFavorite.reset();
          setDialog(null);
        }}
      />
      <SavedLocationsModal
        opened={dialog === 'saved' && signedIn}
        onClose={() => setDialog(null)}
        onGetForecast={getSavedForecast}
      />
    </Stack>
  );
}

/** Asks before removing the shown place from the saved locations; a failure is told inside the dialog. */
function RemoveFavoriteDialog({
  opened,
  favorite,
  removal,
  onClose,
}: {
  opened: boolean;
  favorite: FavoriteLocation | undefined;
  removal: ReturnType<typeof useDeleteFavorite>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      opened={opened && favorite !== undefined}
      title="Remove from Favorites"
      confirmLabel="Remove"
      loading={removal.isPending}
      onCancel={onClose}
      onConfirm={() => favorite && removal.mutate(favorite.locationId, { onSuccess: onClose })}
    >
      Remove <strong>{favorite?.nickname}</strong> from your saved locations?
      {removal.isError && (
        <Alert mt="sm" color="red" icon={<IconAlertCircle />} title="Could not remove the location">
          {removal.error.message}
        </Alert>
      )}
    </ConfirmDialog>
  );
}

interface ForecastResultsProps {
  result: WeatherResponse;
  units: WeatherPreferences;
  checkingSession: boolean;
  /** The signed-in user's saved location at this place, if there is one. */
  savedAs?: FavoriteLocation | undefined;
  onAddToFavorites: () => void;
  onRemoveFromFavorites: () => void;
  onShowAllDays?: () => void;
  /** Asks for every hour of the days shown, when a day past the first 48 hours is opened. */
  onNeedHours?: () => void;
  loadingMore: boolean;
}

function ForecastResults({
  result,
  units,
  checkingSession,
  savedAs,
  onAddToFavorites,
  onRemoveFromFavorites,
  onShowAllDays,
  onNeedHours,
  loadingMore,
}: ForecastResultsProps) {
  const online = useOnline();
  const today = todayIn(result.timezone);
  const todays = result.weather.find((day) => day.date === today) ?? result.weather[0];
  return (
    <Stack gap="lg" component="section" aria-label="Forecast results">
      {/* On a phone the favourite button goes below the place's name rather than squeezing it. */}
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Title order={2} size="h3">
            {result.address}
          </Title>
          <Text size="sm" c="dimmed">
            {formatCoordinates(result.geodata.lat, result.geodata.lon)} · {result.timezone}
          </Text>
          {savedAs && (
            <Text size="sm" c="dimmed">
              <IconStarFilled size={12} aria-hidden /> Saved as “{savedAs.nickname}”
            </Text>
          )}
        </div>
        {savedAs ? (
          <Button
            variant="default"
            leftSection={<IconStarFilled size={16} />}
            onClick={onRemoveFromFavorites}
            disabled={!online}
            style={{ flex: 'none' }}
          >
            Remove from Favorites
          </Button>
        ) : (
          <Button
            variant="light"
            leftSection={<IconStar size={16} />}
            onClick={onAddToFavorites}
            loading={checkingSession}
            disabled={!online}
            style={{ flex: 'none' }}
          >
            Add to Favorites
          </Button>
        )}
      </Group>

      <WeatherAlerts
        alerts={result.alerts}
        status={result.alerts_status}
        timeZone={result.timezone}
        timeFormat={units.time}
      />

      <CurrentWeatherCard
        current={result.current}
        units={units}
        today={todays}
        updatedAt={result.updated_at}
        timeZone={result.timezone}
        source={result.sources.forecast}
      />

      <HourlyForecast
        hours={result.hourly.slice(0, HOURLY_FORECAST_HOURS)}
        current={result.current}
        units={units}
        timeZone={result.timezone}
      />

      <SkyDetails details={result.current_details} air={result.air_quality} units={units} />

      <DailyForecastList
        days={result.weather}
        details={result.daily_details}
        hourly={result.hourly}
        supplemental={result.supplemental}
        countryCode={result.country_code}
        units={units}
        today={today}
        onShowMore={onShowAllDays}
        onNeedHours={onNeedHours}
        loadingMore={loadingMore}
        textSource={result.source === 'open-meteo' ? 'National Weather Service' : 'Demo forecast'}
      />

      <Text size="xs" c="dimmed" ta="center">
        {result.source === 'open-meteo' ? (
          <>
            Weather data by{' '}
            <Anchor href="https://open-meteo.com/" target="_blank" rel="noreferrer" inherit>
              Open-Meteo.com
            </Anchor>
            {Object.values(result.supplemental).some((periods) => periods.length > 0) &&
              ', detailed forecasts by the US National Weather Service'}
            {result.sources.alerts &&
              result.sources.alerts !== result.sources.forecast &&
              `, alerts by ${result.sources.alerts}`}
            .
          </>
        ) : (
          'Simulated demo weather, not a real forecast.'
        )}{' '}
        Icons: Meteocons by Bas Milius.
      </Text>
    </Stack>
  );
}
