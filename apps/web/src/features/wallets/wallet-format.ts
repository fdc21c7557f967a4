import type { WalletTrade } from '@site/contract';
import { formatPrice, formatUsd, NO_VALUE } from '../../lib/format';
import { madeOnce } from '../../lib/made-once';

const dateTime = madeOnce(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

/** An instant (ISO-8601 text or epoch ms) in the viewer's time zone: "Jan 2, 2025, 10:35 AM". */
export function formatDateTime(instant: string | number): string {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  return Number.isNaN(ms) ? NO_VALUE : dateTime().format(ms);
}

/** `1234` → `1,234 shares`, `1` → `1 share`. */
export function formatShares(quantity: number): string {
  return `${quantity.toLocaleString('en-US')} ${quantity === 1 ? 'share' : 'shares'}`;
}

/** Where the wallet page shows one wallet (docs/product.md#screens route, `?wallet=` picks the wallet). */
export const walletPagePath = (walletId?: number) =>
  walletId === undefined ? '/apps/finance/wallet' : `/apps/finance/wallet?wallet=${walletId}`;

/**
 * A trade's price: dollars, with the listing's own price first when it traded in another currency
 * (docs/api.md#money): `¥2,893.5 ($18.52)`.
 */
export function formatTradePrice(trade: Pick<WalletTrade, 'price' | 'currency' | 'local_price'>): string {
  if (trade.currency === 'USD' || trade.local_price === null) return formatUsd(trade.price);
  return `${formatPrice(trade.local_price, trade.currency)} (${formatUsd(trade.price)})`;
}
