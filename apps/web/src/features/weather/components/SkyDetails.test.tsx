import { DEFAULT_PREFERENCES } from '@site/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { denverWeather } from '../test-fixtures';
import { SkyDetails } from './SkyDetails';

const { current_details: details, air_quality: air } = denverWeather();
const tile = (label: string) => screen.getByRole('listitem', { name: label });

describe('SkyDetails', () => {
  it('shows UV with its band, air quality with its band and main pollutant, sun, dew point, pressure trend and visibility', () => {
    renderWithProviders(<SkyDetails details={details} air={air} units={DEFAULT_PREFERENCES.weather} />);
    expect(tile('UV index')).toHaveTextContent('2Low');
    expect(tile('Air quality')).toHaveTextContent('38GoodMainly Ozone (O₃)');
    expect(tile('Sunrise')).toHaveTextContent('6:58 AM');
    expect(tile('Sunset')).toHaveTextContent('4:38 PM');
    expect(tile('Dew point')).toHaveTextContent('30°F');
    expect(tile('Pressure')).toHaveTextContent('30.07 inHgSteady');
    expect(tile('Visibility')).toHaveTextContent('9.9 mi');
  });

  it('colours the UV and AQI bands by their scales', () => {
    renderWithProviders(
      <SkyDetails
        details={{ ...details, uv_index: 11.2, uv_band: 'Extreme', pressure_trend: 'falling' }}
        air={{ ...air, us_aqi: 172, band: 'Unhealthy', main_pollutant: 'pm2_5' }}
        units={{ ...DEFAULT_PREFERENCES.weather, precipitation: 'mm' }}
      />,
    );
    expect(within(tile('UV index')).getByText('Extreme').closest('.mantine-Badge-root')).toHaveStyle({
      '--badge-bg': 'var(--mantine-color-violet-filled)',
    });
    expect(within(tile('Air quality')).getByText('Unhealthy').closest('.mantine-Badge-root')).toHaveStyle({
      '--badge-bg': 'var(--mantine-color-red-filled)',
    });
    expect(tile('Air quality')).toHaveTextContent('Mainly PM2.5');
    expect(tile('Pressure')).toHaveTextContent('1,018 hPaFalling');
    expect(tile('Visibility')).toHaveTextContent('15.9 km');
  });

  it('shows visibility and pressure in km and hPa once °C is chosen, in miles and inHg only with °F and inches', () => {
    const { unmount } = renderWithProviders(
      <SkyDetails details={details} air={air} units={{ ...DEFAULT_PREFERENCES.weather, temperature: 'C' }} />,
    );
    expect(tile('Dew point')).toHaveTextContent('-1°C');
    expect(tile('Pressure')).toHaveTextContent('1,018 hPaSteady');
    expect(tile('Visibility')).toHaveTextContent('15.9 km');
    unmount();
    renderWithProviders(
      <SkyDetails details={details} air={air} units={{ ...DEFAULT_PREFERENCES.weather, wind: 'kmh' }} />,
    );
    expect(tile('Pressure')).toHaveTextContent('30.07 inHg');
    expect(tile('Visibility')).toHaveTextContent('9.9 mi');
  });

  it('says when air quality is not available', () => {
    renderWithProviders(
      <SkyDetails
        details={details}
        air={{ ...air, available: false, us_aqi: null, band: null, main_pollutant: null }}
        units={DEFAULT_PREFERENCES.weather}
      />,
    );
    expect(tile('Air quality')).toHaveTextContent('Not available');
  });
});
