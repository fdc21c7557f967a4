import { Badge, Group } from '@mantine/core';
import type { SudokuGame } from '@site/contract';
import { IconCalendarEvent, IconPencil } from '@tabler/icons-react';
import { dailyDayOf, formatDailyDayShort } from '../logic/daily';
import { ShareGameButton } from './ShareGameButton';

/**
 * Under the game's title (which stays '{difficulty} Sudoku'): where the puzzle came from — 'Daily ·
 * <date>' for a daily puzzle, 'Own puzzle' for a typed or shared one — and the Share action.
 */
export function GameSourceBar({ game }: { game: Pick<SudokuGame, 'source' | 'created_at' | 'share'> }) {
  const day = dailyDayOf(game);
  if (!game.share && !day && game.source !== 'custom') return null;
  return (
    <Group justify="space-between" gap="sm" mt={-8}>
      {day ? (
        <Badge variant="light" size="lg" tt="none" leftSection={<IconCalendarEvent size={14} aria-hidden />}>
          Daily · {formatDailyDayShort(day)}
        </Badge>
      ) : game.source === 'custom' ? (
        <Badge variant="light" color="grape" size="lg" tt="none" leftSection={<IconPencil size={14} aria-hidden />}>
          Own puzzle
        </Badge>
      ) : (
        <span />
      )}
      {game.share && <ShareGameButton share={game.share} />}
    </Group>
  );
}
