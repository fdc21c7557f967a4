import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CurrentWeather } from '@site/contract';
import { useId } from 'react';
import { describeWeather } from '../weather-codes';
import {
  formatPercentage,
  formatSpeed,
  formatTemperature,
  formatWindDirection,
  type TemperatureUnit,
} from '../weather-format';
import { Readings } from './Readings';
import { WeatherIcon } from './WeatherIcon';

interface CurrentWeatherCardProps {
  current: CurrentWeather;
  unit: TemperatureUnit;
}

/** docs/product.md#current-conditions card: temperature, feels like, clouds, humidity, wind and an icon. */
export function CurrentWeatherCard({ current, unit }: CurrentWeatherCardProps) {
  const headingId = useId();
  const { description } = describeWeather(current.code, current.is_day === 'day');
  const direction = current.wind_direction;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        Current Weather
      </Title>
      <Group align="center" gap="xl" wrap="wrap">
        <Group gap="md" wrap="nowrap" miw={260}>
          <WeatherIcon code={current.code} isDay={current.is_day === 'day'} size={104} />
          <Stack gap={2}>
            <Text fz={44} fw={700} lh={1} data-testid="current-temperature">
              {formatTemperature(current.temperature, unit)}
            </Text>
            <Text size="lg" fw={500}>
              {description}
            </Text>
          </Stack>
        </Group>
        <div style={{ flex: '1 1 320px' }}>
          <Readings
            cols={{ base: 2, xs: 3 }}
            items={[
              { label: 'Feels like', value: formatTemperature(current.feelsLike, unit) },
              { label: 'Cloud coverage', value: formatPercentage(current.cloud_cover) },
              { label: 'Humidity', value: formatPercentage(current.relative_humidity) },
              { label: 'Wind speed', value: formatSpeed(current.wind_speed) },
              {
                label: 'Wind direction',
                value: formatWindDirection(direction),
                note: direction === null ? undefined : `${Math.round(direction)}°`,
              },
              { label: 'Wind gust', value: formatSpeed(current.wind_gusts) },
            ]}
          />
        </div>
      </Group>
    </Card>
  );
}
