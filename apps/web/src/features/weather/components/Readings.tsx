import { Box, SimpleGrid, type SimpleGridProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Reading {
  label: string;
  value: ReactNode;
  /** Shown dimmed after the value, e.g. the degrees of a compass label. */
  note?: ReactNode;
}

/** Labelled values as a description list, laid out in a grid. */
export function Readings({ items, cols }: { items: Reading[]; cols: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="md" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <Box key={item.label}>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {item.label}
          </Text>
          <Text component="dd" fw={600} m={0}>
            {item.value}
            {item.note && (
              <Text component="span" size="xs" c="dimmed" fw={400} ml={6}>
                {item.note}
              </Text>
            )}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
