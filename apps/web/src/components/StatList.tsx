import { Box, SimpleGrid, type SimpleGridProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { NO_VALUE } from '../lib/format';

export interface Stat {
  label: string;
  value: ReactNode;
  /** The full value, shown as a tooltip when `value` is abbreviated. */
  title?: string;
}

interface StatListProps {
  stats: Stat[];
  cols?: SimpleGridProps['cols'];
}

/** Label/value pairs as a description list, in a responsive grid. */
export function StatList({ stats, cols = { base: 1, xs: 2 } }: StatListProps) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="md" verticalSpacing="sm" m={0}>
      {stats.map((stat) => (
        <Box key={stat.label} miw={0}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.03em' }}>
            {stat.label}
          </Text>
          <Text component="dd" m={0} size="sm" fw={500} title={stat.title} style={{ overflowWrap: 'anywhere' }}>
            {stat.value ?? NO_VALUE}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
