import { Text, type TextProps } from '@mantine/core';
import { formatPercent, formatPrice, formatSignedUsd } from '../../../lib/format';

interface PriceChangeProps extends Pick<TextProps, 'size' | 'fw'> {
  change: number | null | undefined;
  percent: number | null | undefined;
  /** The listing's currency; the change is in it ('+¥12.5'). */
  currency?: string | null | undefined;
}

/** A signed amount in the listing's currency: '+$1.23', '-¥12.5', '+3.5 GBp'. */
function signedPrice(change: number, currency: string | null | undefined): string {
  if (!currency || currency === 'USD') return formatSignedUsd(change);
  const sign = change > 0 ? '+' : change < 0 ? '-' : '';
  return `${sign}${formatPrice(Math.abs(change), currency)}`;
}

/** The day's change, green for a gain and red for a loss: "+$1.23 (+0.54%)". */
export function PriceChange({ change, percent, currency, size = 'sm', fw = 500 }: PriceChangeProps) {
  if (change == null && percent == null) return null;
  const sign = change ?? percent ?? 0;
  const color = sign > 0 ? 'teal' : sign < 0 ? 'red' : 'dimmed';
  const text =
    change == null
      ? formatPercent(percent, { signed: true })
      : `${signedPrice(change, currency)}${percent == null ? '' : ` (${formatPercent(percent, { signed: true })})`}`;
  return (
    <Text component="span" size={size} fw={fw} c={color}>
      {text}
    </Text>
  );
}
