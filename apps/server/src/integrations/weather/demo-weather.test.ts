import { describe, expect, it } from 'vitest';
import { addDays, localTime, zoneAt } from '../time-zones.js';
import { apparentTemperature, demoWeatherProvider, syntheticDay } from './demo-weather.js';
import { isSunUp } from './sun.js';
import type { Forecast, ForecastRequest } from './types.js';

const at = (iso: string) => () => Date.parse(iso);
const place = (lat: number, lon: number, countryCode: string | null = null): ForecastRequest => ({
  lat,
  lon,
  timezone: zoneAt(lat, lon),
  countryCode,
});
const forecast = (iso: string, request: ForecastRequest) => demoWeatherProvider({ now: at(iso) }).forecast(request);

const NEW_YORK = place(40.71, -74.01, 'us');
const SYDNEY = place(-33.87, 151.21, 'au');
const PRECIPITATION_CODES = new Set([
  51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99,
]);
const DRY_CODES = new Set([0, 1, 2, 3, 45, 48]);

describe('demo weather', () => {
  it('gives the same answer for the same place and day, and a different one elsewhere', async () => {
    const a = await forecast('2025-03-10T15:00:00Z', NEW_YORK);
    const b = await forecast('2025-03-10T15:00:00Z', { ...NEW_YORK });
    expect(b).toEqual(a);
    const elsewhere = await forecast('2025-03-10T15:00:00Z', place(34.05, -118.24, 'us'));
    expect(elsewhere.daily).not.toEqual(a.daily);
    // A given date is forecast the same whichever day asks: tomorrow's forecast is tomorrow's weather.
    const nextDay = await forecast('2025-03-11T15:00:00Z', NEW_YORK);
    expect(nextDay.daily[0]).toEqual(a.daily[1]);
  });

  it('has seven days starting today in the location’s zone, as consecutive local dates', async () => {
    // 03:30 UTC on 1 July is still 30 June in New York and already 1 July in Sydney.
    const ny = await forecast('2025-07-01T03:30:00Z', NEW_YORK);
    expect(ny.daily.map((d) => d.date)).toEqual([
      '2025-06-30',
      '2025-07-01',
      '2025-07-02',
      '2025-07-03',
      '2025-07-04',
      '2025-07-05',
      '2025-07-06',
    ]);
    const sydney = await forecast('2025-07-01T03:30:00Z', SYDNEY);
    expect(sydney.daily[0]?.date).toBe('2025-07-01');
    expect(sydney.daily).toHaveLength(7);
    expect(sydney.timezone).toBe('Australia/Sydney');
  });

  it('crosses month and year ends on the calendar, not through UTC', () => {
    expect(addDays('2024-12-30', 3)).toBe('2025-01-02');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(localTime(Date.parse('2025-01-01T04:59:00Z'), 'America/New_York').date).toBe('2024-12-31');
  });

  const plausible = (f: Forecast) => {
    for (const d of f.daily) {
      const max = d.temperature_2m_max as number;
      const min = d.temperature_2m_min as number;
      expect(max).toBeGreaterThanOrEqual(min);
      expect(max - min).toBeLessThan(35);
      expect(min).toBeGreaterThan(-80);
      expect(max).toBeLessThan(125);
      expect(Math.abs((d.apparent_temperature_max as number) - max)).toBeLessThan(30);
      expect(d.precipitation_probability_max).toBeGreaterThanOrEqual(0);
      expect(d.precipitation_probability_max).toBeLessThanOrEqual(100);
      expect(d.precipitation_sum).toBeGreaterThanOrEqual(0);
      expect(d.precipitation_sum).toBeLessThan(4);
      expect(d.wind_speed_10m_max).toBeGreaterThan(0);
      expect(d.wind_gusts_10m_max).toBeGreaterThan(d.wind_speed_10m_max as number);
      // The code agrees with the numbers: precipitation exactly on wet codes.
      if ((d.precipitation_sum as number) > 0) {
        expect(PRECIPITATION_CODES.has(d.weather_code as number)).toBe(true);
        expect(d.precipitation_probability_max).toBeGreaterThanOrEqual(20);
      } else {
        expect(DRY_CODES.has(d.weather_code as number)).toBe(true);
      }
      // Snow only when it is cold enough.
      if ([71, 73, 75, 77, 85, 86].includes(d.weather_code as number)) expect(max).toBeLessThan(40);
    }
    const c = f.current;
    expect(c.relative_humidity).toBeGreaterThanOrEqual(0);
    expect(c.relative_humidity).toBeLessThanOrEqual(100);
    expect(c.cloud_cover).toBeGreaterThanOrEqual(0);
    expect(c.cloud_cover).toBeLessThanOrEqual(100);
    expect(c.wind_direction).toBeGreaterThanOrEqual(0);
    expect(c.wind_direction).toBeLessThan(360);
    expect(c.wind_gusts).toBeGreaterThanOrEqual(c.wind_speed as number);
    expect(Number.isInteger(c.code)).toBe(true);
    const today = f.daily[0];
    expect(c.temperature).toBeGreaterThanOrEqual((today?.temperature_2m_min as number) - 0.1);
    expect(c.temperature).toBeLessThanOrEqual((today?.temperature_2m_max as number) + 0.1);
  };

  it('stays plausible everywhere, all year', async () => {
    const places = [
      place(40.71, -74.01, 'us'),
      place(64.13, -21.9),
      place(1.29, 103.85),
      place(-33.87, 151.21),
      place(33.45, -112.07, 'us'),
      place(55.75, 37.62),
      place(-77.85, 166.67),
      place(78.22, 15.65),
      place(-0.18, -78.47),
    ];
    for (const month of ['01', '04', '07', '10']) {
      for (const p of places) plausible(await forecast(`2025-${month}-15T12:00:00Z`, p));
    }
  });

  it('follows latitude and season: hot tropics, cold poles, opposite seasons in each hemisphere', async () => {
    const mean = (f: Forecast) =>
      f.daily.reduce((s, d) => s + ((d.temperature_2m_max as number) + (d.temperature_2m_min as number)) / 2, 0) / 7;
    const singapore = mean(await forecast('2025-01-15T12:00:00Z', place(1.29, 103.85)));
    expect(singapore).toBeGreaterThan(70);
    expect(singapore).toBeLessThan(90);
    const winterNy = mean(await forecast('2025-01-15T12:00:00Z', NEW_YORK));
    const summerNy = mean(await forecast('2025-07-15T12:00:00Z', NEW_YORK));
    expect(summerNy - winterNy).toBeGreaterThan(20);
    expect(winterNy).toBeLessThan(50);
    expect(summerNy).toBeGreaterThan(65);
    const januarySydney = mean(await forecast('2025-01-15T12:00:00Z', SYDNEY));
    const julySydney = mean(await forecast('2025-07-15T12:00:00Z', SYDNEY));
    expect(januarySydney).toBeGreaterThan(julySydney);
    const antarcticWinter = mean(await forecast('2025-07-15T12:00:00Z', place(-77.85, 166.67)));
    expect(antarcticWinter).toBeLessThan(0);
  });

  it('is wetter in the tropics than in the desert over a season', () => {
    let tropical = 0;
    let desert = 0;
    for (let i = 0; i < 60; i++) {
      const date = addDays('2025-01-01', i * 3);
      if (syntheticDay(1.29, 103.85, date).precipMm > 0) tropical++;
      if (syntheticDay(23.5, 12, date).precipMm > 0) desert++;
    }
    expect(tropical).toBeGreaterThan(desert + 10);
  });

  it('knows day from night by the sun at the place, polar day and night included', () => {
    expect(isSunUp(51.5, -0.12, Date.parse('2025-06-21T12:00:00Z'))).toBe(true);
    expect(isSunUp(51.5, -0.12, Date.parse('2025-06-21T23:00:00Z'))).toBe(false);
    // Noon in New York is 16:00 or 17:00 UTC.
    expect(isSunUp(40.71, -74.01, Date.parse('2025-01-10T17:00:00Z'))).toBe(true);
    expect(isSunUp(40.71, -74.01, Date.parse('2025-01-10T04:00:00Z'))).toBe(false);
    // Tromsø: midnight sun in June, polar night in December.
    expect(isSunUp(69.65, 18.96, Date.parse('2025-06-21T23:30:00Z'))).toBe(true);
    expect(isSunUp(69.65, 18.96, Date.parse('2025-12-21T11:00:00Z'))).toBe(false);
  });

  it('reports is_day in current conditions from the clock', async () => {
    expect((await forecast('2025-06-21T16:00:00Z', NEW_YORK)).current.is_day).toBe('day');
    expect((await forecast('2025-06-21T06:00:00Z', NEW_YORK)).current.is_day).toBe('night');
  });

  it('writes NWS-shaped periods for US places, and an empty list for every date elsewhere', async () => {
    const us = await forecast('2025-05-05T15:00:00Z', NEW_YORK);
    expect(Object.keys(us.supplemental)).toEqual(us.daily.map((d) => d.date));
    us.daily.forEach((d, i) => {
      const periods = us.supplemental[d.date] ?? [];
      // 11 am in New York: today and tonight, then each day and its night.
      expect(periods.map((p) => p.isDaytime)).toEqual([true, false]);
      expect(periods.map((p) => p.startTime)).toEqual([`${d.date}T06:00:00-04:00`, `${d.date}T18:00:00-04:00`]);
      if (i === 0) expect(periods.map((p) => p.name)).toEqual(['Today', 'Tonight']);
      const [day, night] = periods;
      expect(day?.detailedForecast).toContain(`with a high near ${Math.round(d.temperature_2m_max as number)}.`);
      expect(night?.detailedForecast).toContain(`with a low around ${Math.round(d.temperature_2m_min as number)}.`);
      expect(day?.detailedForecast).toMatch(
        /(North|South|East|West|Northeast|Northwest|Southeast|Southwest)[a-z ]* wind (around 5|\d+ to \d+) mph/,
      );
    });
    // 2025-05-06 is a Tuesday.
    expect(us.supplemental['2025-05-06']?.map((p) => p.name)).toEqual(['Tuesday', 'Tuesday Night']);
    const abroad = await forecast('2025-05-05T15:00:00Z', SYDNEY);
    expect(Object.keys(abroad.supplemental)).toEqual(abroad.daily.map((d) => d.date));
    expect(Object.values(abroad.supplemental).every((list) => list.length === 0)).toBe(true);
    const unknown = await forecast('2025-05-05T15:00:00Z', { ...NEW_YORK, countryCode: null });
    expect(Object.values(unknown.supplemental).flat()).toEqual([]);
  });

  it('gives only tonight’s forecast for today after 6 pm local time', async () => {
    // 23:00 UTC is 7 pm in New York in May.
    const evening = await forecast('2025-05-05T23:00:00Z', NEW_YORK);
    const today = evening.daily[0];
    const tonight = evening.supplemental[today?.date as string] ?? [];
    expect(tonight.map((p) => p.name)).toEqual(['Tonight']);
    expect(tonight[0]?.detailedForecast).toContain(
      `with a low around ${Math.round(today?.temperature_2m_min as number)}.`,
    );
    expect(evening.supplemental[evening.daily[1]?.date as string]?.[0]?.detailedForecast).toContain('with a high near');
  });

  it('writes texts that agree with their cards, across many places and days', async () => {
    // What a card's code shows, and the words its text must (and must not) use.
    const family = (code: number): RegExp => {
      if (code >= 95) return /thunderstorms/i;
      if (code === 85 || code === 86) return /snow showers/i;
      if (code >= 80) return /rain showers/i;
      if (code === 77) return /snow grains/i;
      if (code >= 71) return /snow/i;
      if ([56, 57, 66, 67].includes(code)) return /freezing rain/i;
      if (code >= 61) return /rain/i;
      return /drizzle/i;
    };
    const SKY: Record<number, [RegExp, RegExp]> = {
      0: [/^Sunny,/m, /(^|\. )Clear,/],
      1: [/(^|\. )Mostly sunny,/, /(^|\. )Mostly clear,/],
      2: [/(^|\. )Partly sunny,/, /(^|\. )Partly cloudy,/],
      3: [/(^|\. )Cloudy,/, /(^|\. )Cloudy,/],
    };
    let checked = 0;
    let wetDays = 0;
    for (let lat = 20; lat <= 64; lat += 4) {
      for (let lon = -160; lon <= -68; lon += 8) {
        for (const iso of [
          '2025-01-15T14:00:00Z',
          '2025-04-15T14:00:00Z',
          '2025-07-15T14:00:00Z',
          '2025-10-15T14:00:00Z',
        ]) {
          const result = await forecast(iso, place(lat, lon, 'us'));
          for (const day of result.daily) {
            const code = day.weather_code as number;
            const chance = day.precipitation_probability_max as number;
            for (const period of result.supplemental[day.date] ?? []) {
              const text = period.detailedForecast;
              checked += 1;
              const said = /Chance of precipitation is (\d+)%\./.exec(text);
              if (said) expect(Number(said[1])).toBe(chance);
              if (PRECIPITATION_CODES.has(code)) {
                if (period.isDaytime) wetDays += 1;
                expect(text).toMatch(family(code));
                expect(said).not.toBeNull();
                expect(text).not.toMatch(/sunny|Clear|clear/);
              } else {
                expect(DRY_CODES.has(code)).toBe(true);
                expect(text).not.toMatch(/rain|drizzle|snow|thunder|showers/i);
                const sky = SKY[code];
                if (sky) expect(text).toMatch(period.isDaytime ? sky[0] : sky[1]);
              }
              if (period.isDaytime)
                expect(text).toContain(`with a high near ${Math.round(day.temperature_2m_max as number)}.`);
              else expect(text).toContain(`with a low around ${Math.round(day.temperature_2m_min as number)}.`);
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
    expect(wetDays).toBeGreaterThan(300);
  });

  it('computes the apparent temperature like Open-Meteo (Steadman)', () => {
    expect(apparentTemperature(30, 80, 0)).toBeGreaterThan(35);
    expect(apparentTemperature(-5, 50, 40)).toBeLessThan(-12);
  });
});
