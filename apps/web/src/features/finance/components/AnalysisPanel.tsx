import { Box, Button, Group, LoadingOverlay, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  type HistoryInterval,
  type HistoryRange,
  INTERVAL_LABELS,
  INTERVAL_RANGES,
  INTERVALS,
  isIntervalAllowed,
  type PriceHistory,
  RANGE_LABELS,
  RANGES,
  type StockEvents,
} from '@site/contract';
import type { ComponentType } from 'react';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import type { ChartMode, PriceChartProps } from '../chart/chart-data';

const CHART_HEIGHT = 420;

interface AnalysisPanelProps {
  history: PriceHistory;
  /** The range and interval `history` was loaded with (differ from `range` and `interval` while new ones load). */
  historyRange: HistoryRange;
  historyInterval: HistoryInterval;
  range: HistoryRange;
  interval: HistoryInterval;
  onRangeChange: (range: HistoryRange) => void;
  onIntervalChange: (interval: HistoryInterval) => void;
  mode: ChartMode;
  onModeChange: (mode: ChartMode) => void;
  /** New data for a changed range or interval is on its way; the old chart stays, dimmed. */
  loading: boolean;
  ChartComponent: ComponentType<PriceChartProps>;
  /** The exchange's zone, in which the chart shows times and dates. */
  timeZone: string;
  /** The listing's currency, in which the chart shows prices. */
  currency: string;
  /** Dividends and splits to mark on the chart. */
  events?: StockEvents | undefined;
}

/** The city of an IANA zone: 'America/New_York' → 'New York', 'Asia/Tokyo' → 'Tokyo'. */
const zoneCity = (timeZone: string) => (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');

const rangeList = (ranges: readonly HistoryRange[]) => ranges.map((range) => RANGE_LABELS[range]).join(', ');

/** docs/product.md#stock-page-appsfinancestocksymbol: 'Price History' with range and interval buttons and the chart. */
export function AnalysisPanel({
  history,
  historyRange,
  historyInterval,
  range,
  interval,
  onRangeChange,
  onIntervalChange,
  mode,
  onModeChange,
  loading,
  ChartComponent,
  timeZone,
  currency,
  events,
}: AnalysisPanelProps) {
  const empty = Object.keys(history).length === 0;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="price-history-heading">
      <Group justify="space-between" mb="md" align="flex-start">
        <Title order={2} size="h3" id="price-history-heading">
          Price History
        </Title>
        <SegmentedChoice
          aria-label="Chart type"
          size="xs"
          value={mode}
          onChange={(value) => onModeChange(value as ChartMode)}
          // Candles by default (docs/decisions.md#stock-page-header-and-candles); the seed's Open,
          // High, Low and Close lines one click away.
          data={[
            { value: 'candles', label: 'Candles' },
            { value: 'lines', label: 'OHLC lines' },
          ]}
        />
      </Group>
      <Stack gap="xs" mb="md">
        <Group gap="xs" align="center">
          <Text size="sm" c="dimmed" w={64}>
            Range
          </Text>
          <Group gap={4} role="group" aria-label="Range">
            {RANGES.map((value) => (
              <Button
                key={value}
                size="xs"
                variant={value === range ? 'filled' : 'default'}
                aria-pressed={value === range}
                onClick={() => onRangeChange(value)}
              >
                {RANGE_LABELS[value]}
              </Button>
            ))}
          </Group>
        </Group>
        <Group gap="xs" align="center">
          <Text size="sm" c="dimmed" w={64}>
            Interval
          </Text>
          <Group gap={4} role="group" aria-label="Interval">
            {INTERVALS.map((value) => {
              const allowed = isIntervalAllowed(range, value);
              const button = (
                <Button
                  key={value}
                  size="xs"
                  variant={value === interval ? 'filled' : 'default'}
                  aria-pressed={value === interval}
                  disabled={!allowed}
                  onClick={() => onIntervalChange(value)}
                >
                  {INTERVAL_LABELS[value]}
                </Button>
              );
              return allowed ? (
                button
              ) : (
                <Tooltip key={value} label={`Available for ${rangeList(INTERVAL_RANGES[value])}`} withArrow>
                  {/* A disabled button gets no pointer events; the wrapper shows why it is off. */}
                  <span>{button}</span>
                </Tooltip>
              );
            })}
          </Group>
        </Group>
      </Stack>
      <Box pos="relative" mih={CHART_HEIGHT}>
        <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
        {empty ? (
          <Text c="dimmed" ta="center" py="xl">
            No price data for this range and interval.
          </Text>
        ) : (
          <ChartComponent
            history={history}
            range={historyRange}
            interval={historyInterval}
            timeZone={timeZone}
            currency={currency}
            mode={mode}
            height={CHART_HEIGHT}
            events={events}
          />
        )}
      </Box>
      <Text size="xs" c="dimmed" mt="xs">
        Drag to pan, scroll or pinch to zoom the time axis. Times are {zoneCity(timeZone)} (exchange) time.
      </Text>
    </Paper>
  );
}
