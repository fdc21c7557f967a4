import { Grid, Group, Loader, Stack, Text } from '@mantine/core';
import type { DailyDetails, DailyWeather, HourlyWeather, WeatherPreferences } from '@site/contract';
import {
  type DetailedForecastView,
  formatDegrees,
  formatLocalHour,
  formatLocalTime,
  formatPercentage,
  formatPrecipitation,
  formatSpeed,
  formatTemperature,
} from '../weather-format';
import { Readings } from './Readings';
import { WeatherIcon } from './WeatherIcon';

interface DayDetailsProps {
  day: DailyWeather;
  details?: DailyDetails;
  /** The day's hours from the 48-hour forecast; empty beyond it. */
  hours: HourlyWeather[];
  /** The day's hours are being asked for. */
  loadingHours?: boolean;
  detailed: DetailedForecastView;
  units: WeatherPreferences;
  /** Who wrote the text forecast ('National Weather Service'): named when its US units differ from the reader's. */
  textSource?: string;
}

/** The text forecast is written in °F, mph and inches; the reader has chosen other units. */
const textUnitsDiffer = (units: WeatherPreferences) =>
  units.temperature !== 'F' || units.wind !== 'mph' || units.precipitation !== 'in';

/** Card widths at which the numbers and the text forecast sit side by side. */
const BREAKPOINTS = { xs: '360px', sm: '480px', md: '640px', lg: '800px', xl: '960px' };

/**
 * An opened day of the daily list: the seed's daily card readings (docs/product.md#screens), sun
 * and UV, the day's hours where the hourly forecast reaches, and the detailed text forecast.
 */
export function DayDetails({
  day,
  details,
  hours,
  loadingHours = false,
  detailed,
  units,
  textSource = 'Forecast',
}: DayDetailsProps) {
  const t = units.temperature;
  return (
    <Grid type="container" breakpoints={BREAKPOINTS} gap="lg" p="sm">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Readings
            cols={{ base: 2, xs: 4 }}
            items={[
              { label: 'Hi', value: formatTemperature(day.temperature_2m_max, t) },
              { label: 'Lo', value: formatTemperature(day.temperature_2m_min, t) },
              { label: 'Chance of precipitation', value: formatPercentage(day.precipitation_probability_max) },
              { label: 'Precipitation', value: formatPrecipitation(day.precipitation_sum, units.precipitation) },
              { label: 'Feels like hi', value: formatTemperature(day.apparent_temperature_max, t) },
              { label: 'Feels like lo', value: formatTemperature(day.apparent_temperature_min, t) },
              { label: 'Wind speed', value: formatSpeed(day.wind_speed_10m_max, units.wind) },
              { label: 'Wind gust', value: formatSpeed(day.wind_gusts_10m_max, units.wind) },
              { label: 'Sunrise', value: formatLocalTime(details?.sunrise, units.time) },
              { label: 'Sunset', value: formatLocalTime(details?.sunset, units.time) },
              {
                label: 'UV index max',
                value: details?.uv_index_max == null ? '—' : String(Math.round(details.uv_index_max)),
              },
            ]}
          />
          {loadingHours && (
            <Group gap="xs" role="status" aria-label="Loading the day’s hours">
              <Loader size="xs" />
              <Text size="xs" c="dimmed">
                Loading the day’s hours…
              </Text>
            </Group>
          )}
          {hours.length > 0 && (
            <div>
              <Text size="xs" c="dimmed" fw={600} mb={4}>
                Hours
              </Text>
              <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Hours of the day">
                {hours.map((hour) => (
                  <Stack component="li" key={hour.time} gap={0} align="center" w={52}>
                    <Text size="xs" fw={600}>
                      {formatLocalHour(hour.time, units.time)}
                    </Text>
                    <WeatherIcon code={hour.weather_code} isDay={hour.is_day === 'day'} size={28} />
                    <Text size="xs" fw={700}>
                      {formatDegrees(hour.temperature, t)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatPercentage(hour.precipitation_probability)}
                    </Text>
                  </Stack>
                ))}
              </Group>
            </div>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap={6}>
          <Text size="xs" c="dimmed" fw={600}>
            Detailed forecast
          </Text>
          {detailed.available && textUnitsDiffer(units) && (
            // Its numbers are the source's own words; converting them inside prose is guesswork.
            <Text size="xs" c="dimmed" fs="italic">
              {textSource} text, in US units
            </Text>
          )}
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
  );
}
