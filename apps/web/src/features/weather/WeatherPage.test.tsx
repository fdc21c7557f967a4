import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collection, denver, paris } from '../../components/address-input/test-fixtures';
import { apiError, callsTo, type MockRoute, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { denverWeather, favorite, me, parisWeather, withoutStrip } from './test-fixtures';
import {
  choose,
  currentCard,
  DENVER_QUERY,
  openDay,
  reading,
  rememberDenver,
  renderPage,
  searchFor,
  signIn,
  weatherQuery,
} from './test-page';
import { WeatherPage } from './WeatherPage';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  sessionStorage.clear();
});

describe('WeatherPage', () => {
  it('shows the search form and hides results until a search', async () => {
    const { fetchMock } = renderPage({});
    expect(screen.getByRole('heading', { level: 1, name: 'Weather Forecast' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAttribute('placeholder', 'Enter address here');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Current Weather' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Favorites' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Saved Locations' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/weather')).toHaveLength(0);
  });

  it('searches the chosen place and shows current conditions and daily cards', async () => {
    const { user, fetchMock } = renderPage({ 'GET /api/weather': { body: denverWeather() } });
    await choose(user, 'Denver', /Denver/);
    const search = screen.getByRole('button', { name: 'Search' });
    expect(search).toBeEnabled();
    await user.click(search);

    expect(await screen.findByRole('heading', { name: 'Denver, Colorado, United States' })).toBeInTheDocument();
    expect(weatherQuery(fetchMock)).toEqual(DENVER_QUERY);

    const current = currentCard();
    expect(within(current).getByTestId('current-temperature')).toHaveTextContent('55°F');
    expect(within(current).getByRole('img', { name: 'Sunny' })).toBeInTheDocument();
    expect(reading(current, 'Feels like')).toBe('47°F');
    expect(reading(current, 'Cloud coverage')).toBe('18%');
    expect(reading(current, 'Humidity')).toBe('48%');
    expect(reading(current, 'Wind speed')).toBe('8.1 mph');
    expect(reading(current, 'Wind direction')).toBe('WNW285°');
    expect(reading(current, 'Wind gust')).toBe('14.4 mph');

    const days = screen.getAllByRole('article');
    expect(days).toHaveLength(7);
    const first = await openDay(user, 'Sat, Nov 21');
    const row = (day: HTMLElement) => within(day).getByRole('button', { expanded: true });
    expect(within(row(first)).getByRole('img', { name: 'Mainly Sunny' })).toBeInTheDocument();
    expect(reading(first, 'Hi')).toBe('57°F');
    expect(reading(first, 'Lo')).toBe('37°F');
    expect(reading(first, 'Chance of precipitation')).toBe('20%');
    expect(reading(first, 'Precipitation')).toBe('0.03 in');
    expect(reading(first, 'Feels like hi')).toBe('50°F');
    expect(reading(first, 'Feels like lo')).toBe('30°F');
    expect(reading(first, 'Wind speed')).toBe('9.5 mph');
    expect(reading(first, 'Wind gust')).toBe('18.6 mph');
    // The date's periods, each under its name.
    expect(within(first).getByText('Today')).toBeInTheDocument();
    expect(within(first).getByText('Forecast text for day 1.')).toBeInTheDocument();
    expect(within(first).getByText('Tonight')).toBeInTheDocument();
    expect(within(first).getByText('Forecast text for night 1.')).toBeInTheDocument();

    // A rainy day with missing readings, and no text forecast for the last day.
    const sixth = await openDay(user, 'Thu, Nov 26');
    expect(within(row(sixth)).getByRole('img', { name: 'Light Rain' })).toBeInTheDocument();
    expect(reading(sixth, 'Hi')).toBe('—');
    expect(reading(sixth, 'Wind gust')).toBe('—');
    expect(reading(sixth, 'Precipitation')).toBe('0.50 in');
    const last = await openDay(user, 'Fri, Nov 27');
    expect(within(last).getByText('Detailed forecast is not available for this location.')).toBeInTheDocument();

    // docs/api.md#compatibility-promise client storage, for the favorite form.
    expect(localStorage.getItem('address')).toBe('Denver, Colorado, United States');
    expect(localStorage.getItem('lat')).toBe('39.74');
    expect(localStorage.getItem('lon')).toBe('-104.98');
    expect(localStorage.getItem('timezone')).toBe('America/Denver');
    expect(localStorage.getItem('country_code')).toBe('us');
  });

  it('explains the missing detailed forecasts outside the US and shows night icons', async () => {
    const { user } = renderPage({ 'GET /api/weather': { body: parisWeather() } });
    await searchFor(user, 'Paris', /Paris/);
    expect(await screen.findByRole('heading', { name: 'Paris, Île-de-France, France' })).toBeInTheDocument();
    for (const name of ['Sat, Nov 21', 'Fri, Nov 27']) {
      const day = await openDay(user, name);
      expect(
        within(day).getByText('Detailed forecast not available for locations outside of the US.'),
      ).toBeInTheDocument();
    }
    expect(screen.getByText('Weather alerts are not available for this location')).toBeInTheDocument();
    expect(within(currentCard()).getByRole('img', { name: 'Rain' })).toBeInTheDocument();
    expect(within(currentCard()).getByTestId('current-temperature')).toHaveTextContent('—');
  });

  it('loads the forecast as soon as a suggestion is picked, without pressing Search', async () => {
    const { user, fetchMock } = renderPage({ 'GET /api/weather': { body: denverWeather() } });
    await choose(user, 'Denver', /Denver/);
    expect(await screen.findByRole('heading', { name: 'Denver, Colorado, United States' })).toBeInTheDocument();
    expect(weatherQuery(fetchMock)).toEqual(DENVER_QUERY);
    expect(callsTo(fetchMock, 'GET', '/api/weather')).toHaveLength(1);
  });

  it('shows a saved place as saved, removes it after confirmation, and offers to add it again', async () => {
    rememberDenver();
    signIn();
    let list = [
      favorite(1, 'Home'),
      favorite(2, 'Paris trip', { address: 'Paris, Île-de-France, France', lat: 48.8534, lon: 2.3488 }),
    ];
    const { user, fetchMock } = renderPage({
      'GET /api/me': { body: me },
      'GET /api/weather': { body: withoutStrip(denverWeather()) },
      'GET /api/weather/saved': () => ({ body: list }),
      'DELETE /api/weather/saved': () => {
        list = list.filter((f) => f.locationId !== 1);
        return { body: { status: 'success', data: list } };
      },
    });
    const results = await screen.findByRole('region', { name: 'Forecast results' });
    // The answer's point (39.74, -104.98) is where "Home" was saved.
    const remove = await within(results).findByRole('button', { name: 'Remove from Favorites' });
    expect(within(results).queryByRole('button', { name: 'Add to Favorites' })).not.toBeInTheDocument();
    expect(within(results).getByText(/Saved as “Home”/)).toBeInTheDocument();

    await user.click(remove);
    const confirm = await screen.findByRole('dialog', { name: 'Remove from Favorites' });
    expect(confirm).toHaveTextContent('Remove Home from your saved locations?');
    expect(callsTo(fetchMock, 'DELETE', '/api/weather/saved')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    expect(await within(results).findByRole('button', { name: 'Add to Favorites' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/weather/saved')[0]?.body).toEqual({ location_id: 1 });
    expect(within(results).queryByText(/Saved as/)).not.toBeInTheDocument();
  });

  it('turns Add to Favorites into Remove from Favorites once the place is added', async () => {
    rememberDenver();
    signIn();
    const list: ReturnType<typeof favorite>[] = [];
    const { user } = renderPage({
      'GET /api/me': { body: me },
      'GET /api/weather': { body: withoutStrip(denverWeather()) },
      'GET /api/weather/saved': () => ({ body: list }),
      'POST /api/weather': () => {
        list.push(favorite(11, 'Mile High'));
        return { body: list[0] };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add to Favorites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Favorites' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Favorite' }));
    expect(await screen.findByRole('button', { name: 'Remove from Favorites' })).toBeInTheDocument();
    expect(screen.getByText(/Saved as “Mile High”/)).toBeInTheDocument();
  });

  it('shows a loader while waiting, clears old results on a new search, and reports failures', async () => {
    let release: (() => void) | undefined;
    let answer: MockRoute = { body: denverWeather() };
    const base = mockFetch({
      'GET /api/geocode/autocomplete': { body: collection([denver, paris]) },
      'GET /api/weather': () => answer,
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/weather?') && answer.status) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      return base(input, init);
    });
    const { user } = renderWithProviders(<WeatherPage />);
    await searchFor(user, 'Denver', /Denver/);
    expect(await screen.findByRole('heading', { name: 'Denver, Colorado, United States' })).toBeInTheDocument();

    answer = apiError(503, 'The weather service is not answering. Please try again in a minute.');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('status', { name: 'Loading the forecast' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Denver, Colorado, United States' })).not.toBeInTheDocument();
    release?.();
    expect(await screen.findByText('Could not load the forecast')).toBeInTheDocument();
    expect(screen.getByText('The weather service is not answering. Please try again in a minute.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks a visitor to log in before adding a favorite', async () => {
    rememberDenver();
    const { user, fetchMock } = renderPage({ 'GET /api/weather': { body: withoutStrip(denverWeather()) } });
    await user.click(await screen.findByRole('button', { name: 'Add to Favorites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login Required' });
    expect(within(dialog).getByText('You must be logged in to add favorites.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Signup' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Login Required' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/weather')).toHaveLength(0);
  });

  it('adds a favorite with a nickname for a signed-in user', async () => {
    rememberDenver();
    signIn();
    const { user, fetchMock } = renderPage({
      'GET /api/me': { body: me },
      'GET /api/weather': { body: withoutStrip(denverWeather()) },
      'POST /api/weather': { body: favorite(11, 'Home') },
    });
    await user.click(await screen.findByRole('button', { name: 'Add to Favorites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Favorites' });
    const nickname = within(dialog).getByRole('textbox', { name: /Nickname/ });
    expect(nickname).toHaveAttribute('placeholder', 'Denver, Colorado, United States');
    await user.type(nickname, '  Home ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Favorite' }));

    expect(await screen.findByText('“Home” is in your saved locations.')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/weather');
    expect(call?.body).toEqual({
      address: 'Denver, Colorado, United States',
      lat: 39.74,
      lon: -104.98,
      timezone: 'America/Denver',
      country_code: 'us',
      nickname: 'Home',
    });
    expect(new Headers(call?.init?.headers).get('X-CSRFToken')).toBe('csrf-123');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add to Favorites' })).not.toBeInTheDocument());
  });

  it('leaves the nickname out when empty and shows why a favorite was refused', async () => {
    rememberDenver();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    const { user, fetchMock } = renderPage({
      'GET /api/me': { body: me },
      'GET /api/weather': { body: withoutStrip(denverWeather()) },
      'POST /api/weather': apiError(409, '“Home” is already in your saved locations.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Add to Favorites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Favorites' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Favorite' }));
    expect(await within(dialog).findByText('“Home” is already in your saved locations.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/weather')[0]?.body).not.toHaveProperty('nickname');
    // docs/product.md#messages: the failure is also logged.
    expect(errors).toHaveBeenCalledWith('Failed to add favorite', expect.anything());
  });

  it('lists saved locations and gets the forecast of one', async () => {
    signIn();
    const { user, fetchMock } = renderPage({
      'GET /api/me': { body: me },
      'GET /api/weather/saved': {
        body: [
          favorite(1, 'Home'),
          favorite(2, 'Paris trip', {
            address: 'Paris, Île-de-France, France',
            lat: 48.8534,
            lon: 2.3488,
            timezone: 'Europe/Paris',
            country_code: 'fr',
          }),
        ],
      },
      'GET /api/weather': { body: parisWeather() },
    });
    await user.click(await screen.findByRole('button', { name: 'Saved Locations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved Locations' });
    const home = await within(dialog).findByRole('listitem', { name: 'Home' });
    expect(within(home).getByText('Denver, Colorado, United States')).toBeInTheDocument();
    const trip = within(dialog).getByRole('listitem', { name: 'Paris trip' });
    expect(within(trip).getByText('Paris, Île-de-France, France')).toBeInTheDocument();

    await user.click(within(trip).getByRole('button', { name: 'Get Forecast' }));
    expect(await screen.findByRole('heading', { name: 'Paris, Île-de-France, France' })).toBeInTheDocument();
    expect(weatherQuery(fetchMock)).toEqual({
      lat: '48.8534',
      lon: '2.3488',
      country_code: 'fr',
      formatted: 'Paris, Île-de-France, France',
      timezone: 'Europe/Paris',
    });
    expect(screen.queryByRole('dialog', { name: 'Saved Locations' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Paris, Île-de-France, France');
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
  });

  it('deletes a saved location after confirmation, from the answer’s list', async () => {
    signIn();
    const { user, fetchMock } = renderPage({
      'GET /api/me': { body: me },
      'GET /api/weather/saved': { body: [favorite(1, 'Home'), favorite(2, 'Office')] },
      'DELETE /api/weather/saved': { body: { status: 'success', data: [favorite(2, 'Office')] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Saved Locations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved Locations' });
    const home = await within(dialog).findByRole('listitem', { name: 'Home' });
    await user.click(within(home).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete saved location' });
    expect(callsTo(fetchMock, 'DELETE', '/api/weather/saved')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(within(dialog).queryByRole('listitem', { name: 'Home' })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('listitem', { name: 'Office' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/weather/saved')[0]?.body).toEqual({ location_id: 1 });
  });

  it.each([
    ['a status other than success', { status: 'error', data: [] }],
    ['data that is not a list', { status: 'success', data: 'gone' }],
  ])('keeps the list and explains when the delete answer has %s', async (_case, body) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    const { user } = renderPage({
      'GET /api/me': { body: me },
      'GET /api/weather/saved': { body: [favorite(1, 'Home'), favorite(2, 'Office')] },
      'DELETE /api/weather/saved': { body },
    });
    await user.click(await screen.findByRole('button', { name: 'Saved Locations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved Locations' });
    await user.click(
      within(await within(dialog).findByRole('listitem', { name: 'Home' })).getByRole('button', { name: 'Delete' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete saved location' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    expect(await within(dialog).findByText('Could not delete the location')).toBeInTheDocument();
    expect(within(dialog).getByText(/did not confirm the deletion/)).toBeInTheDocument();
    expect(within(dialog).getByRole('listitem', { name: 'Home' })).toBeInTheDocument();
    expect(within(dialog).getByRole('listitem', { name: 'Office' })).toBeInTheDocument();
  });

  it('converts temperatures to °C and remembers the choice', async () => {
    rememberDenver();
    const { user, unmount } = renderPage({ 'GET /api/weather': { body: withoutStrip(denverWeather()) } });
    await screen.findByRole('region', { name: 'Current Weather' });
    await user.click(screen.getByRole('radio', { name: '°C' }));

    expect(within(currentCard()).getByTestId('current-temperature')).toHaveTextContent('13°C');
    expect(reading(currentCard(), 'Feels like')).toBe('9°C');
    // Wind stays in mph.
    expect(reading(currentCard(), 'Wind speed')).toBe('8.1 mph');
    const first = await openDay(user, 'Sat, Nov 21');
    expect(reading(first, 'Hi')).toBe('14°C');
    expect(reading(first, 'Lo')).toBe('3°C');
    expect(reading(first, 'Feels like lo')).toBe('-1°C');
    expect(localStorage.getItem('weatherTemperatureUnit')).toBe('C');

    unmount();
    renderPage({});
    expect(screen.getByRole('radio', { name: '°C' })).toBeChecked();
  });

  it('shows visibility and pressure in metric units after switching to °C', async () => {
    rememberDenver();
    const { user } = renderPage({ 'GET /api/weather': { body: withoutStrip(denverWeather()) } });
    const tile = async (name: string) => screen.findByRole('listitem', { name });
    expect(await tile('Visibility')).toHaveTextContent('9.9 mi');
    expect(await tile('Pressure')).toHaveTextContent('30.07 inHg');
    await user.click(screen.getByRole('radio', { name: '°C' }));
    expect(await tile('Visibility')).toHaveTextContent('15.9 km');
    expect(await tile('Pressure')).toHaveTextContent('1,018 hPa');
    await user.click(screen.getByRole('button', { name: 'Units' }));
    expect(await screen.findByText('Visibility in km, pressure in hPa.')).toBeInTheDocument();
  });

  it('searches at the device position with “Use my location”', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 39.739151, longitude: -104.984703 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { user, fetchMock } = renderPage({
      'GET /api/weather': { body: denverWeather({ address: 'Denver, Colorado, United States' }) },
    });
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('heading', { name: 'Denver, Colorado, United States' })).toBeInTheDocument();
    // Bare coordinates: the server names the place and finds its country and zone.
    expect(weatherQuery(fetchMock)).toEqual({ lat: '39.7392', lon: '-104.9847' });
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('My location');
  });

  it('explains a refused location request', async () => {
    const getCurrentPosition = vi.fn((_success: PositionCallback, failure?: PositionErrorCallback | null) =>
      failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { user, fetchMock } = renderPage({});
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/Location access was denied/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/weather')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Current Weather' })).not.toBeInTheDocument();
  });

  it('searches the top suggestion when Enter is pressed on typed text with nothing highlighted', async () => {
    const { user, fetchMock } = renderPage({ 'GET /api/weather': { body: denverWeather() } });
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user.type(input, 'Denver');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Denver, Colorado, United States' })).toBeInTheDocument();
    expect(weatherQuery(fetchMock)).toEqual(DENVER_QUERY);
    expect(input).toHaveValue('Denver, Colorado, United States');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('looks typed text up when Search is pressed without a suggestion, and says when nothing matches', async () => {
    const { user, fetchMock } = renderPage({ 'GET /api/weather': { body: parisWeather() } }, [paris]);
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user.type(input, 'Paris');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Paris, Île-de-France, France' })).toBeInTheDocument();
    expect(weatherQuery(fetchMock)).toMatchObject({ country_code: 'fr', formatted: paris.properties.formatted });

    // A new visit without the remembered place.
    localStorage.clear();
    const empty = renderPage({}, []);
    const second = within(empty.container).getByRole('combobox', { name: 'Location' });
    await empty.user.type(second, 'Nowhere at all{Enter}');
    expect(await within(empty.container).findByText(/No place matches “Nowhere at all”/)).toBeInTheDocument();
  });

  it('searches the stored place again after logging in from the Login Required popup', async () => {
    const first = renderPage({ 'GET /api/weather': { body: denverWeather() } });
    await searchFor(first.user, 'Denver', /Denver/);
    await first.user.click(await screen.findByRole('button', { name: 'Add to Favorites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login Required' });
    await first.user.click(within(dialog).getByRole('button', { name: 'Login' }));
    // The log-in reloads the page: a fresh page, with only the browser's storage left.
    first.unmount();
    const { fetchMock } = renderPage({ 'GET /api/weather': { body: denverWeather() } });
    expect(await screen.findByRole('heading', { name: 'Denver, Colorado, United States' })).toBeInTheDocument();
    expect(weatherQuery(fetchMock)).toEqual(DENVER_QUERY);
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Denver, Colorado, United States');
    // The marker is one shot; a later visit still comes back to the remembered place.
    expect(sessionStorage.getItem('weatherResumeSearch')).toBeNull();
    cleanup();
    renderPage({ 'GET /api/weather': { body: denverWeather() } });
    expect(await screen.findByRole('heading', { name: 'Denver, Colorado, United States' })).toBeInTheDocument();
  });

  it('clears the “Could not use your location” alert after a later successful search', async () => {
    const getCurrentPosition = vi.fn((_success: PositionCallback, failure?: PositionErrorCallback | null) =>
      failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { user } = renderPage({ 'GET /api/weather': { body: denverWeather() } });
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Could not use your location')).toBeInTheDocument();
    await searchFor(user, 'Denver', /Denver/);
    expect(await screen.findByRole('heading', { name: 'Denver, Colorado, United States' })).toBeInTheDocument();
    // Cleared by an effect of the success, which may commit after the heading's render.
    await waitFor(() => expect(screen.queryByText('Could not use your location')).not.toBeInTheDocument());
  });
});
