import type { SudokuGame } from '@site/contract';
import { madeOnce } from '../../../lib/made-once';

/**
 * The daily puzzles change at midnight UTC (docs/api.md#sudoku-daily-and-own-puzzles), so their
 * dates ('YYYY-MM-DD') are UTC days and are shown as such, whatever the reader's time zone.
 */
const longDay = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);
const shortDay = madeOnce(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
);

const parseDay = (day: string): Date | null => {
  const date = new Date(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime()) ? date : null;
};

/** '2026-11-24' → 'Tuesday, November 24, 2026' (the daily card's heading). */
export const formatDailyDay = (day: string) => {
  const date = parseDay(day);
  return date ? longDay().format(date) : day;
};

/** '2026-11-24' → 'Nov 24, 2026'. */
export const formatDailyDayShort = (day: string) => {
  const date = parseDay(day);
  return date ? shortDay().format(date) : day;
};

/**
 * The UTC day of a daily game. The game answer does not carry the daily date, but a daily game is
 * created by the first call of its UTC day, so the day it was created is that day.
 */
export function dailyDayOf(game: Pick<SudokuGame, 'source' | 'created_at'>): string | null {
  if (game.source !== 'daily') return null;
  const created = new Date(game.created_at);
  return Number.isNaN(created.getTime()) ? null : created.toISOString().slice(0, 10);
}

/** The address of a share link: anyone signed in who opens it plays the same puzzle. */
export const shareLink = (origin: string, share: string) => `${origin}/apps/sudoku/game?p=${encodeURIComponent(share)}`;
