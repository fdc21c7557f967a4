import { Badge, Table, Text } from '@mantine/core';
import type { WalletHistoryEntry } from '@site/contract';
import { ScrollBox } from '../../../components/ScrollBox';
import { formatUsd } from '../../../lib/format';
import { formatDateTime } from '../wallet-format';

const COLUMNS = ['Date', 'Balance', 'Stocks Value', 'Total Value'] as const;

/** docs/product.md#screens 'Wallet History': one row per snapshot, newest first (the API sends oldest first). */
export function WalletHistoryTable({ history }: { history: readonly WalletHistoryEntry[] }) {
  // The position in the oldest-first list is a stable key: new snapshots only ever append.
  const rows = history.map((entry, position) => ({ entry, position })).reverse();
  return (
    <ScrollBox maxHeight={420} label="Wallet History">
      <Table striped verticalSpacing="xs" stickyHeader aria-label="Wallet History">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} ta={column === 'Date' ? 'left' : 'right'}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text c="dimmed" ta="center" py="md">
                  No history yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map(({ entry, position }) => (
              <Table.Tr key={position}>
                <Table.Td>
                  {entry.is_current ? (
                    <Badge variant="light" size="sm" title="Valued at current prices">
                      Now
                    </Badge>
                  ) : (
                    formatDateTime(entry.created_at)
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatUsd(entry.balance)}</Table.Td>
                <Table.Td ta="right">{formatUsd(entry.stocks_value)}</Table.Td>
                <Table.Td ta="right" fw={500}>
                  {formatUsd(entry.total_value)}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}
