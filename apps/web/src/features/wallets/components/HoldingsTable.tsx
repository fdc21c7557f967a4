import { Anchor, Table, Text } from '@mantine/core';
import type { WalletDetails } from '@site/contract';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { formatInteger, formatUsd } from '../../../lib/format';
import { stockPath } from '../../../lib/market/paths';
import { Gain, GainAmount, GainPercent } from './GainCells';

type Stock = WalletDetails['stocks'][number];

const right = (header: string, cell: DataColumn<Stock>['cell'], title?: string): DataColumn<Stock> => ({
  header,
  align: 'right',
  cell,
  ...(title && { td: () => ({ title }) }),
});

const SYMBOL: DataColumn<Stock> = {
  header: 'Stock Symbol',
  cell: (stock) => (
    <Anchor component={Link} to={stockPath(stock.symbol)} fw={600}>
      {stock.symbol}
    </Anchor>
  ),
};
const QUANTITY = right('Quantity', (stock) => formatInteger(stock.quantity));
/** docs/api.md#orders: shares held back by open sell orders, shown only when there are any. */
const RESERVED = [
  right('Reserved', (stock) => formatInteger(stock.reserved_quantity), 'Held back by open sell orders'),
  right('Available', (stock) => formatInteger(stock.available_quantity), 'Free to sell'),
];
const BOUGHT = right('Bought Price', (stock) => formatUsd(stock.bought_price));
const CURRENT_PRICE = right('Current Price', (stock) => (
  <>
    {formatUsd(stock.current_price)}
    {!stock.price_available && (
      <Text component="span" size="xs" c="dimmed" title="No market price: valued at cost">
        {' '}
        (at cost)
      </Text>
    )}
  </>
));
const CURRENT_VALUE = right('Current Value', (stock) => formatUsd(stock.current_value));
const GAIN = right('Gain/Loss', (stock) => <GainAmount cents={stock.unrealized_gain_cents} />);
const GAIN_PERCENT = right('Gain/Loss %', (stock) => (
  <GainPercent cents={stock.unrealized_gain_cents} percent={stock.unrealized_gain_percent} />
));
/** The half-width details modal: the amount and the % in one column. */
const GAIN_BOTH = right('Gain/Loss', (stock) => (
  <Gain cents={stock.unrealized_gain_cents} percent={stock.unrealized_gain_percent} />
));

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
  const withReserved = !compact && stocks.some((stock) => stock.reserved_quantity > 0);
  // Compact: the seed's four columns and the gain; full: the current price and the gain in two.
  const columns = compact
    ? [SYMBOL, QUANTITY, BOUGHT, CURRENT_VALUE, GAIN_BOTH]
    : [SYMBOL, QUANTITY, ...(withReserved ? RESERVED : []), BOUGHT, CURRENT_PRICE, CURRENT_VALUE, GAIN, GAIN_PERCENT];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={stocks}
      rowKey={(stock) => stock.symbol}
      empty="No stocks held yet. Buy some to see them here."
      minWidth={compact ? 480 : withReserved ? 820 : 680}
      headerNoWrap
      striped
      highlightOnHover
      verticalSpacing="xs"
      footer={
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
                <GainPercent cents={wallet.unrealized_gain_cents} percent={wallet.unrealized_gain_percent} fw={600} />
              </Table.Td>
            </>
          )}
        </Table.Tr>
      }
    />
  );
}
