import { DEFAULT_PREFERENCES } from '@site/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { daily, denverWeather } from '../test-fixtures';
import { CurrentWeatherCard } from './CurrentWeatherCard';

const units = DEFAULT_PREFERENCES.weather;

function renderHero(overrides: Partial<ReturnType<typeof denverWeather>['current']> = {}) {
  const weather = denverWeather();
  renderWithProviders(
    <CurrentWeatherCard
      current={{ ...weather.current, ...overrides }}
      units={units}
      today={daily('2026-11-21')}
      updatedAt="2026-11-21T17:05:00.000Z"
      timeZone="America/Denver"
      source="Open-Meteo"
    />,
  );
  return screen.getByRole('region', { name: 'Current Weather' });
}

describe('CurrentWeatherCard (the hero)', () => {
  it('shows the big temperature, condition, Hi/Lo, feels like, and when and where the numbers came from', () => {
    const hero = renderHero();
    expect(within(hero).getByTestId('current-temperature')).toHaveTextContent('55°F');
    expect(within(hero).getByText('Sunny')).toBeInTheDocument();
    expect(within(hero).getByText('H 57°F · L 37°F')).toBeInTheDocument();
    expect(within(hero).getByText('47°F')).toBeInTheDocument();
    // 17:05 UTC is 10:05 in Denver: the place's clock, whatever the browser's.
    expect(within(hero).getByText('Updated 10:05 AM MST · Open-Meteo')).toBeInTheDocument();
  });

  it('takes its colours from the condition and from day or night', () => {
    expect(renderHero()).toHaveAttribute('data-sky', 'clear');
    expect(screen.getByRole('region', { name: 'Current Weather' })).toHaveAttribute('data-time', 'day');
  });

  it.each([
    [63, 'night', 'rain'],
    [75, 'day', 'snow'],
    [95, 'night', 'storm'],
    [45, 'day', 'fog'],
    [3, 'night', 'cloudy'],
  ] as const)('code %i at %s is a %s sky', (code, isDay, sky) => {
    const hero = renderHero({ code, is_day: isDay });
    expect(hero).toHaveAttribute('data-sky', sky);
    expect(hero).toHaveAttribute('data-time', isDay);
  });
});
