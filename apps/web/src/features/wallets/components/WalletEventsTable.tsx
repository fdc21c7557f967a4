import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { WalletEvent } from '@site/contract';
import { Link } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { ScrollBox } from '../../../components/ScrollBox';
import { useDeferredQuery } from '../../../hooks/use-deferred-query';
import { formatInteger, formatPrice, formatSignedUsd, NO_VALUE } from '../../../lib/format';
import { madeOnce } from '../../../lib/made-once';
import { stockPath } from '../../../lib/market/paths';
import { useWalletEvents } from '../api/wallet-events';
import { formatDateTime } from '../wallet-format';

const COLUMNS = ['Date', 'Type', 'Symbol', 'Shares Held', 'Per Share / Ratio', 'Cash', 'Paid / Applied'] as const;
const LEFT = new Set<string>(['Date', 'Type', 'Symbol', 'Paid / Applied']);
/** Dates and badges stay on one line; the table scrolls sideways on phones instead. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const day = madeOnce(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));
/** An exchange's calendar date (YYYY-MM-DD) as "Aug 31, 2020". */
const formatDay = (date: string | null) => {
  const ms = date === null ? Number.NaN : Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? NO_VALUE : day().format(ms);
};

/** A dividend's cash per share as declared ('$0.205', '22.31 GBp'), or a split's ratio with the shares it added. */
function detail(event: WalletEvent): string {
  if (event.kind === 'split') {
    const added = event.shares_delta >= 0 ? `+${formatInteger(event.shares_delta)}` : formatInteger(event.shares_delta);
    return `${event.numerator}:${event.denominator} (${added} shares)`;
  }
  const local = event.amount_per_share;
  if (local === null) return NO_VALUE;
  const declared =
    event.currency === 'USD'
      ? `$${local.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`
      : formatPrice(local, event.currency);
  return event.currency === 'USD' || event.amount_per_share_usd === null
    ? declared
    : `${declared} ($${event.amount_per_share_usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })})`;
}

/**
 * docs/product.md#wallet-page-appsfinancewallet: the dividends paid and splits applied to the
 * wallet, newest first — the ledger's entries beside the trades (docs/api.md#corporate-actions).
 */
export function WalletEventsTable({ walletId }: { walletId: number }) {
  const events = useDeferredQuery(useWalletEvents(walletId));
  if (events.isError) {
    return (
      <LoadError
        title="Could not load the dividends and splits"
        error={events.error}
        onRetry={() => events.refetch()}
      />
    );
  }
  if (!events.data) return <PageLoader label="Loading the dividends and splits…" />;
  const rows = events.data.events;
  return (
    <ScrollBox maxHeight={420} label="Dividends and Splits">
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs" stickyHeader aria-label="Dividends and Splits">
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
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>
                  <Text c="dimmed" ta="center" py="md">
                    No dividends or splits yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td title={event.kind === 'dividend' ? 'Ex-dividend date' : 'Split date'} style={NO_WRAP}>
                    {formatDay(event.date)}
                  </Table.Td>
                  <Table.Td style={NO_WRAP}>
                    <Badge size="sm" variant="light" color={event.kind === 'dividend' ? 'teal' : 'violet'}>
                      {event.kind === 'dividend' ? 'Dividend' : 'Split'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={stockPath(event.symbol)} fw={600}>
                      {event.symbol}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{formatInteger(event.quantity)}</Table.Td>
                  <Table.Td ta="right">{detail(event)}</Table.Td>
                  <Table.Td ta="right">
                    {event.cash_amount_cents > 0 ? formatSignedUsd(event.cash_amount) : NO_VALUE}
                  </Table.Td>
                  <Table.Td>
                    {event.kind === 'dividend' ? `Paid ${formatDay(event.pay_date)}` : 'Applied'}
                    <Text span size="xs" c="dimmed" display="block">
                      {formatDateTime(event.applied_at)}
                    </Text>
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
