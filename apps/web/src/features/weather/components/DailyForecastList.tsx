import { Button, Collapse, Group, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  type DailyDetails,
  type DailyWeather,
  FORECAST_DAYS_MAX,
  type HourlyWeather,
  type Supplemental,
  type WeatherPreferences,
} from '@site/contract';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type CSSProperties, useId, useState } from 'react';
import {
  detailedForecastFor,
  formatDegrees,
  formatForecastDate,
  formatPercentage,
  localDateOf,
} from '../weather-format';
import classes from './DailyForecastList.module.css';
import { DayDetails } from './DayDetails';
import { WeatherIcon } from './WeatherIcon';

interface DailyForecastListProps {
  days: DailyWeather[];
  details: DailyDetails[];
  hourly: HourlyWeather[];
  supplemental: Supplemental;
  countryCode: string | null;
  units: WeatherPreferences;
  /** Today's date in the place's zone. */
  today: string | undefined;
  /** Asks for all 16 days; absent once they are shown. */
  onShowMore?: () => void;
  /** Asks for the hours of every day shown; absent once they are asked for. */
  onNeedHours?: () => void;
  /** A longer answer (more days or hours) is on its way. */
  loadingMore: boolean;
  /** Who wrote the detailed text forecasts ('National Weather Service'). */
  textSource?: string;
}

const finite = (values: (number | null)[]) => values.filter((v): v is number => v !== null && Number.isFinite(v));

/**
 * docs/product.md#screens daily forecast as a compact list: per day its name, icon,
 * chance of precipitation and a bar of its low to high against the whole period's range. A day
 * opens to the seed's readings, its hours and the detailed text forecast.
 */
export function DailyForecastList(props: DailyForecastListProps) {
  const {
    days,
    details,
    hourly,
    supplemental,
    countryCode,
    units,
    today,
    onShowMore,
    onNeedHours,
    loadingMore,
    textSource,
  } = props;
  const headingId = useId();
  const [open, setOpen] = useState<string | null>(null);
  const lows = finite(days.map((d) => d.temperature_2m_min));
  const highs = finite(days.map((d) => d.temperature_2m_max));
  const low = Math.min(...lows, ...highs);
  const high = Math.max(...lows, ...highs);
  const span = Math.max(high - low, 1);

  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h3" id={headingId}>
          Daily Forecast
        </Title>
        {onShowMore && (
          <Button variant="subtle" size="compact-sm" onClick={onShowMore} loading={loadingMore}>
            Show {FORECAST_DAYS_MAX} days
          </Button>
        )}
      </Group>
      <ul className={classes.list}>
        {days.map((day) => {
          const dateLabel = formatForecastDate(day.date);
          const isOpen = open === day.date;
          const hours = hourly.filter((h) => localDateOf(h.time) === day.date);
          return (
            <li key={day.date} className={classes.day}>
              <DayRow
                day={day}
                // 'Sun 22': the month is in the accessible name, and the row stays short on a phone.
                label={day.date === today ? 'Today' : dateLabel.replace(/^(\w+), \w+ (\d+)$/, '$1 $2')}
                dateLabel={dateLabel}
                open={isOpen}
                onToggle={() => {
                  setOpen(isOpen ? null : day.date);
                  // Past the first 48 hours the answer has no hours for the day: ask for them.
                  if (!isOpen && hours.length === 0) onNeedHours?.();
                }}
                units={units}
                range={{ low, span }}
              >
                <DayDetails
                  day={day}
                  details={details.find((d) => d.date === day.date)}
                  hours={hours}
                  loadingHours={loadingMore && hours.length === 0}
                  detailed={detailedForecastFor(supplemental, day.date, countryCode)}
                  units={units}
                  textSource={textSource}
                />
              </DayRow>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface DayRowProps {
  day: DailyWeather;
  label: string;
  dateLabel: string;
  open: boolean;
  onToggle: () => void;
  units: WeatherPreferences;
  range: { low: number; span: number };
  children: React.ReactNode;
}

function DayRow({ day, label, dateLabel, open, onToggle, units, range, children }: DayRowProps) {
  const panelId = useId();
  const min = day.temperature_2m_min;
  const max = day.temperature_2m_max;
  const chance = day.precipitation_probability_max;
  let bar: CSSProperties | null = null;
  if (min !== null && max !== null) {
    const left = ((min - range.low) / range.span) * 100;
    const width = Math.max(((max - min) / range.span) * 100, 2);
    // The gradient spans the whole track, so a warm day's bar is warm and a cold day's is cold.
    bar = {
      left: `${left}%`,
      width: `${width}%`,
      ['--range-width' as string]: `${(100 / width) * 100}%`,
      ['--range-offset' as string]: `${width >= 100 ? 0 : (left / (100 - width)) * 100}%`,
    };
  }
  return (
    <article aria-label={dateLabel}>
      <UnstyledButton className={classes.row} onClick={onToggle} aria-expanded={open} aria-controls={panelId}>
        {/* The name is spoken text, the row's figures are for the eye: an aria-label would not contain
            the visible text (WCAG 2.5.3, docs/product.md#accessibility). */}
        <VisuallyHidden>{`${dateLabel}: `}</VisuallyHidden>
        <Text fw={600} size="sm" truncate aria-hidden>
          {label}
        </Text>
        <WeatherIcon code={day.weather_code} size={32} />
        <VisuallyHidden>{`, low ${formatDegrees(min, units.temperature)}, high ${formatDegrees(max, units.temperature)}`}</VisuallyHidden>
        <Text size="xs" className={classes.chance} ta="right" aria-hidden>
          {chance !== null && chance > 0 ? formatPercentage(chance) : ''}
        </Text>
        <Text size="sm" c="dimmed" ta="right" aria-hidden>
          {formatDegrees(min, units.temperature)}
        </Text>
        <div className={classes.track}>{bar && <div className={classes.fill} style={bar} />}</div>
        <Text size="sm" fw={700} aria-hidden>
          {formatDegrees(max, units.temperature)}
        </Text>
        {open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
      </UnstyledButton>
      <Collapse expanded={open} id={panelId} className={classes.details}>
        {open && children}
      </Collapse>
    </article>
  );
}
