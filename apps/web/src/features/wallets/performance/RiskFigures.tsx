import { Stack, Text } from '@mantine/core';
import type { WalletPerformanceResponse } from '@site/contract';
import { type Stat, StatList } from '../../../components/StatList';
import { formatPercent, formatUsd, NO_VALUE } from '../../../lib/format';
import { formatTradingDay } from './performance-format';

function Figure({ value, detail, method }: { value: string; detail: string; method: string }) {
  return (
    <Stack gap={2}>
      <Text component="span" fw={700} size="lg">
        {value}
      </Text>
      <Text component="span" size="xs">
        {detail}
      </Text>
      <Text component="span" size="xs" c="dimmed">
        {method}
      </Text>
    </Stack>
  );
}

/** Maximum drawdown and annualised volatility, each with how it is computed. */
export function RiskFigures({ performance }: { performance: WalletPerformanceResponse }) {
  const { max_drawdown: drawdown, volatility } = performance;
  const stats: Stat[] = [
    {
      label: 'Maximum drawdown',
      value: (
        <Figure
          value={formatPercent(drawdown.percent)}
          detail={
            drawdown.peak_date && drawdown.trough_date && drawdown.peak_value_cents !== null
              ? `From ${formatUsd(drawdown.peak_value_cents / 100)} on ${formatTradingDay(drawdown.peak_date)} to ` +
                `${formatUsd((drawdown.trough_value_cents ?? 0) / 100)} on ${formatTradingDay(drawdown.trough_date)}`
              : 'The value has not closed below an earlier close.'
          }
          method={drawdown.method}
        />
      ),
    },
    {
      label: 'Volatility (annualised)',
      value: (
        <Figure
          value={volatility.annualized_percent === null ? NO_VALUE : formatPercent(volatility.annualized_percent)}
          detail={
            volatility.annualized_percent === null
              ? 'Needs at least two daily returns after the first day.'
              : `From ${volatility.daily_returns.toLocaleString('en-US')} daily returns`
          }
          method={volatility.method}
        />
      ),
    },
  ];
  return <StatList stats={stats} cols={{ base: 1, xs: 2, md: 1 }} />;
}
