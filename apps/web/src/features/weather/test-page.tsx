import { apiUrl, type GeocodeFeature, routes } from '@site/contract';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { collection, denver, paris } from '../../components/address-input/test-fixtures';
import { setCookie } from '../../test/cookies';
import { mockFetch } from '../../test/fetch-mock';
import { getLabelled } from '../../test/queries';
import { renderWithProviders } from '../../test/render';
import { WeatherPage } from './WeatherPage';
import { saveWeatherLocation } from './weather-storage';

/** Helpers of the weather page's tests (WeatherPage*.test.tsx). */

export type Routes = Parameters<typeof mockFetch>[0];

export function signIn() {
  setCookie('csrftoken', 'csrf-123');
}

/** The query of the n-th GET /api/weather. */
export function weatherQuery(fetchMock: ReturnType<typeof mockFetch>, index = 0) {
  const urls = fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === apiUrl(routes.weather.forecast));
  return Object.fromEntries(urls[index]?.searchParams ?? []);
}

/** What the page sends for the Denver suggestion: the place's point, country, address and zone. */
export const DENVER_QUERY = {
  lat: '39.74',
  lon: '-104.98',
  country_code: 'us',
  formatted: 'Denver, Colorado, United States',
  timezone: 'America/Denver',
};

/**
 * A returning visitor: the page opens on Denver, the last place searched, as a search for the
 * Denver suggestion leaves it (the remembered-place test holds the two to the same request). For
 * tests about the forecast rather than the search: typing and the suggestions cost a third of one.
 */
export function rememberDenver() {
  saveWeatherLocation({
    address: DENVER_QUERY.formatted,
    lat: Number(DENVER_QUERY.lat),
    lon: Number(DENVER_QUERY.lon),
    timezone: DENVER_QUERY.timezone,
    country_code: DENVER_QUERY.country_code,
  });
}

export function renderPage(routes: Routes, suggestions: GeocodeFeature[] = [denver, paris]) {
  const fetchMock = mockFetch({
    'GET /api/geocode/autocomplete': { body: collection(suggestions) },
    ...routes,
  });
  const view = renderWithProviders(<WeatherPage />, { route: '/apps/forecast' });
  return { ...view, fetchMock };
}

export async function choose(user: UserEvent, text: string, option: RegExp) {
  await user.type(getLabelled('combobox', 'Location'), text);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Picks a suggestion, which searches it at once. */
export async function searchFor(user: UserEvent, text: string, option: RegExp) {
  await choose(user, text, option);
}

/** The value shown for a label in a card's readings. */
export function reading(container: HTMLElement, label: string) {
  return within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

export const currentCard = () => screen.getByRole('region', { name: 'Current Weather' });

/** Opens a day of the daily list (its readings and text show only when open) and returns it. */
export async function openDay(user: UserEvent, name: string) {
  const day = getLabelled('article', name);
  await user.click(within(day).getByRole('button', { expanded: false }));
  await within(day).findByText('Detailed forecast');
  return day;
}
