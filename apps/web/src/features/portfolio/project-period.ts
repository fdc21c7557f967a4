import type { PortfolioProject } from '@site/contract';

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const month = (value: string) => monthFormat.format(new Date(`${value}-01T00:00:00Z`));

/** 'Mar 2024 – ongoing', 'Jan 2023 – Jun 2023', 'Since Mar 2024'…; '' when no period is set. */
export function formatPeriod({
  period_start: start,
  period_end: end,
  ongoing,
}: Pick<PortfolioProject, 'period_start' | 'period_end' | 'ongoing'>): string {
  if (!start && !end) return ongoing ? 'Ongoing' : '';
  if (!start) return `Until ${month(end)}`;
  if (ongoing) return `${month(start)} – ongoing`;
  if (!end || end === start) return month(start);
  return `${month(start)} – ${month(end)}`;
}
