import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { WatchlistItem } from '@site/contract';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatPrice, NO_VALUE } from '../../../lib/format';
import { stockPath } from '../../../lib/market/paths';
import { useWatchlistChange } from '../api/use-finance';
import { PriceChange } from './PriceChange';
import { UsdEquivalent } from './UsdEquivalent';

const COLUMNS = ['Symbol', 'Name', 'Current Price', 'Daily Open', 'Daily High', 'Daily Low', 'Actions'] as const;

/** docs/product.md#finance-home-appsfinance home: the signed-in user's watchlist with today's quote per symbol. */
export function WatchlistTable({ items }: { items: WatchlistItem[] }) {
  const change = useWatchlistChange();
  const removing = change.isPending && change.variables.action === 'remove' ? change.variables.symbol : null;

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Watchlist">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} ta={column === 'Symbol' || column === 'Name' ? 'left' : 'right'}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text c="dimmed" ta="center" py="md">
                  No stocks in watchlist
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            items.map((item) => (
              <Table.Tr key={item.symbol}>
                <Table.Td>
                  <Anchor component={Link} to={stockPath(item.symbol)} fw={600}>
                    {item.symbol}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1} title={item.shortName ?? undefined}>
                    {item.shortName ?? NO_VALUE}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
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
                </Table.Td>
                <Table.Td ta="right">{formatPrice(item.regularMarketOpen, item.currency)}</Table.Td>
                <Table.Td ta="right">{formatPrice(item.regularMarketDayHigh, item.currency)}</Table.Td>
                <Table.Td ta="right">{formatPrice(item.regularMarketDayLow, item.currency)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      component={Link}
                      to={stockPath(item.symbol)}
                      size="xs"
                      variant="light"
                      leftSection={<IconEye size={14} />}
                      aria-label={`View ${item.symbol}`}
                    >
                      View
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      aria-label={`Remove ${item.symbol}`}
                      loading={removing === item.symbol}
                      disabled={change.isPending && removing !== item.symbol}
                      onClick={() => change.mutate({ symbol: item.symbol, action: 'remove' })}
                    >
                      Remove
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
