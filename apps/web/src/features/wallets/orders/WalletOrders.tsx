import { Anchor, Badge, Box, Button, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Order } from '@site/contract';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { useDeferredQuery } from '../../../hooks/use-deferred-query';
import { formatInteger, formatUsd, NO_VALUE } from '../../../lib/format';
import { stockPath } from '../../../lib/market/paths';
import { useCancelOrder, useOrders } from '../api/orders-api';
import { formatDateTime, formatShares } from '../wallet-format';
import { formatOrderPrice, ORDER_STATUS_COLORS, orderPrices, orderTypeLabel, timeInForceLabel } from './order-format';

/** A badge keeps its whole word when the scrolled table squeezes its column. */
const WHOLE = { minWidth: 'max-content' } as const;

const SymbolLink = ({ symbol }: { symbol: string }) => (
  <Anchor component={Link} to={stockPath(symbol)} fw={600}>
    {symbol}
  </Anchor>
);

const SideBadge = ({ side }: { side: Order['side'] }) => (
  <Badge variant="light" color={side === 'buy' ? 'teal' : 'red'} style={WHOLE}>
    {side === 'buy' ? 'Buy' : 'Sell'}
  </Badge>
);

const StatusBadge = ({ order }: { order: Order }) => (
  <Badge variant="light" color={ORDER_STATUS_COLORS[order.status]} style={WHOLE}>
    {order.status === 'open' && order.triggered ? 'Open · triggered' : order.status}
  </Badge>
);

/** What an open order holds back: cash for a buy, shares for a sell. */
const reserved = (order: Order) =>
  order.side === 'buy' ? formatUsd(order.reserved_cash) : formatShares(order.reserved_quantity);

/** A closed order's outcome: the fill (price and cash) or why it closed. */
function outcome(order: Order): string {
  if (order.status === 'filled') {
    return `${formatOrderPrice(order.fill_price)} · ${formatUsd(order.fill_cash_amount)}`;
  }
  return order.reason ?? NO_VALUE;
}

/** The columns an open and a closed order share. */
const ORDER: readonly DataColumn<Order>[] = [
  { header: 'Symbol', cell: (order) => <SymbolLink symbol={order.symbol} /> },
  { header: 'Side', cell: (order) => <SideBadge side={order.side} /> },
  { header: 'Type', noWrap: true, cell: orderTypeLabel },
  { header: 'Quantity', align: 'right', cell: (order) => formatInteger(order.quantity) },
  { header: 'Limit / Stop / Trail', noWrap: true, cell: orderPrices },
];
const STATUS: DataColumn<Order> = { header: 'Status', cell: (order) => <StatusBadge order={order} /> };
const CLOSED_COLUMNS: readonly DataColumn<Order>[] = [
  ...ORDER,
  STATUS,
  { header: 'Fill', cell: outcome },
  { header: 'Closed', noWrap: true, cell: (order) => formatDateTime(order.filled_at ?? order.updated_at) },
];

/**
 * docs/product.md#wallet-page-appsfinancewallet 'Open Orders': the wallet's open orders with what
 * each holds back and a Cancel (confirmed first), and its recent closed orders folded away below.
 */
export function WalletOrders({ walletId }: { walletId: number }) {
  const orders = useDeferredQuery(useOrders(walletId));
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState<Order | null>(null);
  const [closedShown, { toggle }] = useDisclosure(false);

  if (orders.isError && !orders.data) {
    return <LoadError title="Could not load the orders" error={orders.error} onRetry={() => orders.refetch()} />;
  }
  if (!orders.data) return <PageLoader label="Loading the orders…" />;
  const open = orders.data.orders.filter((order) => order.status === 'open');
  const closed = orders.data.orders.filter((order) => order.status !== 'open');

  const openColumns: readonly DataColumn<Order>[] = [
    ...ORDER,
    { header: 'Trigger Price', align: 'right', cell: (order) => formatOrderPrice(order.trigger_price) },
    { header: 'Time in Force', noWrap: true, cell: (order) => timeInForceLabel(order.time_in_force) },
    { header: 'Expires', noWrap: true, cell: (order) => formatDateTime(order.expires_at) },
    STATUS,
    { header: 'Reserved', align: 'right', noWrap: true, cell: reserved },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (order) => (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() => setConfirming(order)}
          aria-label={`Cancel the order to ${order.side} ${order.symbol}`}
        >
          Cancel
        </Button>
      ),
    },
  ];

  const confirmCancel = async () => {
    if (!confirming) return;
    try {
      await cancel.mutateAsync(confirming);
    } catch {
      // Told by the mutation's notification; the list is refetched either way.
    }
    setConfirming(null);
  };

  return (
    <Stack gap="md">
      {open.length === 0 ? (
        // A line of its own, not a row: a row spans the table's 1,040 px and put the text off a phone's screen.
        <Text c="dimmed" py="sm">
          No open orders
        </Text>
      ) : (
        <DataTable
          label="Open orders"
          columns={openColumns}
          rows={open}
          rowKey={(order) => order.order_id}
          minWidth={1040}
          headerNoWrap
          striped
          highlightOnHover
          verticalSpacing="xs"
        />
      )}

      {closed.length > 0 && (
        <div>
          <UnstyledButton onClick={toggle} aria-expanded={closedShown} aria-controls={`closed-orders-${walletId}`}>
            <Group gap={4}>
              {closedShown ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
              <Text fw={600} size="sm">
                Recent closed orders ({closed.length})
              </Text>
            </Group>
          </UnstyledButton>
          <Collapse expanded={closedShown} id={`closed-orders-${walletId}`}>
            <Box mt="sm">
              <DataTable
                label="Recent closed orders"
                columns={CLOSED_COLUMNS}
                rows={closed}
                rowKey={(order) => order.order_id}
                minWidth={860}
                headerNoWrap
                striped
                verticalSpacing="xs"
              />
            </Box>
          </Collapse>
        </div>
      )}

      <ConfirmDialog
        opened={confirming !== null}
        title="Cancel this order?"
        cancelLabel="Keep order"
        confirmLabel="Cancel order"
        onCancel={() => setConfirming(null)}
        onConfirm={confirmCancel}
        loading={cancel.isPending}
      >
        {confirming && (
          <Text size="sm">
            {confirming.side === 'buy' ? 'Buy' : 'Sell'} {formatShares(confirming.quantity)} of {confirming.symbol},{' '}
            {orderTypeLabel(confirming).toLowerCase()} ({orderPrices(confirming)}). Cancelling releases the{' '}
            {confirming.side === 'buy'
              ? `${formatUsd(confirming.reserved_cash)} it holds back`
              : 'shares it holds back'}
            .
          </Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
