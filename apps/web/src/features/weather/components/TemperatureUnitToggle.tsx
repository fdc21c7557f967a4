import { SegmentedChoice } from '../../../components/SegmentedChoice';
import type { TemperatureUnit } from '../weather-format';

interface TemperatureUnitToggleProps {
  value: TemperatureUnit;
  onChange: (unit: TemperatureUnit) => void;
}

/** °F (the seed's unit) or °C, converted in the browser. */
export function TemperatureUnitToggle({ value, onChange }: TemperatureUnitToggleProps) {
  return (
    <SegmentedChoice
      aria-label="Temperature unit"
      size="sm"
      value={value}
      onChange={(unit) => onChange(unit === 'C' ? 'C' : 'F')}
      data={[
        { value: 'F', label: '°F' },
        { value: 'C', label: '°C' },
      ]}
    />
  );
}
