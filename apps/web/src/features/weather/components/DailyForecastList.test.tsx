import { DEFAULT_PREFERENCES, type WeatherPreferences } from '@site/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { daily, denverWeather } from '../test-fixtures';
import { DailyForecastList } from './DailyForecastList';

const base = denverWeather();

function renderList(days = base.weather, units: WeatherPreferences = DEFAULT_PREFERENCES.weather) {
  return renderWithProviders(
    <DailyForecastList
      days={days}
      details={base.daily_details}
      hourly={base.hourly}
      supplemental={base.supplemental}
      countryCode="us"
      units={units}
      today="2026-11-21"
      loadingMore={false}
      onShowMore={() => {}}
      textSource="National Weather Service"
    />,
  );
}

const fill = (name: string) =>
  screen.getByRole('article', { name }).querySelector<HTMLElement>('[class*="fill"]')?.style ?? null;

describe('DailyForecastList', () => {
  it('draws each day’s low to high against the whole period’s range', () => {
    renderList([
      daily('2026-11-21', { temperature_2m_min: 30, temperature_2m_max: 50 }),
      daily('2026-11-22', { temperature_2m_min: 40, temperature_2m_max: 70 }),
      daily('2026-11-23', { temperature_2m_min: null, temperature_2m_max: 60 }),
    ]);
    // The period runs 30–70 °F: 40 degrees.
    expect(fill('Sat, Nov 21')).toMatchObject({ left: '0%', width: '50%' });
    expect(fill('Sun, Nov 22')).toMatchObject({ left: '25%', width: '75%' });
    // A day without its low has no bar rather than a wrong one.
    expect(fill('Mon, Nov 23')).toBeNull();
    expect(screen.getByText('Today')).toBeInTheDocument();
    expect(screen.getByText('Sun 22')).toBeInTheDocument();
  });

  it('opens a day to its hours from the hourly forecast and its detailed text', async () => {
    const { user } = renderList();
    const day = screen.getByRole('article', { name: 'Sun, Nov 22' });
    const toggle = within(day).getByRole('button', { expanded: false });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The panel opens after the click's render (Collapse), later on a busy machine: waited for.
    const hours = await within(day).findByRole('list', { name: 'Hours of the day' });
    // The fixture's hours run from Nov 21 10:00 for 48 hours: all 24 of Nov 22.
    expect(within(hours).getAllByRole('listitem')).toHaveLength(24);
    expect(within(day).getByText('Forecast text for day 2.')).toBeInTheDocument();
    expect(within(day).getByText('Day 2 Night')).toBeInTheDocument();
  });

  it('says the text forecast is the source’s, in US units, when the reader has chosen metric ones', async () => {
    const caption = 'National Weather Service text, in US units';
    const metric = renderList(base.weather, { ...DEFAULT_PREFERENCES.weather, temperature: 'C' });
    const day = screen.getByRole('article', { name: 'Sat, Nov 21' });
    await metric.user.click(within(day).getByRole('button', { expanded: false }));
    expect(within(day).getByText(caption)).toBeInTheDocument();
    expect(within(day).getByText('Hi').nextElementSibling).toHaveTextContent('14°C');
    metric.unmount();

    // In the text's own units there is nothing to explain.
    const us = renderList();
    const usDay = screen.getByRole('article', { name: 'Sat, Nov 21' });
    await us.user.click(within(usDay).getByRole('button', { expanded: false }));
    expect(within(usDay).getByText('Forecast text for day 1.')).toBeInTheDocument();
    expect(within(usDay).queryByText(caption)).not.toBeInTheDocument();
  });

  it('offers 16 days', async () => {
    renderList();
    expect(screen.getByRole('button', { name: 'Show 16 days' })).toBeInTheDocument();
  });
});
