import type { HourlyWeather, TemperatureUnit } from '@site/contract';
import { formatDegrees } from '../weather-format';

interface HourlyChartProps {
  hours: HourlyWeather[];
  /** Width of one hour's column: the chart lines up with the strip's cells under it. */
  columnWidth: number;
  unit: TemperatureUnit;
  height?: number;
}

const TOP = 18;
const BOTTOM = 6;

/**
 * The strip's chart (docs/decisions.md#weather-hourly-chart): a temperature line over
 * precipitation-chance bars, one column per hour, drawn as plain SVG. Decorative for assistive
 * technology: every number it draws is also written in the cells below it.
 */
export function HourlyChart({ hours, columnWidth, unit, height = 96 }: HourlyChartProps) {
  const width = hours.length * columnWidth;
  const temps = hours.map((h) => h.temperature).filter((t): t is number => t !== null);
  if (hours.length === 0) return null;
  const min = Math.min(...temps);
  const max = Math.max(...temps);
  const span = Math.max(max - min, 1);
  const plot = height - TOP - BOTTOM;
  const x = (i: number) => i * columnWidth + columnWidth / 2;
  const y = (t: number) => TOP + (1 - (t - min) / span) * plot;

  // The line breaks where an hour has no temperature.
  const segments: string[] = [];
  let path = '';
  hours.forEach((hour, i) => {
    if (hour.temperature === null) {
      if (path) segments.push(path);
      path = '';
      return;
    }
    path += `${path ? 'L' : 'M'}${x(i).toFixed(1)},${y(hour.temperature).toFixed(1)}`;
  });
  if (path) segments.push(path);

  // Labels at the warmest and coldest hours, and every sixth hour, as weather apps do.
  const labelled = new Set<number>();
  hours.forEach((hour, i) => {
    if (i % 6 === 0 || hour.temperature === max || hour.temperature === min) labelled.add(i);
  });

  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" data-testid="hourly-chart">
      {hours.map((hour, i) => {
        const chance = hour.precipitation_probability ?? 0;
        const barHeight = (chance / 100) * (height - BOTTOM);
        return chance > 0 ? (
          <rect
            key={hour.time}
            x={i * columnWidth + 8}
            y={height - BOTTOM - barHeight}
            width={columnWidth - 16}
            height={barHeight}
            rx={3}
            fill="var(--mantine-color-blue-filled)"
            opacity={0.3}
          />
        ) : null;
      })}
      {segments.map((d) => (
        <path
          key={d}
          d={d}
          fill="none"
          stroke="var(--mantine-color-orange-filled)"
          strokeWidth={2.5}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ))}
      {hours.map((hour, i) =>
        hour.temperature !== null && labelled.has(i) ? (
          <g key={hour.time}>
            <circle cx={x(i)} cy={y(hour.temperature)} r={3.5} fill="var(--mantine-color-orange-filled)" />
            <text
              x={x(i)}
              y={y(hour.temperature) - 7}
              textAnchor="middle"
              fontSize={11}
              fontWeight={600}
              fill="var(--mantine-color-text)"
            >
              {formatDegrees(hour.temperature, unit)}
            </text>
          </g>
        ) : null,
      )}
    </svg>
  );
}
