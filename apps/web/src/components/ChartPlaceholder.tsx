import { Center, Loader } from '@mantine/core';

/** A chart's legend: one line of `sm` text and its `xs` margin (more lines only on narrow screens). */
const LEGEND_HEIGHT = 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height-sm) + var(--mantine-spacing-xs))';

/**
 * Holds the place of a lazily loaded chart — its legend line and its plot of `height` pixels — so
 * the content below does not move when the chart's code arrives.
 */
export function ChartPlaceholder({ height }: { height: number }) {
  return (
    <Center h={`calc(${height}px + ${LEGEND_HEIGHT})`} role="status" aria-label="Loading chart">
      <Loader />
    </Center>
  );
}
