import {
  isValidTimeZone,
  parseQuickAdd,
  TODO_QUICK_MAX,
  type TodoImportFormat,
  todoDescriptionSchema,
  todoDueSchema,
  todoPrioritySchema,
  todoTaskLabelsSchema,
  todoTitleSchema,
} from '@site/contract';
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { badRequest } from '../../../core/http-errors.js';
import type { ImportedTask } from '../tasks/tasks.service.js';
import { undefused } from './csv.js';

/** A line of an import: the task it gives, or why it gives none. */
export type ImportLine = { line: number; task: ImportedTask } | { line: number; reason: string };

export interface ReadOptions {
  /** Where tasks go unless a line names a list (null: the Inbox). */
  listId: number | null;
  /** The zone of dates and times that do not name one. */
  zone: string;
  now: number;
  /** One of the caller's open lists by name, any case (quick-add's `#List`, the export's `list`). */
  findList: (name: string) => Promise<number | undefined>;
}

class Skip extends Error {}

/** Notes with their line breaks as the app writes them (a spreadsheet's CSV has CRLF inside quotes). */
const notes = (text: string) => text.replace(/\r\n?/g, '\n');

/** The value, checked by a contract schema; a refusal skips the line with the schema's words. */
function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new Skip(result.error.issues[0]?.message ?? 'Not valid');
}

const blankTask = (listId: number | null): ImportedTask => ({
  title: '',
  description: '',
  list_id: listId,
  due: null,
  priority: 4,
  labels: [],
  recurrence: null,
  completed_at: null,
});

/**
 * The line each CSV record starts on (1-based), the header's first: a line break inside quotes
 * continues the record. Counted here because csv-parse's own line count runs ahead after a quoted
 * CRLF.
 */
function recordStartLines(content: string): number[] {
  const starts = [1];
  let line = 1;
  let quoted = false;
  for (let i = 0; i < content.length; i++) {
    const ch = content[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && content[i + 1] === '\n') i++;
      line++;
      if (!quoted) starts.push(line);
    }
  }
  return starts;
}

/** Reads a CSV into records by header name (upper case), the BOM a spreadsheet writes dropped, blank rows left out. */
function csvRecords(content: string): { line: number; record: Record<string, string> }[] {
  let records: Record<string, string>[];
  try {
    records = parse(content, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toUpperCase()),
      relax_column_count: true,
    }) as Record<string, string>[];
  } catch (error) {
    const message = `Not a CSV file: ${(error as Error).message}`;
    throw badRequest(message, { content: message });
  }
  const starts = recordStartLines(content);
  return records
    .map((record, i) => ({ line: starts[i + 1] ?? 0, record }))
    .filter(({ record }) => Object.values(record).some((value) => value.trim() !== ''));
}

function requireColumns<T>(records: T[], content: string, columns: string[]): T[] {
  const header = (parse(content, { bom: true, to_line: 1 }) as string[][])[0]?.map((h) => h.trim().toUpperCase());
  const missing = columns.filter((column) => !header?.includes(column));
  if (missing.length > 0) {
    const message = `The CSV's header lacks ${missing.join(', ')}`;
    throw badRequest(message, { content: message });
  }
  return records;
}

// `@label` in a Todoist task's name (docs: "you can add labels by typing the @labelname").
const TODOIST_LABEL = /(^|\s)@([\p{L}\p{N}_-]+)/gu;

/**
 * Todoist's CSV (its help page "Format a CSV file to import into Todoist",
 * https://todoist.com/help/articles/format-a-csv-file-to-import-into-todoist-UVUXTmm6): columns TYPE
 * (`task`, `section` or `note`, lower case), CONTENT (a task's name with its `@labels`, a section's
 * name or a note's text), DESCRIPTION, PRIORITY ("Type 1 to add p1 … 4 to add p4", "empty … p1"),
 * INDENT (1 a task, 2 a sub-task …), AUTHOR, RESPONSIBLE, DATE (as typed in Todoist: "every
 * monday", "Jan 5 9am"), DATE_LANG and TIMEZONE. A note is a comment on the task above it: it joins
 * that task's notes. A section has no equal here (its tasks go to the list like the others), and
 * sub-tasks come in as tasks; AUTHOR and RESPONSIBLE have no equal either.
 */
