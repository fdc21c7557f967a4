import { Center, Loader } from '@mantine/core';

/** A chart's legend: one line of `sm` text and its `xs` margin (more lines only on narrow screens). */
const LEGEND_HEIGHT = 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height-sm) + var(--mantine-spacing-xs))';

/**
 * Holds the place of a lazily loaded chart — its legend line and its plot of `height` pixels — so
 * the content below does not move when the chart's code arrives. `waiting`: the chart is not being
 * loaded yet (it is drawn when its place nears the screen, components/LazyChart.tsx), so the place
 * stays empty rather than showing a loader that nothing ends.
 */
export function ChartPlaceholder({ height, waiting = false }: { height: number; waiting?: boolean }) {
  const h = `calc(${height}px + ${LEGEND_HEIGHT})`;
  if (waiting) return <div style={{ height: h }} data-chart-waiting="" aria-hidden />;
  return (
    <Center h={h} role="status" aria-label="Loading chart">
      <Loader />
    </Center>
  );
}
