import { Alert, Box, Group, LoadingOverlay, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BENCHMARK_ETFS, type BenchmarkSymbol, DEFAULT_BENCHMARK, type WalletDetails } from '@site/contract';
import { type ComponentType, useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { useDeferredQuery } from '../../../hooks/use-deferred-query';
import { performanceVersion, useWalletPerformance } from '../api/performance-api';
import { AllocationChart } from './AllocationChart';
import { LazyPerformanceChart } from './LazyPerformanceChart';
import type { PerformanceChartProps } from './performance-chart-data';
import { ReturnFigures } from './ReturnFigures';
import { RiskFigures } from './RiskFigures';

const BENCHMARK_OPTIONS = BENCHMARK_ETFS.map((etf) => ({ value: etf.symbol, label: `${etf.symbol} · ${etf.index}` }));

export interface WalletPerformanceProps {
  wallet: WalletDetails;
  /** The value chart to draw; tests pass a stub since jsdom has no canvas. */
  ChartComponent?: ComponentType<PerformanceChartProps>;
}

/**
 * The wallet page's Performance section (docs/product.md#wallet-page-appsfinancewallet): the
 * value chart against a benchmark the person picks, the returns per period, the risk figures and
 * the allocation, every figure with its method (docs/api.md#wallet-performance).
 */
export function WalletPerformance({ wallet, ChartComponent = LazyPerformanceChart }: WalletPerformanceProps) {
  const [benchmark, setBenchmark] = useState<BenchmarkSymbol>(DEFAULT_BENCHMARK);
  const query = useDeferredQuery(useWalletPerformance(wallet.wallet_id, benchmark, performanceVersion(wallet.history)));
  const data = query.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" c="dimmed" maw={560}>
          The wallet’s value at each trading day’s close, rebuilt from its trades and daily closes, beside its starting
          money put into a benchmark fund on the day it was created.
        </Text>
        <NativeSelect
          label="Benchmark"
          data={BENCHMARK_OPTIONS}
          value={benchmark}
          onChange={(event) => setBenchmark(event.currentTarget.value as BenchmarkSymbol)}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      {query.isError && !data ? (
        <LoadError title="Could not load the performance" error={query.error} onRetry={() => query.refetch()} />
      ) : !data ? (
        <PageLoader label="Loading performance" />
      ) : (
        <Box pos="relative">
          <LoadingOverlay
            visible={query.isPlaceholderData}
            zIndex={4}
            overlayProps={{ radius: 'md', blur: 1 }}
            loaderProps={{ 'aria-label': 'Loading performance' }}
          />
          <Stack gap="lg">
            {query.isError && (
              <LoadError title="Could not update the performance" error={query.error} onRetry={() => query.refetch()} />
            )}
            {data.unpriced_symbols.length > 0 && (
              <Alert color="yellow" variant="light" title="Some closes are missing">
                No daily closes for {data.unpriced_symbols.join(', ')}: valued at the last trade price instead.
              </Alert>
            )}
            <ChartComponent series={data.series} benchmark={data.benchmark} />
            <ReturnFigures performance={data} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
              <Stack gap="sm">
                <Title order={3} size="h5">
                  Risk
                </Title>
                <RiskFigures performance={data} />
              </Stack>
              <Stack gap="sm">
                <Title order={3} size="h5">
                  Allocation
                </Title>
                <AllocationChart allocation={data.allocation} />
              </Stack>
            </SimpleGrid>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
