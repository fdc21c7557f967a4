import { Anchor, Stack, Text } from '@mantine/core';
import type { WatchlistItem } from '@site/contract';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { RowActions } from '../../../components/RowActions';
import { formatPrice, NO_VALUE } from '../../../lib/format';
import { stockPath } from '../../../lib/market/paths';
import { useWatchlistChange } from '../api/use-finance';
import { PriceChange } from './PriceChange';
import { UsdEquivalent } from './UsdEquivalent';

/** docs/product.md#finance-home-appsfinance home: the signed-in user's watchlist with today's quote per symbol. */
export function WatchlistTable({ items }: { items: WatchlistItem[] }) {
  const change = useWatchlistChange();
  const removing = change.isPending && change.variables.action === 'remove' ? change.variables.symbol : null;

  const columns: DataColumn<WatchlistItem>[] = [
    {
      header: 'Symbol',
      cell: (item) => (
        <Anchor component={Link} to={stockPath(item.symbol)} fw={600}>
          {item.symbol}
        </Anchor>
      ),
    },
    {
      header: 'Name',
      cell: (item) => (
        <Text size="sm" lineClamp={1} title={item.shortName ?? undefined}>
          {item.shortName ?? NO_VALUE}
        </Text>
      ),
    },
    {
      header: 'Current Price',
      align: 'right',
      cell: (item) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600}>
            {formatPrice(item.currentPrice, item.currency)}
          </Text>
          <UsdEquivalent size="xs" currency={item.currency} usd={item.currentPriceUsd} />
          <PriceChange
            size="xs"
            change={item.regularMarketChange}
            percent={item.regularMarketChangePercent}
            currency={item.currency}
          />
        </Stack>
      ),
    },
    { header: 'Daily Open', align: 'right', cell: (item) => formatPrice(item.regularMarketOpen, item.currency) },
    { header: 'Daily High', align: 'right', cell: (item) => formatPrice(item.regularMarketDayHigh, item.currency) },
    { header: 'Daily Low', align: 'right', cell: (item) => formatPrice(item.regularMarketDayLow, item.currency) },
    {
      header: 'Actions',
      align: 'right',
      cell: (item) => (
        <RowActions
          actions={[
            {
              label: 'View',
              ariaLabel: `View ${item.symbol}`,
              icon: <IconEye size={14} />,
              variant: 'light',
              to: stockPath(item.symbol),
            },
            {
              label: 'Remove',
              ariaLabel: `Remove ${item.symbol}`,
              icon: <IconTrash size={14} />,
              variant: 'subtle',
              color: 'red',
              loading: removing === item.symbol,
              disabled: change.isPending && removing !== item.symbol,
              onClick: () => change.mutate({ symbol: item.symbol, action: 'remove' }),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <DataTable
      label="Watchlist"
      columns={columns}
      rows={items}
      rowKey={(item) => item.symbol}
      empty="No stocks in watchlist"
      minWidth={720}
      striped
      highlightOnHover
      verticalSpacing="sm"
    />
  );
}
