import { Group, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CurrentWeather, HourlyWeather, WeatherPreferences } from '@site/contract';
import { type KeyboardEvent, useId } from 'react';
import { describeWeather } from '../weather-codes';
import {
  formatDegrees,
  formatForecastDate,
  formatLocalHour,
  formatPercentage,
  formatPrecipitation,
  formatSpeedWhole,
  localDateOf,
} from '../weather-format';
import { HourlyChart } from './HourlyChart';
import classes from './HourlyForecast.module.css';
import { WeatherIcon } from './WeatherIcon';

/** px per hour: room for "12 PM", a 32 px icon and "10 km/h". */
export const HOUR_WIDTH = 68;

interface HourlyForecastProps {
  hours: HourlyWeather[];
  units: WeatherPreferences;
  /** The place's IANA zone: every time in the strip is on its clock. */
  timeZone: string;
  /** The current conditions: the first cell, labelled "Now", shows these rather than its hour's forecast. */
  current?: CurrentWeather;
}

/**
 * The strip's hours with the first one ("Now") carrying the current readings, so it agrees with the
 * Current Weather card; the hour's forecast fills what the current conditions do not measure.
 */
function withCurrent(hours: HourlyWeather[], current: CurrentWeather | undefined): HourlyWeather[] {
  const [first, ...rest] = hours;
  if (!first || !current) return hours;
  return [
    {
      ...first,
      temperature: current.temperature ?? first.temperature,
      feels_like: current.feelsLike ?? first.feels_like,
      wind_speed: current.wind_speed ?? first.wind_speed,
      wind_direction: current.wind_direction ?? first.wind_direction,
      wind_gusts: current.wind_gusts ?? first.wind_gusts,
      weather_code: current.code ?? first.weather_code,
      is_day: current.is_day,
    },
    ...rest,
  ];
}

/**
 * The hourly strip: the next 48 hours on the place's clock, a chart of temperature and
 * chance of precipitation over one cell per hour, a day line at each local midnight. The strip is
 * one focusable region: arrow keys scroll it by three hours, Home and End to either end.
 */
export function HourlyForecast({ hours: forecastHours, units, timeZone, current }: HourlyForecastProps) {
  const headingId = useId();
  const hours = withCurrent(forecastHours, current);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const strip = event.currentTarget;
    const step = HOUR_WIDTH * 3;
    const moves: Record<string, () => void> = {
      ArrowRight: () => strip.scrollBy({ left: step, behavior: 'smooth' }),
      ArrowLeft: () => strip.scrollBy({ left: -step, behavior: 'smooth' }),
      Home: () => strip.scrollTo({ left: 0, behavior: 'smooth' }),
      End: () => strip.scrollTo({ left: strip.scrollWidth, behavior: 'smooth' }),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" gap="xs" mb="xs">
        <div>
          <Title order={2} size="h3" id={headingId}>
            Next 48 hours
          </Title>
          <Text size="xs" c="dimmed">
            Times in {timeZone}
          </Text>
        </div>
        <Group gap="md" aria-hidden>
          <Group gap={4}>
            <span className={classes.lineKey} />
            <Text size="xs" c="dimmed">
              Temperature
            </Text>
          </Group>
          <Group gap={4}>
            <span className={classes.barKey} />
            <Text size="xs" c="dimmed">
              Chance of precipitation
            </Text>
          </Group>
        </Group>
      </Group>
      {hours.length === 0 ? (
        <Text c="dimmed" size="sm">
          No hourly forecast for this place.
        </Text>
      ) : (
        <section
          className={classes.scroller}
          aria-label={`Hourly forecast, times in ${timeZone}. Use the arrow keys to scroll.`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so that keys scroll it (WCAG 2.1.1).
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          <div className={classes.chart}>
            <HourlyChart hours={hours} columnWidth={HOUR_WIDTH} unit={units.temperature} />
          </div>
          <ul className={classes.cells}>
            {hours.map((hour, i) => {
              const date = localDateOf(hour.time);
              const newDay = i > 0 && hour.time.slice(11, 13) === '00';
              const label = i === 0 ? 'Now' : formatLocalHour(hour.time, units.time);
              const { description } = describeWeather(hour.weather_code, hour.is_day === 'day');
              return (
                <li
                  key={hour.time}
                  className={classes.cell}
                  style={{ width: HOUR_WIDTH }}
                  data-new-day={newDay || undefined}
                  data-testid="hour"
                  data-time={hour.time}
                >
                  {(i === 0 || newDay) && date && <span className={classes.day}>{formatForecastDate(date)}</span>}
                  <Text size="xs" fw={700} component="time" dateTime={hour.time}>
                    {label}
                  </Text>
                  <WeatherIcon code={hour.weather_code} isDay={hour.is_day === 'day'} size={32} alt={description} />
                  <Text size="sm" fw={700}>
                    {formatDegrees(hour.temperature, units.temperature)}
                  </Text>
                  <Text size="xs" c="dimmed" title="Feels like">
                    <VisuallyHidden>Feels like </VisuallyHidden>
                    {formatDegrees(hour.feels_like, units.temperature)}
                  </Text>
                  <Text size="xs" className={classes.chance} title="Chance of precipitation">
                    {formatPercentage(hour.precipitation_probability)}
                  </Text>
                  {(hour.precipitation ?? 0) > 0 && (
                    <Text size="xs" className={classes.chance} title="Precipitation">
                      {formatPrecipitation(hour.precipitation, units.precipitation)}
                    </Text>
                  )}
                  <Text size="xs" title="Wind speed">
                    {formatSpeedWhole(hour.wind_speed, units.wind)}
                  </Text>
                  <Text size="xs" c="dimmed" title="Wind gust">
                    <VisuallyHidden>Wind gust </VisuallyHidden>G{' '}
                    {formatSpeedWhole(hour.wind_gusts, units.wind).split(' ')[0]}
                  </Text>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </section>
  );
}
