import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CurrentWeather, DailyWeather, WeatherPreferences } from '@site/contract';
import { useId } from 'react';
import { describeWeather } from '../weather-codes';
import {
  formatInstant,
  formatPercentage,
  formatSpeed,
  formatTemperature,
  formatWindDirection,
} from '../weather-format';
import { skyOf } from '../weather-theme';
import classes from './CurrentWeatherCard.module.css';
import { Readings } from './Readings';
import { WeatherIcon } from './WeatherIcon';

interface CurrentWeatherCardProps {
  current: CurrentWeather;
  units: WeatherPreferences;
  /** Today in the place's zone, for Hi and Lo; absent when the forecast does not include it. */
  today?: DailyWeather;
  /** When the numbers were fetched (ISO 8601 UTC), and the place's zone to show it in. */
  updatedAt: string;
  timeZone: string;
  /** Who supplied the forecast ('Open-Meteo', 'Demo model'). */
  source: string;
}

/**
 * docs/product.md#current-conditions card as the page's hero: a big temperature, the condition,
 * Hi/Lo and feels like over a sky that follows the weather and day or night; the seed's readings
 * (clouds, humidity, wind) beside it; when and from where the numbers came.
 */
export function CurrentWeatherCard({ current, units, today, updatedAt, timeZone, source }: CurrentWeatherCardProps) {
  const headingId = useId();
  const isDay = current.is_day === 'day';
  const { description } = describeWeather(current.code, isDay);
  const direction = current.wind_direction;
  const t = units.temperature;
  return (
    <Card
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      className={classes.hero}
      data-sky={skyOf(current.code)}
      data-time={current.is_day}
    >
      <Group justify="space-between" align="baseline" gap="xs" mb="xs">
        <Title order={2} size="h4" id={headingId}>
          Current Weather
        </Title>
        <Text size="xs" c="dimmed">
          Updated {formatInstant(updatedAt, timeZone, units.time, false)} · {source}
        </Text>
      </Group>
      <Group align="center" gap="xl" wrap="wrap">
        <Group gap="md" wrap="nowrap" miw={260}>
          <WeatherIcon code={current.code} isDay={isDay} size={112} className={classes.icon} />
          <Stack gap={4}>
            <Text className={classes.temperature} data-testid="current-temperature">
              {formatTemperature(current.temperature, t)}
            </Text>
            <Text size="lg" fw={600}>
              {description}
            </Text>
            <Text size="sm" fw={500}>
              H {formatTemperature(today?.temperature_2m_max, t)} · L {formatTemperature(today?.temperature_2m_min, t)}
            </Text>
          </Stack>
        </Group>
        <div className={classes.readings}>
          <Readings
            cols={{ base: 2, xs: 3 }}
            items={[
              { label: 'Feels like', value: formatTemperature(current.feelsLike, t) },
              { label: 'Cloud coverage', value: formatPercentage(current.cloud_cover) },
              { label: 'Humidity', value: formatPercentage(current.relative_humidity) },
              { label: 'Wind speed', value: formatSpeed(current.wind_speed, units.wind) },
              {
                label: 'Wind direction',
                value: formatWindDirection(direction),
                note: direction === null ? undefined : `${Math.round(direction)}°`,
              },
              { label: 'Wind gust', value: formatSpeed(current.wind_gusts, units.wind) },
            ]}
          />
        </div>
      </Group>
    </Card>
  );
}
