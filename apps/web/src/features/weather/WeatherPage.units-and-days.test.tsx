import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo } from '../../test/fetch-mock';
import { getLabelled, getNamed } from '../../test/queries';
import { denverHours, denverWeather, denverWeatherDays, me, withoutStrip } from './test-fixtures';
import {
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

const results = () => getLabelled('region', 'Forecast results');
const strip = () => screen.getByRole('region', { name: /Hourly forecast/ });
const sky = () => screen.getByRole('region', { name: 'Today’s sky' });
const tile = (label: string) => getLabelled('listitem', label, sky());

/** Picks a unit in the Units popover (it stays open between choices). */
async function pickUnits(user: UserEvent, choices: string[]) {
  await user.click(getNamed('button', 'Units'));
  const dialog = await screen.findByRole('dialog');
  for (const label of choices) await user.click(within(dialog).getByRole('radio', { name: label }));
  await user.keyboard('{Escape}');
}

/** Imperial marks left in the results: none may stay after switching to metric ('°Feels' is '9°' + 'Feels like'). */
const imperial = (text: string) => text.match(/°F(?!eels)|\bmph\b|\d in\b|inHg|\d mi\b|\b(AM|PM)\b/g) ?? [];

afterEach(() => {
  sessionStorage.clear();
});

describe('WeatherPage: units, the remembered place and 16 days', () => {
  it('converts every number on the page when the units change, without asking the server again', async () => {
    rememberDenver();
    const { user, fetchMock, unmount } = renderPage({ 'GET /api/weather': { body: denverWeather() } });
    await screen.findByRole('region', { name: 'Current Weather' });
    await openDay(user, 'Sat, Nov 21');
    expect(imperial(results().textContent ?? '').length).toBeGreaterThan(10);

    await pickUnits(user, ['°C', 'km/h', 'mm', '24-hour']);

    expect(imperial(results().textContent ?? '')).toEqual([]);
    expect(within(currentCard()).getByTestId('current-temperature')).toHaveTextContent('13°C');
    expect(reading(currentCard(), 'Wind speed')).toBe('13.1 km/h');
    expect(reading(currentCard(), 'Wind gust')).toBe('23.2 km/h');
    expect(within(currentCard()).getByText(/Updated 10:00 MST/)).toBeInTheDocument();
    // The strip: 24-hour clock, °, km/h.
    const hours = within(strip()).getAllByTestId('hour');
    expect(within(hours[1] as HTMLElement).getByText('11:00')).toBeInTheDocument();
    expect(within(hours[1] as HTMLElement).getByText('10 km/h')).toBeInTheDocument();
    // Sky tiles.
    expect(within(tile('Dew point')).getByText('-1°C')).toBeInTheDocument();
    expect(within(tile('Pressure')).getByText(/1,018 hPa/)).toBeInTheDocument();
    expect(within(tile('Visibility')).getByText('15.9 km')).toBeInTheDocument();
    expect(within(tile('Sunrise')).getByText('06:58')).toBeInTheDocument();
    // The opened day.
    const day = getLabelled('article', 'Sat, Nov 21');
    expect(reading(day, 'Precipitation')).toBe('0.9 mm');
    expect(reading(day, 'Wind speed')).toBe('15.3 km/h');
    expect(reading(day, 'Hi')).toBe('14°C');

    expect(callsTo(fetchMock, 'GET', '/api/weather')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('weatherUnits') ?? '{}')).toEqual({
      temperature: 'C',
      wind: 'kmh',
      precipitation: 'mm',
      time: '24h',
    });
    // The header's quick °F/°C switch shows the same choice, and a new visit keeps all four.
    expect(within(getLabelled('radiogroup', 'Temperature unit')).getByRole('radio', { name: '°C' })).toBeChecked();
    unmount();
    renderPage({ 'GET /api/weather': { body: withoutStrip(denverWeather()) } });
    expect(await screen.findByTestId('current-temperature')).toHaveTextContent('13°C');
    expect(reading(currentCard(), 'Wind speed')).toBe('13.1 km/h');
  });

  it('offers wind in m/s and knots', async () => {
    rememberDenver();
    const { user } = renderPage({ 'GET /api/weather': { body: withoutStrip(denverWeather()) } });
    await screen.findByRole('region', { name: 'Current Weather' });
    await pickUnits(user, ['m/s']);
    expect(reading(currentCard(), 'Wind speed')).toBe('3.6 m/s');
    await pickUnits(user, ['knots']);
    expect(reading(currentCard(), 'Wind speed')).toBe('7.1 kn');
  });

  it('comes back to the last place searched on the next visit', async () => {
    const first = renderPage({ 'GET /api/weather': { body: withoutStrip(denverWeather()) } });
    await searchFor(first.user, 'Denver', /Denver/);
    await screen.findByRole('region', { name: 'Current Weather' });
    first.unmount();

    const { fetchMock } = renderPage({ 'GET /api/weather': { body: withoutStrip(denverWeather()) } });
    expect(await screen.findByRole('heading', { name: 'Denver, Colorado, United States' })).toBeInTheDocument();
    expect(weatherQuery(fetchMock)).toEqual(DENVER_QUERY);
    expect(getLabelled('combobox', 'Location')).toHaveValue('Denver, Colorado, United States');
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeEnabled();
  });

  it('shows 16 days on request, keeping the 7 on screen until they arrive', async () => {
    rememberDenver();
    const { user, fetchMock } = renderPage({
      'GET /api/weather': () => ({
        // The stubbed fetch itself: the page asks as it opens, before renderPage returns fetchMock.
        body: withoutStrip(
          denverWeatherDays(vi.mocked(fetch).mock.calls.some(([input]) => String(input).includes('days=16')) ? 16 : 7),
        ),
      }),
    });
    await screen.findByRole('region', { name: 'Current Weather' });
    expect(screen.getAllByRole('article')).toHaveLength(7);
    expect(weatherQuery(fetchMock).days).toBeUndefined();

    await user.click(getNamed('button', 'Show 16 days'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(16));
    expect(weatherQuery(fetchMock, 1)).toEqual({ ...DENVER_QUERY, days: '16' });
    expect(screen.queryByRole('button', { name: 'Show 16 days' })).not.toBeInTheDocument();
    // The range bar of each day is measured against all 16: the first is the coldest, the last the warmest.
    const rows = screen.getAllByRole('article');
    expect(within(rows[15] as HTMLElement).getByRole('button', { expanded: false })).toHaveAccessibleName(
      /low 45°, high 65°/,
    );
  });

  it('keeps the 7 days on screen when 16 days fail, with the error and a way to try again', async () => {
    rememberDenver();
    let failLonger = true;
    const { user } = renderPage({
      'GET /api/weather': () => {
        // The stubbed fetch itself: the page asks as it opens, before renderPage returns fetchMock.
        const longer = String(vi.mocked(fetch).mock.calls.at(-1)?.[0]).includes('days=16');
        if (longer && failLonger) return apiError(502, 'The weather service did not answer.');
        return { body: withoutStrip(denverWeatherDays(longer ? 16 : 7)) };
      },
    });
    await screen.findByRole('region', { name: 'Current Weather' });

    await user.click(getNamed('button', 'Show 16 days'));
    expect(await screen.findByText('Could not load more of the forecast')).toBeInTheDocument();
    expect(screen.getByText('The weather service did not answer.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(7);

    failLonger = false;
    await user.click(getNamed('button', 'Try again'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(16));
    expect(screen.queryByText('Could not load more of the forecast')).not.toBeInTheDocument();
  });

  it('loads a signed-in user’s units from the account and saves changes there', async () => {
    rememberDenver();
    signIn();
    const stored = { weather: { temperature: 'C', wind: 'kn', precipitation: 'mm', time: '24h' } };
    const { user, fetchMock } = renderPage({
      'GET /api/me': { body: me },
      'GET /api/weather': { body: withoutStrip(denverWeather()) },
      'GET /api/preferences': { body: { ...stored, updated_at: '2026-11-01T00:00:00.000Z' } },
      'PUT /api/preferences': (init) => ({
        body: { ...JSON.parse(String(init?.body)), updated_at: '2026-11-21T00:00:00.000Z' },
      }),
    });
    await waitFor(() => expect(within(currentCard()).getByTestId('current-temperature')).toHaveTextContent('13°C'));
    expect(reading(currentCard(), 'Wind speed')).toBe('7.1 kn');
    expect(JSON.parse(localStorage.getItem('weatherUnits') ?? '{}')).toEqual(stored.weather);

    await pickUnits(user, ['mph']);
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/preferences')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/preferences')[0]?.body).toEqual({
      weather: { ...stored.weather, wind: 'mph' },
    });
    expect(reading(currentCard(), 'Wind speed')).toBe('8.1 mph');
  });

  it('carries a visitor’s units to an account that has never saved any', async () => {
    localStorage.setItem(
      'weatherUnits',
      JSON.stringify({ temperature: 'C', wind: 'kmh', precipitation: 'in', time: '12h' }),
    );
    signIn();
    const { fetchMock } = renderPage({
      'GET /api/me': { body: me },
      'GET /api/preferences': {
        body: { weather: { temperature: 'F', wind: 'mph', precipitation: 'in', time: '12h' }, updated_at: null },
      },
      'PUT /api/preferences': (init) => ({ body: { ...JSON.parse(String(init?.body)), updated_at: 'x' } }),
    });
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/preferences')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/preferences')[0]?.body).toEqual({
      weather: { temperature: 'C', wind: 'kmh', precipitation: 'in', time: '12h' },
    });
    expect(within(getLabelled('radiogroup', 'Temperature unit')).getByRole('radio', { name: '°C' })).toBeChecked();
  });

  it('keeps a change in this browser and says so when the account cannot save it', async () => {
    rememberDenver();
    signIn();
    const { user } = renderPage({
      'GET /api/me': { body: me },
      'GET /api/weather': { body: withoutStrip(denverWeather()) },
      'GET /api/preferences': {
        body: { weather: { temperature: 'F', wind: 'mph', precipitation: 'in', time: '12h' }, updated_at: null },
      },
      'PUT /api/preferences': apiError(503, 'The database is busy.'),
    });
    await screen.findByRole('region', { name: 'Current Weather' });
    await pickUnits(user, ['km/h']);
    expect(await screen.findByText('Units not saved to your account')).toBeInTheDocument();
    expect(reading(currentCard(), 'Wind speed')).toBe('13.1 km/h');
    expect(JSON.parse(localStorage.getItem('weatherUnits') ?? '{}').wind).toBe('kmh');
  });

  it('opens a day past the first 48 hours to its hours, asking once for every hour of the days shown', async () => {
    rememberDenver();
    const { user, fetchMock } = renderPage({
      'GET /api/weather': () => ({
        // The stubbed fetch itself: the page asks as it opens, before renderPage returns fetchMock.
        body: vi.mocked(fetch).mock.calls.some(([input]) => String(input).includes('hours=168'))
          ? denverWeather({ hourly: denverHours(168) })
          : denverWeather(),
      }),
    });
    await screen.findByRole('region', { name: 'Current Weather' });
    // Nov 21–23 are in the first 48 hours: no new request.
    const sunday = await openDay(user, 'Sun, Nov 22');
    expect(
      within(within(sunday).getByRole('list', { name: 'Hours of the day' })).getAllByRole('listitem'),
    ).toHaveLength(24);
    expect(callsTo(fetchMock, 'GET', '/api/weather')).toHaveLength(1);

    await openDay(user, 'Wed, Nov 25');
    const wednesday = getLabelled('article', 'Wed, Nov 25');
    const hours = await within(wednesday).findByRole('list', { name: 'Hours of the day' });
    expect(within(hours).getAllByRole('listitem')).toHaveLength(24);
    expect(weatherQuery(fetchMock, 1)).toEqual({ ...DENVER_QUERY, hours: '168' });
    // The strip still shows the next 48 hours.
    expect(within(strip()).getAllByTestId('hour')).toHaveLength(48);
    // Asked once: another far day uses the same answer.
    await openDay(user, 'Fri, Nov 27');
    expect(callsTo(fetchMock, 'GET', '/api/weather')).toHaveLength(2);
  });
});
