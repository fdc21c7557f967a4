import { Button, Popover, Stack, Text } from '@mantine/core';
import type { WeatherPreferences } from '@site/contract';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useId } from 'react';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { distanceUnitOf } from '../weather-format';

interface UnitSettingsProps {
  value: WeatherPreferences;
  onChange: (units: WeatherPreferences) => void;
}

type Options<K extends keyof WeatherPreferences> = { value: WeatherPreferences[K]; label: string }[];

const CHOICES: {
  [K in keyof WeatherPreferences]: { label: string; data: Options<K> };
} = {
  temperature: {
    label: 'Temperature',
    data: [
      { value: 'F', label: '°F' },
      { value: 'C', label: '°C' },
    ],
  },
  wind: {
    label: 'Wind',
    data: [
      { value: 'mph', label: 'mph' },
      { value: 'kmh', label: 'km/h' },
      { value: 'ms', label: 'm/s' },
      { value: 'kn', label: 'knots' },
    ],
  },
  precipitation: {
    label: 'Precipitation',
    data: [
      { value: 'in', label: 'in' },
      { value: 'mm', label: 'mm' },
    ],
  },
  time: {
    label: 'Time',
    data: [
      { value: '12h', label: '12-hour' },
      { value: '24h', label: '24-hour' },
    ],
  },
};

const KEYS = Object.keys(CHOICES) as (keyof WeatherPreferences)[];

/**
 * Units as a preference: every unit the page shows, in one popover. The numbers are
 * converted in the browser (docs/api.md#weather-units); nothing is fetched again.
 */
export function UnitSettings({ value, onChange }: UnitSettingsProps) {
  const id = useId();
  return (
    <Popover position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={16} />}>
          Units
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Units">
        <Stack gap="sm">
          {KEYS.map((key) => (
            <div key={key}>
              <Text size="sm" fw={600} mb={4} id={`${id}-${key}`}>
                {CHOICES[key].label}
              </Text>
              <SegmentedChoice
                fullWidth
                size="xs"
                aria-labelledby={`${id}-${key}`}
                value={value[key]}
                data={CHOICES[key].data}
                onChange={(next) => onChange({ ...value, [key]: next })}
              />
            </div>
          ))}
          {distanceUnitOf(value) === 'mm' ? (
            <Text size="xs" c="dimmed">
              Visibility in km, pressure in hPa.
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              Visibility in miles, pressure in inHg.
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
