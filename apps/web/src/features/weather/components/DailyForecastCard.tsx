import { Badge, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { DailyWeather } from '@site/contract';
import { describeWeather } from '../weather-codes';
import {
  type DetailedForecastView,
  formatForecastDate,
  formatPercentage,
  formatPrecipitation,
  formatSpeed,
  formatTemperature,
  type TemperatureUnit,
} from '../weather-format';
import { Readings } from './Readings';
import { WeatherIcon } from './WeatherIcon';

interface DailyForecastCardProps {
  day: DailyWeather;
  unit: TemperatureUnit;
  /** The day's National Weather Service periods, or the reason there are none. */
  detailed: DetailedForecastView;
  isToday?: boolean;
}

/** Card widths at which the numbers and the text forecast sit side by side. */
const CARD_BREAKPOINTS = { xs: '360px', sm: '480px', md: '640px', lg: '800px', xl: '960px' };

/** docs/product.md#screens daily card, with the day's detailed text forecast beside the numbers. */
export function DailyForecastCard({ day, unit, detailed, isToday = false }: DailyForecastCardProps) {
  const dateLabel = formatForecastDate(day.date);
  const { description } = describeWeather(day.weather_code, true);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={dateLabel}>
      {/* Side by side when the card is wide enough, stacked when it is not (a container query). */}
      <Grid type="container" breakpoints={CARD_BREAKPOINTS} gap="lg">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Title order={3} size="h4">
                {dateLabel}
              </Title>
              {isToday && (
                <Badge variant="light" size="sm">
                  Today
                </Badge>
              )}
            </Group>
            <Group gap="sm" wrap="nowrap">
              <WeatherIcon code={day.weather_code} size={56} />
              <Text fw={500}>{description}</Text>
            </Group>
            <Readings
              cols={2}
              items={[
                { label: 'Hi', value: formatTemperature(day.temperature_2m_max, unit) },
                { label: 'Lo', value: formatTemperature(day.temperature_2m_min, unit) },
                { label: 'Chance of precipitation', value: formatPercentage(day.precipitation_probability_max) },
                { label: 'Precipitation', value: formatPrecipitation(day.precipitation_sum) },
                { label: 'Feels like hi', value: formatTemperature(day.apparent_temperature_max, unit) },
                { label: 'Feels like lo', value: formatTemperature(day.apparent_temperature_min, unit) },
                { label: 'Wind speed', value: formatSpeed(day.wind_speed_10m_max) },
                { label: 'Wind gust', value: formatSpeed(day.wind_gusts_10m_max) },
              ]}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Stack gap={6}>
            <Text size="xs" c="dimmed" fw={600}>
              Detailed forecast
            </Text>
            {detailed.available ? (
              // Day and night (or tonight alone), each under the name the forecaster gave it.
              detailed.periods.map((period) => (
                <div key={period.name}>
                  <Text size="sm" fw={600}>
                    {period.name}
                  </Text>
                  <Text size="sm">{period.text}</Text>
                </div>
              ))
            ) : (
              <Text size="sm" c="dimmed" fs="italic">
                {detailed.text}
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
