import { COMPASS_POINTS, compassPoint } from '@site/contract';
import { describe, expect, it } from 'vitest';
import {
  detailedForecastFor,
  formatCoordinates,
  formatDegrees,
  formatForecastDate,
  formatInstant,
  formatLocalHour,
  formatLocalTime,
  formatPercentage,
  formatPrecipitation,
  formatPressure,
  formatSpeed,
  formatSpeedWhole,
  formatTemperature,
  formatVisibility,
  formatWindDirection,
  localDateOf,
  NO_DETAILED_FORECAST,
  NO_DETAILED_FORECAST_OUTSIDE_US,
  todayIn,
} from './weather-format';

// The contract has no tests of its compass helper, so they live with its main user.
describe('compassPoint (16 points of 22.5°, docs/product.md#constants)', () => {
  it.each(COMPASS_POINTS.map((point, i) => [i * 22.5, point] as const))('%s° is %s', (degrees, point) => {
    expect(compassPoint(degrees)).toBe(point);
  });

  it('changes label half-way between two points', () => {
    expect(compassPoint(11.24)).toBe('N');
    expect(compassPoint(11.25)).toBe('NNE');
    expect(compassPoint(33.74)).toBe('NNE');
    expect(compassPoint(33.75)).toBe('NE');
    expect(compassPoint(258.74)).toBe('WSW');
    expect(compassPoint(258.75)).toBe('W');
    expect(compassPoint(348.74)).toBe('NNW');
    expect(compassPoint(348.75)).toBe('N');
    expect(compassPoint(359.9)).toBe('N');
  });

  it('wraps whole turns and negative angles', () => {
    expect(compassPoint(360)).toBe('N');
    expect(compassPoint(450)).toBe('E');
    expect(compassPoint(-90)).toBe('W');
    expect(compassPoint(-11.3)).toBe('NNW');
    expect(compassPoint(720 + 135)).toBe('SE');
  });

  it('is what the wind direction shows, with a dash when unknown', () => {
    expect(formatWindDirection(285)).toBe('WNW');
    expect(formatWindDirection(null)).toBe('—');
  });
});

