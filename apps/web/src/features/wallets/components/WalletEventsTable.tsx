import { Anchor, Badge, Text } from '@mantine/core';
import type { WalletEvent } from '@site/contract';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { useDeferredQuery } from '../../../hooks/use-deferred-query';
import { formatInteger, formatPrice, formatSignedUsd, NO_VALUE } from '../../../lib/format';
import { madeOnce } from '../../../lib/made-once';
import { stockPath } from '../../../lib/market/paths';
import { useWalletEvents } from '../api/wallet-events';
import { formatDateTime } from '../wallet-format';

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

const COLUMNS: readonly DataColumn<WalletEvent>[] = [
  {
    header: 'Date',
    noWrap: true,
    td: (event) => ({ title: event.kind === 'dividend' ? 'Ex-dividend date' : 'Split date' }),
    cell: (event) => formatDay(event.date),
  },
  {
    header: 'Type',
    noWrap: true,
    cell: (event) => (
      <Badge size="sm" variant="light" color={event.kind === 'dividend' ? 'teal' : 'violet'}>
        {event.kind === 'dividend' ? 'Dividend' : 'Split'}
      </Badge>
    ),
  },
  {
    header: 'Symbol',
    cell: (event) => (
      <Anchor component={Link} to={stockPath(event.symbol)} fw={600}>
        {event.symbol}
      </Anchor>
    ),
  },
  { header: 'Shares Held', align: 'right', cell: (event) => formatInteger(event.quantity) },
  { header: 'Per Share / Ratio', align: 'right', cell: detail },
  {
    header: 'Cash',
    align: 'right',
    cell: (event) => (event.cash_amount_cents > 0 ? formatSignedUsd(event.cash_amount) : NO_VALUE),
  },
  {
    header: 'Paid / Applied',
    cell: (event) => (
      <>
        {event.kind === 'dividend' ? `Paid ${formatDay(event.pay_date)}` : 'Applied'}
        <Text span size="xs" c="dimmed" display="block">
          {formatDateTime(event.applied_at)}
        </Text>
      </>
    ),
  },
];

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
  return (
    <DataTable
      label="Dividends and Splits"
      columns={COLUMNS}
      rows={events.data.events}
      rowKey={(event) => event.id}
      empty="No dividends or splits yet."
      minWidth={760}
      maxHeight={420}
      striped
      verticalSpacing="xs"
    />
  );
}
