/** A day as YYYY-MM-DD in `timeZone` (en-CA writes dates that way). */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const dayNumber = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
};

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A due date as the rows show it, relative to `today` (both YYYY-MM-DD): Yesterday, Today,
 * Tomorrow, a weekday within the coming week, else "3 Dec" (with the year when not this year's).
 */
export function dueText(date: string, today: string, time?: string | null): string {
  const diff = dayNumber(date) - dayNumber(today);
  const at = new Date(dayNumber(date) * 86_400_000);
  let text: string;
  if (diff === 0) text = 'Today';
  else if (diff === 1) text = 'Tomorrow';
  else if (diff === -1) text = 'Yesterday';
  else if (diff > 1 && diff < 7) text = at.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  else
    text = at.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      ...(date.slice(0, 4) !== today.slice(0, 4) && { year: 'numeric' }),
      timeZone: 'UTC',
    });
  return time ? `${text} ${time}` : text;
}

/** A day heading of the Upcoming view: "Today · Sat 28 Nov". */
export function dayHeading(date: string, today: string): string {
  const at = new Date(dayNumber(date) * 86_400_000);
  const long = at.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const diff = dayNumber(date) - dayNumber(today);
  return diff === 0 ? `Today · ${long}` : diff === 1 ? `Tomorrow · ${long}` : long;
}