describe('weather formatting', () => {
  it('shows whole degrees in °F or converted to °C', () => {
    expect(formatTemperature(56.8, 'F')).toBe('57°F');
    expect(formatTemperature(55, 'C')).toBe('13°C');
    expect(formatTemperature(32, 'C')).toBe('0°C');
    expect(formatTemperature(31.5, 'C')).toBe('0°C');
    expect(formatTemperature(-40, 'C')).toBe('-40°C');
    expect(formatTemperature(null, 'F')).toBe('—');
  });

  it('formats wind, percentages and precipitation (2 decimals, inches)', () => {
    expect(formatSpeed(8.14)).toBe('8.1 mph');
    expect(formatSpeed(9)).toBe('9 mph');
    expect(formatPercentage(48)).toBe('48%');
    expect(formatPrecipitation(0)).toBe('0.00 in');
    expect(formatPrecipitation(0.034)).toBe('0.03 in');
    expect(formatPrecipitation(1.5)).toBe('1.50 in');
    for (const format of [formatSpeed, formatPercentage, formatPrecipitation]) {
      expect(format(null)).toBe('—');
      expect(format(undefined)).toBe('—');
      expect(format(Number.NaN)).toBe('—');
    }
  });

  it('converts wind, precipitation, visibility and pressure to the chosen units', () => {
    expect(formatSpeed(8.14, 'kmh')).toBe('13.1 km/h');
    expect(formatSpeed(8.14, 'ms')).toBe('3.6 m/s');
    expect(formatSpeed(8.14, 'kn')).toBe('7.1 kn');
    expect(formatSpeedWhole(8.14, 'kmh')).toBe('13 km/h');
    expect(formatPrecipitation(0.034, 'mm')).toBe('0.9 mm');
    expect(formatPrecipitation(0, 'mm')).toBe('0.0 mm');
    expect(formatVisibility(9.94)).toBe('9.9 mi');
    expect(formatVisibility(9.94, 'mm')).toBe('16 km');
    expect(formatPressure(1018.4)).toBe('30.07 inHg');
    expect(formatPressure(1018.4, 'mm')).toBe('1,018 hPa');
    expect(formatDegrees(31.5, 'C')).toBe('0°');
    expect(formatDegrees(null, 'F')).toBe('—');
  });

  it('reads local times from the API’s text, on the place’s clock', () => {
    const t = '2026-11-21T15:05:00-07:00';
    expect(localDateOf(t)).toBe('2026-11-21');
    expect(formatLocalTime(t, '12h')).toBe('3:05 PM');
    expect(formatLocalTime(t, '24h')).toBe('15:05');
    expect(formatLocalTime('2026-11-21T00:30:00+09:00', '12h')).toBe('12:30 AM');
    expect(formatLocalTime(null, '12h')).toBe('—');
    expect(formatLocalHour(t, '12h')).toBe('3 PM');
    expect(formatLocalHour('2026-11-21T12:00:00-07:00', '12h')).toBe('12 PM');
    expect(formatLocalHour(t, '24h')).toBe('15:00');
    // An instant shown on the place's clock with its zone.
    expect(formatInstant('2026-11-21T22:05:00Z', 'America/Denver', '12h')).toBe('Sat, Nov 21, 3:05 PM MST');
    expect(formatInstant('2026-11-21T22:05:00Z', 'Europe/Paris', '24h', false)).toBe('23:05 GMT+1');
    expect(formatInstant('not a time', 'UTC', '12h')).toBe('not a time');
  });

  it('formats a local date without shifting it through UTC', () => {
    expect(formatForecastDate('2026-11-21')).toBe('Sat, Nov 21');
    expect(formatForecastDate('2027-01-01')).toBe('Fri, Jan 1');
    expect(formatForecastDate('2028-02-29')).toBe('Tue, Feb 29');
    expect(formatForecastDate('not a date')).toBe('not a date');
  });

  it("knows today's date in the location's zone", () => {
    const instant = new Date('2026-11-21T03:30:00Z');
    expect(todayIn('America/Denver', instant)).toBe('2026-11-20');
    expect(todayIn('Europe/Paris', instant)).toBe('2026-11-21');
    expect(todayIn('Not/AZone', instant)).toBeUndefined();
  });

  it('writes coordinates with hemispheres', () => {
    expect(formatCoordinates(39.73915, -104.9847)).toBe('39.74°N, 104.98°W');
    expect(formatCoordinates(-33.87, 151.21)).toBe('33.87°S, 151.21°E');
  });

  it('lists the date’s forecast periods or gives the right fallback (docs/product.md#messages)', () => {
    const period = (name: string, detailedForecast: string, isDaytime = true) => ({
      name,
      startTime: '2026-11-21T06:00:00-07:00',
      isDaytime,
      detailedForecast,
    });
    const supplemental = {
      '2026-11-21': [period('Today', 'Sunny, with a high near 57. '), period('Tonight', 'Clear.', false)],
      '2026-11-22': [period('Sunday', '  ')],
      '2026-11-23': [],
    };
    expect(detailedForecastFor(supplemental, '2026-11-21', 'us')).toEqual({
      available: true,
      periods: [
        { name: 'Today', text: 'Sunny, with a high near 57.' },
        { name: 'Tonight', text: 'Clear.' },
      ],
    });
    expect(detailedForecastFor(supplemental, '2026-11-22', 'us')).toEqual({
      available: false,
      text: NO_DETAILED_FORECAST,
    });
    expect(detailedForecastFor(supplemental, '2026-11-23', 'us')).toEqual({
      available: false,
      text: NO_DETAILED_FORECAST,
    });
    expect(detailedForecastFor({}, '2026-11-22', null)).toEqual({ available: false, text: NO_DETAILED_FORECAST });
    expect(detailedForecastFor({ '2026-11-22': [] }, '2026-11-22', 'fr')).toEqual({
      text: NO_DETAILED_FORECAST_OUTSIDE_US,
      available: false,
    });
    expect(NO_DETAILED_FORECAST).toBe('Detailed forecast is not available for this location.');
  });
});
