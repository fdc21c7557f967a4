import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { WalletTrade } from '@site/contract';
import { Link } from 'react-router';
import { ScrollBox } from '../../../components/ScrollBox';
import { formatInteger, formatSignedUsd, NO_VALUE } from '../../../lib/format';
import { stockPath } from '../../../lib/market/paths';
import { formatDateTime, formatTradePrice } from '../wallet-format';
import { GainAmount } from './GainCells';

const COLUMNS = ['Date', 'Side', 'Symbol', 'Quantity', 'Price', 'Amount', 'Realized Gain'] as const;
const LEFT = new Set<string>(['Date', 'Side', 'Symbol']);

/** Every trade as the server executed it, newest first: the wallet's ledger. */
export function TradeLedgerTable({ trades }: { trades: readonly WalletTrade[] }) {
  return (
    <ScrollBox maxHeight={420} label="Trade Ledger">
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="xs" stickyHeader aria-label="Trade Ledger">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} ta={LEFT.has(column) ? 'left' : 'right'}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trades.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>
                  <Text c="dimmed" ta="center" py="md">
                    No trades yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              trades.map((trade) => (
                <Table.Tr key={trade.id}>
                  <Table.Td>{formatDateTime(trade.created_at)}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={trade.side === 'buy' ? 'teal' : 'red'}>
                      {trade.side === 'buy' ? 'Buy' : 'Sell'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={stockPath(trade.symbol)} fw={600}>
                      {trade.symbol}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{formatInteger(trade.quantity)}</Table.Td>
                  <Table.Td ta="right">{formatTradePrice(trade)}</Table.Td>
                  <Table.Td ta="right" title={trade.side === 'buy' ? 'Paid' : 'Received'}>
                    {formatSignedUsd(trade.side === 'buy' ? -trade.cash_amount : trade.cash_amount)}
                  </Table.Td>
                  <Table.Td ta="right">
                    {trade.side === 'sell' ? <GainAmount cents={trade.realized_gain_cents} /> : NO_VALUE}
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ScrollBox>
  );
}
