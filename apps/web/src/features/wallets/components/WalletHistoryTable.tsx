import { Badge } from '@mantine/core';
import type { WalletHistoryEntry } from '@site/contract';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { formatUsd } from '../../../lib/format';
import { formatDateTime } from '../wallet-format';

interface HistoryRow {
  entry: WalletHistoryEntry;
  /** The position in the oldest-first list: a stable key, as new snapshots only ever append. */
  position: number;
}

const COLUMNS: readonly DataColumn<HistoryRow>[] = [
  {
    header: 'Date',
    cell: ({ entry }) =>
      entry.is_current ? (
        <Badge variant="light" size="sm" title="Valued at current prices">
          Now
        </Badge>
      ) : (
        formatDateTime(entry.created_at)
      ),
  },
  { header: 'Balance', align: 'right', cell: ({ entry }) => formatUsd(entry.balance) },
  { header: 'Stocks Value', align: 'right', cell: ({ entry }) => formatUsd(entry.stocks_value) },
  { header: 'Total Value', align: 'right', td: () => ({ fw: 500 }), cell: ({ entry }) => formatUsd(entry.total_value) },
];

/** docs/product.md#screens 'Wallet History': one row per snapshot, newest first (the API sends oldest first). */
export function WalletHistoryTable({ history }: { history: readonly WalletHistoryEntry[] }) {
  const rows = history.map((entry, position) => ({ entry, position })).reverse();
  return (
    <DataTable
      label="Wallet History"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.position}
      empty="No history yet."
      maxHeight={420}
      striped
      verticalSpacing="xs"
    />
  );
}
