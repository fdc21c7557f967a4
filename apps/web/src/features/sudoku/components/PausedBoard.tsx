import { Text } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import classes from './SudokuBoard.module.css';

// A fixed scatter of shaded squares: it looks like a board without giving anything away.
const SHADED = new Set([1, 4, 7, 11, 15, 20, 22, 26, 30, 33, 37, 40, 44, 48, 51, 55, 58, 61, 64, 68, 71, 74, 78]);
const CELLS = Array.from({ length: 81 }, (_, i) => i);

/** docs/product.md#screens: while paused a decorative placeholder replaces the board, so the digits stay hidden. */
export function PausedBoard() {
  return (
    <div className={`${classes.board} ${classes.paused}`} role="img" aria-label="Board hidden while paused">
      <div className={classes.pausedCells} aria-hidden>
        {CELLS.map((i) => (
          <div key={i} className={classes.pausedCell} data-shade={SHADED.has(i) || undefined} />
        ))}
      </div>
      <div className={classes.pausedLabel}>
        <IconPlayerPause size={48} aria-hidden />
        <Text fw={700} fz="xl">
          Paused
        </Text>
        <Text size="sm" c="dimmed">
          Press Resume to continue.
        </Text>
      </div>
    </div>
  );
}
