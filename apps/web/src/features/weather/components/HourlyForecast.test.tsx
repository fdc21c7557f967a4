import { DEFAULT_PREFERENCES } from '@site/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { denverWeather } from '../test-fixtures';
import { HOUR_WIDTH, HourlyForecast } from './HourlyForecast';

const hours = denverWeather().hourly;

function renderStrip(time: '12h' | '24h' = '12h') {
  renderWithProviders(
    <HourlyForecast hours={hours} units={{ ...DEFAULT_PREFERENCES.weather, time }} timeZone="America/Denver" />,
  );
  return screen.getByRole('region', { name: /Hourly forecast, times in America\/Denver/ });
}

describe('HourlyForecast (the 48-hour strip)', () => {
  it('labels 48 hours on the place’s clock, not the browser’s', () => {
    const strip = renderStrip();
    const cells = within(strip).getAllByTestId('hour');
    expect(cells).toHaveLength(48);
    expect(within(cells[0] as HTMLElement).getByText('Now')).toBeInTheDocument();
    // 11:00 at -07:00 is 18:00 UTC: the label is Denver's 11 AM.
    expect(within(cells[1] as HTMLElement).getByText('11 AM')).toBeInTheDocument();
    expect(within(cells[2] as HTMLElement).getByText('12 PM')).toBeInTheDocument();
    expect(within(cells[14] as HTMLElement).getByText('12 AM')).toBeInTheDocument();
    expect(screen.getByText('Times in America/Denver')).toBeInTheDocument();
  });

  it('draws a day line with the new date at each local midnight', () => {
    const strip = renderStrip();
    const cells = within(strip).getAllByTestId('hour');
    const midnights = cells.filter((cell) => cell.hasAttribute('data-new-day'));
    expect(midnights.map((cell) => cell.getAttribute('data-time'))).toEqual([
      '2026-11-22T00:00:00-07:00',
      '2026-11-23T00:00:00-07:00',
    ]);
    expect(within(midnights[0] as HTMLElement).getByText('Sun, Nov 22')).toBeInTheDocument();
    expect(within(cells[0] as HTMLElement).getByText('Sat, Nov 21')).toBeInTheDocument();
  });

  it('writes 24-hour times when asked', () => {
    const strip = renderStrip('24h');
    const cells = within(strip).getAllByTestId('hour');
    expect(within(cells[5] as HTMLElement).getByText('15:00')).toBeInTheDocument();
  });

  it('shows each hour’s temperature, feels like, chance and amount of precipitation, wind and gust', () => {
    const strip = renderStrip();
    const rainy = within(strip).getAllByTestId('hour')[30] as HTMLElement;
    expect(within(rainy).getByRole('img')).toBeInTheDocument();
    expect(within(rainy).getByText('70%')).toBeInTheDocument();
    expect(within(rainy).getByText('0.04 in')).toBeInTheDocument();
    expect(within(rainy).getByText('6 mph')).toBeInTheDocument();
    expect(rainy).toHaveTextContent(/Wind gust G 12/);
    expect(rainy).toHaveTextContent(/Feels like \d+°/);
    expect(screen.getByTestId('hourly-chart')).toBeInTheDocument();
  });

  it('shows the current conditions in the cell labelled “Now”, and each later hour’s forecast', () => {
    const { current } = denverWeather();
    renderWithProviders(
      <HourlyForecast hours={hours} current={current} units={DEFAULT_PREFERENCES.weather} timeZone="America/Denver" />,
    );
    const [now, next] = screen.getAllByTestId('hour') as [HTMLElement, HTMLElement];
    // The hour's forecast says 48°F, feels like 44°, wind 6 mph; the current reading 55°F, 47°, 8 mph.
    expect(hours[0]?.temperature).toBe(48);
    expect(now).toHaveTextContent(/^Sat, Nov 21Now/);
    expect(now).toHaveTextContent(/55°Feels like 47°10%8 mphWind gust G 14/);
    expect(within(now).getByRole('img', { name: 'Sunny' })).toBeInTheDocument();
    expect(next).toHaveTextContent(/11 AM.*Feels like \d+°10%6 mphWind gust G 12/);
  });

  it('takes focus and scrolls with the arrow keys, Home and End', () => {
    const strip = renderStrip();
    const scrollBy = vi.fn();
    const scrollTo = vi.fn();
    Object.assign(strip, { scrollBy, scrollTo });
    strip.focus();
    expect(strip).toHaveFocus();
    fireEvent.keyDown(strip, { key: 'ArrowRight' });
    expect(scrollBy).toHaveBeenLastCalledWith({ left: HOUR_WIDTH * 3, behavior: 'smooth' });
    fireEvent.keyDown(strip, { key: 'ArrowLeft' });
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -HOUR_WIDTH * 3, behavior: 'smooth' });
    fireEvent.keyDown(strip, { key: 'End' });
    expect(scrollTo).toHaveBeenLastCalledWith({ left: strip.scrollWidth, behavior: 'smooth' });
    fireEvent.keyDown(strip, { key: 'Home' });
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' });
  });
});
