import { Text, type TextProps } from '@mantine/core';
import { formatPercent, formatSignedPrice } from '../../../lib/format';

interface PriceChangeProps extends Pick<TextProps, 'size' | 'fw'> {
  change: number | null | undefined;
  percent: number | null | undefined;
  /** The listing's currency; the change is in it ('+¥12.5'). */
  currency?: string | null | undefined;
}

/** The day's change, green for a gain and red for a loss: "+$1.23 (+0.54%)". */
export function PriceChange({ change, percent, currency, size = 'sm', fw = 500 }: PriceChangeProps) {
  if (change == null && percent == null) return null;
  const sign = change ?? percent ?? 0;
  const color = sign > 0 ? 'teal' : sign < 0 ? 'red' : 'dimmed';
  const text =
    change == null
      ? formatPercent(percent, { signed: true })
      : `${formatSignedPrice(change, currency)}${percent == null ? '' : ` (${formatPercent(percent, { signed: true })})`}`;
  return (
    <Text component="span" size={size} fw={fw} c={color}>
      {text}
    </Text>
  );
}
