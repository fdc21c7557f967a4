import type { SudokuGame } from '@site/contract';
import { madeOnce } from '../../../lib/made-once';

/** 125 → '02:05'; an hour or more keeps counting minutes (3725 → '62:05'). */
export function formatMmSs(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

const monthDay = madeOnce(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }));
const hourMinute = madeOnce(
  () => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);

/**
 * docs/product.md#menu-appssudoku: the difficulty followed by the month and day the game was
 * created, plus its local start time so games of one day tell apart, e.g. 'hard Nov 23, 14:05'.
 */
export function savedGameLabel(game: Pick<SudokuGame, 'difficulty' | 'created_at'>): string {
  const created = new Date(game.created_at);
  if (Number.isNaN(created.getTime())) return game.difficulty;
  return `${game.difficulty} ${monthDay().format(created)}, ${hourMinute().format(created)}`;
}

/** Labels for the saved-game picker, in the list's order; games started in the same minute get a number. */
export function savedGameOptions(games: readonly SudokuGame[]): { value: string; label: string }[] {
  const labels = games.map(savedGameLabel);
  const seen = new Map<string, number>();
  return games.map((game, i) => {
    const label = labels[i] ?? '';
    if (labels.filter((l) => l === label).length === 1) return { value: String(game.id), label };
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return { value: String(game.id), label: `${label} (${n})` };
  });
}

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
