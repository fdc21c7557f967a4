import { Text, type TextProps } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { formatPercent, formatSignedPrice } from '../../../lib/format';

interface PriceChangeProps extends Pick<TextProps, 'size' | 'fw'> {
  change: number | null | undefined;
  percent: number | null | undefined;
  /** The listing's currency; the change is in it ('+¥12.5'). */
  currency?: string | null | undefined;
  /** An arrow before the figures: up for a gain, down for a loss (the stock page's header). */
  arrow?: boolean;
}

/** Green for a gain, red for a loss, dimmed for none: the colour never carries the direction alone. */
export function changeColor(value: number | null | undefined): string {
  if (value == null || value === 0 || Number.isNaN(value)) return 'dimmed';
  return value > 0 ? 'teal' : 'red';
}

/** The day's change, with its sign and green for a gain or red for a loss: "+$1.23 (+0.54%)". */
export function PriceChange({ change, percent, currency, size = 'sm', fw = 500, arrow = false }: PriceChangeProps) {
  if (change == null && percent == null) return null;
  const sign = change ?? percent ?? 0;
  const text =
    change == null
      ? formatPercent(percent, { signed: true })
      : `${formatSignedPrice(change, currency)}${percent == null ? '' : ` (${formatPercent(percent, { signed: true })})`}`;
  const Arrow = sign > 0 ? IconArrowUpRight : sign < 0 ? IconArrowDownRight : null;
  return (
    <Text
      component="span"
      size={size}
      fw={fw}
      c={changeColor(sign)}
      style={arrow ? { display: 'inline-flex', alignItems: 'center', gap: 2 } : undefined}
    >
      {arrow && Arrow && <Arrow size="1.1em" stroke={2.25} aria-hidden style={{ flexShrink: 0 }} />}
      {text}
    </Text>
  );
}
