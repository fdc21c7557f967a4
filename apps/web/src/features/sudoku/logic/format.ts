import type { SudokuGame } from '@site/contract';

/** 125 → '02:05'; an hour or more keeps counting minutes (3725 → '62:05'). */
export function formatMmSs(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** docs/product.md#screens: the difficulty followed by the month and day the game was created, e.g. 'easy Nov 21'. */
export function savedGameLabel(game: Pick<SudokuGame, 'difficulty' | 'created_at'>): string {
  const created = new Date(game.created_at);
  return Number.isNaN(created.getTime()) ? game.difficulty : `${game.difficulty} ${monthDay.format(created)}`;
}

/**
 * Labels for the saved-game picker, in the list's order. Games sharing a label get the time played
 * appended ('easy Nov 21 · 02:05 played'), and a number if even that is shared.
 */
export function savedGameOptions(games: readonly SudokuGame[]): { value: string; label: string }[] {
  const base = games.map(savedGameLabel);
  const count = (labels: string[], label: string) => labels.filter((l) => l === label).length;
  const withTime = games.map((game, i) => {
    const label = base[i] ?? '';
    return count(base, label) > 1 ? `${label} · ${formatMmSs(game.time)} played` : label;
  });
  const seen = new Map<string, number>();
  return games.map((game, i) => {
    const label = withTime[i] ?? '';
    if (count(withTime, label) === 1) return { value: String(game.id), label };
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return { value: String(game.id), label: `${label} (${n})` };
  });
}

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
