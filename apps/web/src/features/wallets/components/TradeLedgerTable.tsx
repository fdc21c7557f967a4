import { Anchor, Badge } from '@mantine/core';
import type { WalletTrade } from '@site/contract';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { formatInteger, formatSignedUsd, NO_VALUE } from '../../../lib/format';
import { stockPath } from '../../../lib/market/paths';
import { formatDateTime, formatTradePrice } from '../wallet-format';
import { GainAmount } from './GainCells';

const COLUMNS: readonly DataColumn<WalletTrade>[] = [
  { header: 'Date', cell: (trade) => formatDateTime(trade.created_at) },
  {
    header: 'Side',
    cell: (trade) => (
      <Badge size="sm" variant="light" color={trade.side === 'buy' ? 'teal' : 'red'}>
        {trade.side === 'buy' ? 'Buy' : 'Sell'}
      </Badge>
    ),
  },
  {
    header: 'Symbol',
    cell: (trade) => (
      <Anchor component={Link} to={stockPath(trade.symbol)} fw={600}>
        {trade.symbol}
      </Anchor>
    ),
  },
  { header: 'Quantity', align: 'right', cell: (trade) => formatInteger(trade.quantity) },
  { header: 'Price', align: 'right', cell: formatTradePrice },
  {
    header: 'Amount',
    align: 'right',
    td: (trade) => ({ title: trade.side === 'buy' ? 'Paid' : 'Received' }),
    cell: (trade) => formatSignedUsd(trade.side === 'buy' ? -trade.cash_amount : trade.cash_amount),
  },
  {
    header: 'Realized Gain',
    align: 'right',
    cell: (trade) => (trade.side === 'sell' ? <GainAmount cents={trade.realized_gain_cents} /> : NO_VALUE),
  },
];

/** Every trade as the server executed it, newest first: the wallet's ledger. */
export function TradeLedgerTable({ trades }: { trades: readonly WalletTrade[] }) {
  return (
    <DataTable
      label="Trade Ledger"
      columns={COLUMNS}
      rows={trades}
      rowKey={(trade) => trade.id}
      empty="No trades yet."
      minWidth={640}
      maxHeight={420}
      striped
      verticalSpacing="xs"
    />
  );
}
