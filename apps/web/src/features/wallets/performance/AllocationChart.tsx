import { Box, Flex, Group, Stack, Table, Text } from '@mantine/core';
import type { AllocationSlice, WalletPerformanceResponse } from '@site/contract';
import { useState } from 'react';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { formatPercent, formatUsd } from '../../../lib/format';

type View = 'holding' | 'sector';

/** Slice colours (Mantine's, shade 6); cash is always grey. */
const COLORS = ['blue', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'indigo', 'yellow', 'red'].map(
  (name) => `var(--mantine-color-${name}-6)`,
);
const CASH_COLOR = 'var(--mantine-color-gray-5)';
const colorOf = (slice: AllocationSlice, i: number) =>
  slice.label === 'Cash' && slice.symbol === null ? CASH_COLOR : (COLORS[i % COLORS.length] ?? CASH_COLOR);

const SIZE = 160;
const STROKE = 28;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The slices as a ring of arcs (stroke dashes on one circle each). Decorative: the table beside it
 * holds the same figures for screen readers and keyboards.
 */
function Donut({ slices }: { slices: AllocationSlice[] }) {
  let offset = 0;
  return (
    <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden style={{ flex: 'none' }}>
      <circle
        cx={SIZE / 2}
        cy={SIZE / 2}
        r={RADIUS}
        fill="none"
        stroke="var(--mantine-color-default-border)"
        strokeWidth={STROKE}
      />
      {slices.map((slice, i) => {
        const length = (Math.max(0, slice.percent) / 100) * CIRCUMFERENCE;
        const arc = (
          <circle
            key={`${slice.symbol ?? ''}|${slice.label}`}
            cx={SIZE / 2}
            cy={SIZE / 2}
            r={RADIUS}
            fill="none"
            stroke={colorOf(slice, i)}
            strokeWidth={STROKE}
            strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
            strokeDashoffset={-offset}
            transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
          />
        );
        offset += length;
        return arc;
      })}
    </svg>
  );
}

/** Today's value by holding or by sector (a toggle), as a donut with a table of the figures. */
export function AllocationChart({ allocation }: { allocation: WalletPerformanceResponse['allocation'] }) {
  const [view, setView] = useState<View>('holding');
  const slices = view === 'holding' ? allocation.by_holding : allocation.by_sector;
  const caption = view === 'holding' ? 'Allocation by holding' : 'Allocation by sector';
  return (
    <Stack gap="sm">
      <Group>
        <SegmentedChoice
          aria-label="Group the allocation"
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { label: 'By holding', value: 'holding' },
            { label: 'By sector', value: 'sector' },
          ]}
        />
      </Group>
      {/* The ring above the table on phones, beside it from 576 px. */}
      <Flex direction={{ base: 'column', xs: 'row' }} align="center" gap="lg">
        <Donut slices={slices} />
        <Table.ScrollContainer minWidth={240} style={{ flex: 1, alignSelf: 'stretch' }}>
          <Table aria-label={caption} verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{view === 'holding' ? 'Holding' : 'Sector'}</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
                <Table.Th ta="right">Share</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slices.map((slice, i) => (
                <Table.Tr key={`${slice.symbol ?? ''}|${slice.label}`}>
                  <Table.Td>
                    <Group gap={8} wrap="nowrap">
                      <Box
                        w={10}
                        h={10}
                        style={{ borderRadius: 2, background: colorOf(slice, i), flex: 'none' }}
                        aria-hidden
                      />
                      <Text size="sm" span>
                        {slice.label}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatUsd(slice.value)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(slice.percent)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Flex>
      <Text size="xs" c="dimmed">
        Today’s value at the last close; sectors from each company’s profile (Unclassified when it has none).
      </Text>
    </Stack>
  );
}