async function todoist(content: string, options: ReadOptions): Promise<ImportLine[]> {
  const records = requireColumns(csvRecords(content), content, ['TYPE', 'CONTENT']);
  const lines: ImportLine[] = [];
  let previous: ImportedTask | undefined;
  for (const { line, record } of records) {
    const type = (record.TYPE ?? '').trim().toLowerCase();
    const text = record.CONTENT ?? '';
    try {
      if (type === 'note') {
        if (!previous) throw new Skip('A note with no task above it');
        const joined = previous.description === '' ? text : `${previous.description}\n\n${text}`;
        previous.description = checked(todoDescriptionSchema, notes(joined));
        continue;
      }
      previous = undefined;
      if (type === 'section') throw new Skip(`Section “${text.trim()}”: sections are not kept, their tasks are`);
      if (type !== 'task') throw new Skip(`TYPE must be task, section or note`);
      const labels: string[] = [];
      const name = text.replace(TODOIST_LABEL, (_, space: string, label: string) => {
        labels.push(label);
        return space;
      });
      const task = blankTask(options.listId);
      task.title = checked(todoTitleSchema, name.replace(/\s+/g, ' ').trim());
      task.description = checked(todoDescriptionSchema, notes(record.DESCRIPTION ?? ''));
      task.labels = checked(todoTaskLabelsSchema, labels);
      const priority = (record.PRIORITY ?? '').trim();
      task.priority = priority === '' ? 1 : checked(todoPrioritySchema, Number(priority));
      const date = (record.DATE ?? '').trim();
      if (date !== '') {
        const named = (record.TIMEZONE ?? '').trim();
        const zone = named !== '' && isValidTimeZone(named) ? named : options.zone;
        // Todoist's "every!" counts from completion (basis 'completion'); the grammar knows "every".
        const completion = /^every!/i.test(date);
        const phrase = completion ? date.replace(/^every!/i, 'every') : date;
        // Behind a quoted stand-in title: the grammar keeps a line's only words as its title.
        const parsed = parseQuickAdd(`"-" ${phrase}`, { now: new Date(options.now), timeZone: zone });
        if (parsed.due === null || parsed.title !== '-') throw new Skip(`Due date “${date}” not understood`);
        task.due = checked(todoDueSchema, { ...parsed.due, zone });
        task.recurrence =
          parsed.recurrence === null ? null : { rule: parsed.recurrence, basis: completion ? 'completion' : 'due' };
      }
      lines.push({ line, task });
      previous = task;
    } catch (error) {
      if (!(error instanceof Skip)) throw error;
      lines.push({ line, reason: error.message });
    }
  }
  return lines;
}

/** This site's own export (TODO_EXPORT_COLUMNS), so a download comes back as it went. */
async function ownCsv(content: string, options: ReadOptions): Promise<ImportLine[]> {
  const records = requireColumns(csvRecords(content), content, ['TITLE']);
  const lines: ImportLine[] = [];
  for (const { line, record } of records) {
    const cell = (name: string) => undefused(record[name.toUpperCase()] ?? '').trim();
    try {
      const task = blankTask(options.listId);
      task.title = checked(todoTitleSchema, cell('title'));
      task.description = checked(todoDescriptionSchema, notes(undefused(record.DESCRIPTION ?? '')));
      const list = cell('list');
      // A list of that name among mine, else where the import goes: a task is never lost for its list.
      if (list !== '') task.list_id = (await options.findList(list)) ?? options.listId;
      const labels = cell('labels');
      task.labels = checked(todoTaskLabelsSchema, labels === '' ? [] : labels.split(',').map((l) => l.trim()));
      if (cell('priority') !== '') task.priority = checked(todoPrioritySchema, Number(cell('priority')));
      if (cell('due_date') !== '')
        task.due = checked(todoDueSchema, {
          date: cell('due_date'),
          time: cell('due_time') || null,
          zone: cell('due_zone') || options.zone,
        });
      if (cell('recurrence') !== '') task.recurrence = { rule: cell('recurrence'), basis: 'due' };
      if (cell('completed').toLowerCase() === 'true') {
        const at = Date.parse(cell('completed_at'));
        task.completed_at = new Date(Number.isNaN(at) ? options.now : at).toISOString();
      }
      lines.push({ line, task });
    } catch (error) {
      if (!(error instanceof Skip)) throw error;
      lines.push({ line, reason: error.message });
    }
  }
  return lines;
}

// A Markdown list item's marker, perhaps a task box: "- [ ] ", "- [x] ", "* ", "+ ", "- ".
const MARKER = /^\s*(?:[-*+]\s+)?(?:\[([ xX])\]\s+)?/;

/** One task per non-empty line, each read as a quick-add line (docs/api.md#quick-add); `[x]` is done. */
async function text(content: string, options: ReadOptions): Promise<ImportLine[]> {
  const lines: ImportLine[] = [];
  const rows = content.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (const [index, raw] of rows.entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    try {
      const marker = MARKER.exec(raw);
      const body = raw.slice(marker?.[0].length ?? 0).trim();
      if (body === '') throw new Skip('Title is required');
      if (body.length > TODO_QUICK_MAX) throw new Skip(`A line must be at most ${TODO_QUICK_MAX} characters`);
      const parsed = parseQuickAdd(body, { now: new Date(options.now), timeZone: options.zone });
      const task = blankTask(options.listId);
      task.title = checked(todoTitleSchema, parsed.title);
      if (parsed.list !== null) {
        if (parsed.list.toLowerCase() === 'inbox') task.list_id = null;
        else {
          const found = await options.findList(parsed.list);
          if (found === undefined) throw new Skip(`No list named “${parsed.list}”`);
          task.list_id = found;
        }
      }
      if (parsed.due) task.due = checked(todoDueSchema, { ...parsed.due, zone: options.zone });
      if (parsed.recurrence) task.recurrence = { rule: parsed.recurrence, basis: 'due' };
      task.labels = checked(todoTaskLabelsSchema, parsed.labels);
      task.priority = parsed.priority ?? 4;
      if (marker?.[1] === 'x' || marker?.[1] === 'X') task.completed_at = new Date(options.now).toISOString();
      lines.push({ line, task });
    } catch (error) {
      if (!(error instanceof Skip)) throw error;
      lines.push({ line, reason: error.message });
    }
  }
  return lines;
}

/** Reads an import's content into tasks and skipped lines; a file that is not of the format at all is a 400. */
export function readImport(format: TodoImportFormat, content: string, options: ReadOptions): Promise<ImportLine[]> {
  switch (format) {
    case 'todoist-csv':
      return todoist(content, options);
    case 'csv':
      return ownCsv(content, options);
    case 'text':
      return text(content, options);
  }
}
