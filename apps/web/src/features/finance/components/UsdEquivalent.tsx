import { Text, type TextProps } from '@mantine/core';
import { formatUsd } from '../../../lib/format';

interface UsdEquivalentProps extends Pick<TextProps, 'size'> {
  currency: string | null | undefined;
  usd: number | null | undefined;
}

/**
 * A foreign listing's price in US dollars beside it ('≈ $18.52'), what a wallet would pay at the
 * current rate (docs/api.md#money). Nothing for dollar listings or when no rate could be had.
 */
export function UsdEquivalent({ currency, usd, size = 'sm' }: UsdEquivalentProps) {
  if (!currency || currency === 'USD' || usd == null) return null;
  return (
    <Text component="span" size={size} c="dimmed" title="In US dollars at the current exchange rate">
      ≈ {formatUsd(usd)}
    </Text>
  );
}
