import { SUDOKU_DIFFICULTIES, type SudokuDailyStats, type SudokuDifficulty, type SudokuGrade } from '@site/contract';

export interface DailyGameRow {
  daily_date: string | null;
  /** A daily is never expert; the column's type allows it. */
  difficulty: SudokuGrade;
  status: 'playing' | 'won' | 'lost';
  time: number;
  hints_used: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Elapsed seconds as m:ss, or h:mm:ss from an hour on. */
export function formatTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const LEVEL_NAMES: Record<SudokuDifficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

/** The line a player shares after winning a daily: date, level, time and hints, nothing of the puzzle. */
export const dailyResultLine = (date: string, difficulty: SudokuDifficulty, time: number, hints: number) =>
  `Sudoku daily ${date} · ${LEVEL_NAMES[difficulty]} · ${formatTime(time)} · ${hints} ${hints === 1 ? 'hint' : 'hints'}`;

/**
 * Streaks per level from a user's daily games. A streak counts consecutive UTC days with a won daily;
 * the current one ends today, or yesterday while today's is not won yet (so it is not broken before
 * the day is over).
 */
export function dailyStats(rows: readonly DailyGameRow[], today: string): SudokuDailyStats {
  const levels = {} as SudokuDailyStats['levels'];
  const todayNumber = dayNumber(today);
  for (const difficulty of SUDOKU_DIFFICULTIES) {
    const mine = rows.filter((r) => r.difficulty === difficulty && r.daily_date);
    const won = new Set(mine.filter((r) => r.status === 'won').map((r) => dayNumber(r.daily_date as string)));
    let longest = 0;
    for (const day of won) {
      if (won.has(day - 1)) continue; // Not the first day of its run.
      let length = 1;
      while (won.has(day + length)) length++;
      longest = Math.max(longest, length);
    }
    let current = 0;
    for (let day = won.has(todayNumber) ? todayNumber : todayNumber - 1; won.has(day); day--) current++;
    const todays = mine.find((r) => r.daily_date === today);
    levels[difficulty] = {
      current_streak: current,
      longest_streak: longest,
      days_played: new Set(mine.map((r) => r.daily_date)).size,
      days_won: won.size,
      today: todays
        ? {
            status: todays.status,
            time: todays.time,
            result: todays.status === 'won' ? dailyResultLine(today, difficulty, todays.time, todays.hints_used) : null,
          }
        : null,
    };
  }
  return { date: today, levels };
}
