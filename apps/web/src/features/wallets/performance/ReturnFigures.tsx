import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { PeriodReturn, WalletPerformanceResponse } from '@site/contract';
import { formatPercent, NO_VALUE } from '../../../lib/format';
import { formatTradingDay, PERIOD_LABELS, PERIOD_NAMES, percentSign } from './performance-format';

const colorOf = (percent: number | null) => ['red', 'dimmed', 'teal'][percentSign(percent) + 1];

function Figure({ figure, benchmark }: { figure: PeriodReturn; benchmark: string }) {
  const label = PERIOD_LABELS[figure.period];
  const since =
    figure.return_percent === null
      ? `The wallet is younger than ${PERIOD_NAMES[figure.period]}`
      : figure.period === 'ALL'
        ? `From the starting money on ${formatTradingDay(figure.start_date)}`
        : `Since the close of ${formatTradingDay(figure.start_date)}`;
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={`${label} return`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" c={colorOf(figure.return_percent)}>
        {figure.return_percent === null ? NO_VALUE : formatPercent(figure.return_percent, { signed: true })}
      </Text>
      <Text size="xs" c="dimmed">
        {benchmark}{' '}
        {figure.benchmark_return_percent === null
          ? NO_VALUE
          : formatPercent(figure.benchmark_return_percent, { signed: true })}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        Time-weighted · {since}
      </Text>
    </Paper>
  );
}

/**
 * The return over 1D, 1W, 1M, YTD, 1Y and all time, each beside the benchmark's, with the method
 * named on every figure and spelled out under them (docs/api.md#wallet-performance).
 */
export function ReturnFigures({ performance }: { performance: WalletPerformanceResponse }) {
  return (
    <div>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="sm">
        {performance.returns.periods.map((figure) => (
          <Figure key={figure.period} figure={figure} benchmark={performance.benchmark.symbol} />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        {performance.returns.method}
      </Text>
    </div>
  );
}
