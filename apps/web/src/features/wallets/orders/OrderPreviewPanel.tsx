import { Badge, Group } from '@mantine/core';
import type { OrderPreview } from '@site/contract';
import { type Stat, StatList } from '../../../components/StatList';
import { formatUsd } from '../../../lib/format';
import { formatDateTime, formatShares } from '../wallet-format';
import { formatOrderPrice } from './order-format';

interface OrderPreviewPanelProps {
  preview: OrderPreview;
  /** The ticket changed since: the figures are the previous order's, shown faded until the new ones come. */
  stale: boolean;
}

/** docs/api.md#orders preview_order: what placing the order would do now, in the ticket's words. */
export function OrderPreviewPanel({ preview, stale }: OrderPreviewPanelProps) {
  const buy = preview.side === 'buy';
  const stats: Stat[] = [
    {
      label: 'Current price',
      value: (
        <Group gap={6} component="span">
          {formatOrderPrice(preview.current_price)}
          <Badge size="xs" variant="light" color={preview.market_open ? 'teal' : 'gray'}>
            {preview.market_open ? 'Market open' : 'Market closed'}
          </Badge>
        </Group>
      ),
    },
    { label: 'Estimated price', value: formatOrderPrice(preview.estimated_price) },
    { label: buy ? 'Estimated cost' : 'Estimated proceeds', value: formatUsd(preview.estimated_amount) },
    buy
      ? { label: 'Cash reserved', value: formatUsd(preview.reserved_cash) }
      : { label: 'Shares reserved', value: formatShares(preview.reserved_quantity) },
    { label: 'Buying power now', value: formatUsd(preview.buying_power) },
    { label: 'Buying power after', value: formatUsd(preview.buying_power_after) },
  ];
  if (preview.trigger_price !== null)
    stats.splice(1, 0, { label: 'Trigger price', value: formatOrderPrice(preview.trigger_price) });
  if (!buy) stats.push({ label: 'Shares free to sell', value: formatShares(preview.available_quantity) });
  stats.push({ label: 'Expires', value: formatDateTime(preview.expires_at) });
  return (
    <div data-testid="order-preview" style={{ opacity: stale ? 0.55 : 1, transition: 'opacity 120ms' }}>
      <StatList stats={stats} cols={{ base: 2 }} />
    </div>
  );
}
