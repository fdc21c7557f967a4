import { TODO_EXPORT_COLUMNS } from '@site/contract';
import { stringify } from 'csv-stringify/sync';

/** One task as the export writes it. */
export interface ExportTask {
  title: string;
  description: string;
  list: string | null;
  labels: string[];
  priority: number;
  due_date: string | null;
  due_time: string | null;
  due_zone: string | null;
  recurrence: string | null;
  completed: boolean;
  completed_at: string | null;
  created_at: string;
}

// A cell a spreadsheet would run as a formula (OWASP, "CSV Injection"): =, +, -, @, tab or carriage return first.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text defused for spreadsheets: a leading apostrophe before what would start a formula. */
export const defused = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** Undoes `defused` on import, so an export read back gives the same text. */
export const undefused = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/**
 * The export (docs/api.md#calendar-feed-import-and-export): a header row (TODO_EXPORT_COLUMNS), one
 * row per task, RFC 4180 quoting and CRLF line ends by csv-stringify. Every text cell is defused;
 * the server's own values (dates, numbers, rules) never start with one of those characters.
 */
export function exportCsv(tasks: readonly ExportTask[]): string {
  const rows = tasks.map((task) => [
    defused(task.title),
    defused(task.description),
    defused(task.list ?? ''),
    defused(task.labels.join(', ')),
    String(task.priority),
    task.due_date ?? '',
    task.due_time ?? '',
    task.due_zone ?? '',
    task.recurrence ?? '',
    task.completed ? 'true' : 'false',
    task.completed_at ?? '',
    task.created_at,
  ]);
  return stringify([[...TODO_EXPORT_COLUMNS], ...rows], { record_delimiter: 'windows' });
}
