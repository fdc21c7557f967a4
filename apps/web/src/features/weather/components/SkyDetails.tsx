import { Badge, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import {
  type AirQuality,
  AQI_POLLUTANT_LABELS,
  type CurrentDetails,
  roundTo,
  type WeatherPreferences,
} from '@site/contract';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { NO_VALUE } from '../../../lib/format';
import {
  distanceUnitOf,
  formatLocalTime,
  formatPressure,
  formatTemperature,
  formatVisibility,
} from '../weather-format';
import { AQI_BAND_COLORS, textOnFilled, UV_BAND_COLORS } from '../weather-theme';

interface SkyDetailsProps {
  details: CurrentDetails;
  air: AirQuality;
  units: WeatherPreferences;
}

const TREND = {
  rising: { icon: IconArrowUpRight, label: 'Rising' },
  falling: { icon: IconArrowDownRight, label: 'Falling' },
  steady: { icon: IconArrowRight, label: 'Steady' },
} as const;

function Tile({ label, children, note }: { label: string; children: ReactNode; note?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={label}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} size="lg" mt={2} component="div">
        {children}
      </Text>
      {note && (
        <Text size="xs" c="dimmed" component="div" mt={2}>
          {note}
        </Text>
      )}
    </Paper>
  );
}

/** "More of the sky": UV, sun, dew point, pressure and its trend, visibility, air quality. */
export function SkyDetails({ details, air, units }: SkyDetailsProps) {
  const headingId = useId();
  const trend = details.pressure_trend ? TREND[details.pressure_trend] : null;
  const aqiAvailable = air.available && air.us_aqi !== null;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        Today’s sky
      </Title>
      <SimpleGrid
        component="ul"
        cols={{ base: 2, xs: 3, md: 4 }}
        spacing="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        <Tile label="UV index">
          <Group gap={8}>
            <span>{details.uv_index === null ? NO_VALUE : String(roundTo(details.uv_index))}</span>
            {details.uv_band && (
              <Badge
                color={UV_BAND_COLORS[details.uv_band]}
                c={textOnFilled(UV_BAND_COLORS[details.uv_band])}
                variant="filled"
                size="sm"
              >
                {details.uv_band}
              </Badge>
            )}
          </Group>
        </Tile>
        <Tile
          label="Air quality"
          note={aqiAvailable && air.main_pollutant ? `Mainly ${AQI_POLLUTANT_LABELS[air.main_pollutant]}` : undefined}
        >
          {aqiAvailable ? (
            <Group gap={8}>
              <span>{String(roundTo(air.us_aqi ?? 0))}</span>
              {air.band && (
                <Badge
                  color={AQI_BAND_COLORS[air.band]}
                  c={textOnFilled(AQI_BAND_COLORS[air.band])}
                  variant="filled"
                  size="sm"
                  // "Unhealthy for Sensitive Groups" wraps in a phone's narrow tile rather than losing its end.
                  h="auto"
                  py={2}
                  styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' } }}
                >
                  {air.band}
                </Badge>
              )}
            </Group>
          ) : (
            <Text c="dimmed" size="sm" span>
              Not available
            </Text>
          )}
        </Tile>
        <Tile label="Sunrise">{formatLocalTime(details.sunrise, units.time)}</Tile>
        <Tile label="Sunset">{formatLocalTime(details.sunset, units.time)}</Tile>
        <Tile label="Dew point">{formatTemperature(details.dew_point, units.temperature)}</Tile>
        <Tile label="Pressure" note={trend?.label}>
          <Group gap={6} wrap="nowrap">
            {formatPressure(details.pressure, distanceUnitOf(units))}
            {trend && <trend.icon size={18} aria-hidden />}
          </Group>
        </Tile>
        <Tile label="Visibility">{formatVisibility(details.visibility, distanceUnitOf(units))}</Tile>
      </SimpleGrid>
    </section>
  );
}
