import { Alert, Badge, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import type { AlertsStatus, TimeFormat, WeatherAlert } from '@site/contract';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { formatInstant } from '../weather-format';
import { SEVERITY_COLORS, textOnFilled } from '../weather-theme';

export const ALERTS_NOT_COVERED = 'Weather alerts are not available for this location';
export const ALERTS_UNAVAILABLE = 'Alerts could not be loaded';

interface WeatherAlertsProps {
  alerts: WeatherAlert[];
  status: AlertsStatus;
  timeZone: string;
  timeFormat: TimeFormat;
}

/**
 * Alert banners (docs/api.md#weather-hourly-alerts-and-air-quality): one per active
 * alert, most severe first as the server sends them. Outside the alerts' coverage, and when they
 * could not be loaded, one quiet line says so: an empty list then is no all-clear.
 */
export function WeatherAlerts({ alerts, status, timeZone, timeFormat }: WeatherAlertsProps) {
  if (status !== 'ok') {
    return (
      <Group gap={6} c="dimmed" role="status">
        <IconInfoCircle size={16} aria-hidden />
        <Text size="sm">{status === 'not-covered' ? ALERTS_NOT_COVERED : ALERTS_UNAVAILABLE}</Text>
      </Group>
    );
  }
  if (alerts.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Weather alerts">
      {alerts.map((alert) => (
        <AlertBanner key={alert.id} alert={alert} timeZone={timeZone} timeFormat={timeFormat} />
      ))}
    </Stack>
  );
}

function AlertBanner({
  alert,
  timeZone,
  timeFormat,
}: {
  alert: WeatherAlert;
  timeZone: string;
  timeFormat: TimeFormat;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const color = SEVERITY_COLORS[alert.severity];
  const when = (iso: string) => formatInstant(iso, timeZone, timeFormat);
  const paragraphs = alert.description.split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, ' ').trim());
  return (
    <Alert
      color={color}
      variant="light"
      radius="md"
      icon={<IconAlertTriangle />}
      title={alert.headline ?? alert.event}
      data-severity={alert.severity}
      styles={{ root: { borderLeft: `4px solid var(--mantine-color-${color}-filled)` } }}
    >
      <Stack gap={6}>
        <Group gap="xs">
          <Badge color={color} c={textOnFilled(color)} variant="filled" size="sm">
            {alert.severity}
          </Badge>
          <Text size="sm" fw={600}>
            {alert.event}
          </Text>
        </Group>
        <Text size="sm">{alert.areaDesc}</Text>
        <Text size="sm">
          From {when(alert.onset ?? alert.effective)} until {when(alert.ends ?? alert.expires)}
        </Text>
        <div>
          <Button
            variant="subtle"
            color={color}
            size="compact-sm"
            // Its text lines up with the lines above; the padding shows only on hover.
            ml={-8}
            rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide details' : 'Show details'}
          </Button>
        </div>
        <Collapse expanded={open} id={detailsId}>
          <Stack gap="xs" pt={4}>
            {paragraphs.map((p) => (
              <Text size="sm" key={p}>
                {p}
              </Text>
            ))}
            {alert.instruction && (
              <>
                <Text size="sm" fw={700}>
                  What to do
                </Text>
                <Text size="sm">{alert.instruction}</Text>
              </>
            )}
            <Text size="xs" c="dimmed">
              Issued by {alert.senderName}. Effective {when(alert.effective)}, this message expires{' '}
              {when(alert.expires)}.
            </Text>
          </Stack>
        </Collapse>
      </Stack>
    </Alert>
  );
}
