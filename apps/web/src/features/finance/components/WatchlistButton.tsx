import { Button, type ButtonProps } from '@mantine/core';
import { IconStar, IconStarOff } from '@tabler/icons-react';
import { useWatchlistChange } from '../api/use-finance';

interface WatchlistButtonProps extends Pick<ButtonProps, 'size' | 'fullWidth'> {
  symbol: string;
  inWatchlist: boolean;
  /** Seed: 'Remove' in the popup; the stock page says what it removes from. */
  removeLabel?: string;
}

/**
 * docs/product.md: 'Add to Watchlist' or 'Remove' by membership. The label follows `inWatchlist`, which
 * the caller reads from the caches the mutation updates only after the server's success.
 */
export function WatchlistButton({
  symbol,
  inWatchlist,
  removeLabel = 'Remove',
  size,
  fullWidth,
}: WatchlistButtonProps) {
  const change = useWatchlistChange();
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      variant={inWatchlist ? 'light' : 'filled'}
      color={inWatchlist ? 'red' : undefined}
      leftSection={inWatchlist ? <IconStarOff size={16} /> : <IconStar size={16} />}
      loading={change.isPending}
      onClick={() => change.mutate({ symbol, action: inWatchlist ? 'remove' : 'add' })}
    >
      {inWatchlist ? removeLabel : 'Add to Watchlist'}
    </Button>
  );
}
