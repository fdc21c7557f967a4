import { Anchor, Table, Text } from '@mantine/core';
import type { WalletDetails } from '@site/contract';
import { Link } from 'react-router';
import { formatInteger, formatUsd } from '../../../lib/format';
import { stockPath } from '../../../lib/market/paths';
import { Gain, GainAmount, GainPercent } from './GainCells';

const FULL = [
  'Stock Symbol',
  'Quantity',
  'Bought Price',
  'Current Price',
  'Current Value',
  'Gain/Loss',
  'Gain/Loss %',
] as const;
/** The half-width details modal: the seed's four columns and the gain (amount and %) in one. */
const COMPACT = ['Stock Symbol', 'Quantity', 'Bought Price', 'Current Value', 'Gain/Loss'] as const;

interface HoldingsTableProps {
  wallet: WalletDetails;
  /** Fewer, combined columns for narrow places such as the details modal. */
  compact?: boolean;
  /** Accessible name of the table. */
  label?: string;
}

/**
 * docs/product.md#screens 'Stocks Held': symbol, quantity, bought price (average cost) and current value, plus
 * the current price and the unrealized gain or loss per holding, with the wallet's totals below.
 */
export function HoldingsTable({ wallet, compact = false, label = 'Stocks Held' }: HoldingsTableProps) {
  const { stocks } = wallet;
  // docs/api.md#orders: shares held back by open sell orders, shown only when there are any.
  const withReserved = !compact && stocks.some((stock) => stock.reserved_quantity > 0);
  const columns: readonly string[] = compact
    ? COMPACT
    : withReserved
      ? [...FULL.slice(0, 2), 'Reserved', 'Available', ...FULL.slice(2)]
      : FULL;
  return (
    <Table.ScrollContainer minWidth={compact ? 480 : withReserved ? 820 : 680}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} ta={column === 'Stock Symbol' ? 'left' : 'right'} style={{ whiteSpace: 'nowrap' }}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stocks.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="md">
                  No stocks held yet. Buy some to see them here.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            stocks.map((stock) => (
              <Table.Tr key={stock.symbol}>
                <Table.Td>
                  <Anchor component={Link} to={stockPath(stock.symbol)} fw={600}>
                    {stock.symbol}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{formatInteger(stock.quantity)}</Table.Td>
                {withReserved && (
                  <>
                    <Table.Td ta="right" title="Held back by open sell orders">
                      {formatInteger(stock.reserved_quantity)}
                    </Table.Td>
                    <Table.Td ta="right" title="Free to sell">
                      {formatInteger(stock.available_quantity)}
                    </Table.Td>
                  </>
                )}
                <Table.Td ta="right">{formatUsd(stock.bought_price)}</Table.Td>
                {!compact && (
                  <Table.Td ta="right">
                    {formatUsd(stock.current_price)}
                    {!stock.price_available && (
                      <Text component="span" size="xs" c="dimmed" title="No market price: valued at cost">
                        {' '}
                        (at cost)
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td ta="right">{formatUsd(stock.current_value)}</Table.Td>
                {compact ? (
                  <Table.Td ta="right">
                    <Gain cents={stock.unrealized_gain_cents} percent={stock.unrealized_gain_percent} />
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td ta="right">
                      <GainAmount cents={stock.unrealized_gain_cents} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <GainPercent cents={stock.unrealized_gain_cents} percent={stock.unrealized_gain_percent} />
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {stocks.length > 0 && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td />
              {withReserved && (
                <>
                  <Table.Td />
                  <Table.Td />
                </>
              )}
              <Table.Td ta="right" title="What the shares held cost in total">
                <Text component="span" size="xs" c="dimmed">
                  Cost{' '}
                </Text>
                {formatUsd(wallet.cost_basis)}
              </Table.Td>
              {!compact && <Table.Td />}
              <Table.Td ta="right" fw={600}>
                {formatUsd(wallet.stocks_value)}
              </Table.Td>
              {compact ? (
                <Table.Td ta="right">
                  <Gain cents={wallet.unrealized_gain_cents} percent={wallet.unrealized_gain_percent} fw={600} />
                </Table.Td>
              ) : (
                <>
                  <Table.Td ta="right">
                    <GainAmount cents={wallet.unrealized_gain_cents} fw={600} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <GainPercent
                      cents={wallet.unrealized_gain_cents}
                      percent={wallet.unrealized_gain_percent}
                      fw={600}
                    />
                  </Table.Td>
                </>
              )}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
