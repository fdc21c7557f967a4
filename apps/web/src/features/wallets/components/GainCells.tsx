import { Text, type TextProps } from '@mantine/core';
import { formatPercent, formatSignedUsd, NO_VALUE } from '../../../lib/format';
import { centsToDollars, gainColor } from '../wallet-math';

interface GainProps extends Pick<TextProps, 'size' | 'fw'> {
  cents: number;
}

/** A gain or loss in dollars with its sign, teal for a gain and red for a loss. */
export function GainAmount({ cents, size = 'sm', fw = 500 }: GainProps) {
  return (
    <Text component="span" size={size} fw={fw} c={gainColor(cents)}>
      {formatSignedUsd(centsToDollars(cents))}
    </Text>
  );
}

/** A gain or loss in percent, coloured by the sign of `cents` (the amount it belongs to). */
export function GainPercent({ cents, percent, size = 'sm', fw = 500 }: GainProps & { percent: number | null }) {
  return (
    <Text component="span" size={size} fw={fw} c={percent === null ? 'dimmed' : gainColor(cents)}>
      {percent === null ? NO_VALUE : formatPercent(percent, { signed: true })}
    </Text>
  );
}

/** "+$12.30 (+1.20%)" in one line. */
export function Gain({ cents, percent, size = 'sm', fw = 500 }: GainProps & { percent: number | null }) {
  return (
    <Text component="span" size={size} fw={fw} c={gainColor(cents)}>
      {formatSignedUsd(centsToDollars(cents))}
      {percent !== null && ` (${formatPercent(percent, { signed: true })})`}
    </Text>
  );
}
