import { Group, Pill, Text } from '@mantine/core';
import type { CreateTodoTaskRequest, QuickAddPart, QuickAddResult, TodoList } from '@site/contract';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { dayIn, dueText } from '../due-format';
import classes from './QuickAdd.module.css';

type QuickAddModule = typeof import('@site/contract/todo-quick-add');
type RecurrenceModule = typeof import('@site/contract/todo-recurrence');

// The grammar is ~18 kB gzip: loaded when the field is first focused (or typed into), not with the page.
let quickAdd: Promise<QuickAddModule> | undefined;
let recurrence: Promise<RecurrenceModule> | undefined;
export const loadQuickAdd = () => {
  quickAdd ??= import('@site/contract/todo-quick-add');
  recurrence ??= import('@site/contract/todo-recurrence');
  return Promise.all([quickAdd, recurrence]);
};

type Range = { start: number; end: number };

export interface QuickAddProps {
  /** The lists `#Name` may name (undefined while they load). */
  lists: TodoList[] | undefined;
  /** What a line without `#list` goes to, and what the view adds (a label view's label, Today's date). */
  defaults: { list_id?: number | null; labels?: string[]; due?: 'today' };
  timeZone: string;
  /** Injected for tests; the parser never reads the clock itself. */
  now?: () => Date;
  onCreate: (body: CreateTodoTaskRequest) => void;
}

const KIND_NAMES = { date: 'Date', recurrence: 'Repeats', list: 'List', label: 'Label', priority: 'Priority' } as const;

/**
 * Quick add (docs/product.md#to-do): one line read as you type into a title, a due date, a
 * repeat, `#list`, `@labels` and `p1`–`p4`, highlighted in place and listed as chips; closing a
 * chip keeps its words as title text. Enter adds the task, Escape clears the line.
 */
export const QuickAdd = forwardRef<HTMLInputElement, QuickAddProps>(function QuickAdd(
  { lists, defaults, timeZone, now = () => new Date(), onCreate },
  ref,
) {
  const [text, setText] = useState('');
  const [ignore, setIgnore] = useState<Range[]>([]);
  const [modules, setModules] = useState<[QuickAddModule, RecurrenceModule] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const overlay = useRef<HTMLDivElement>(null);

  const warm = () => {
    if (!modules) void loadQuickAdd().then(setModules);
  };
  const parse = (mods: [QuickAddModule, RecurrenceModule] | null, line: string): QuickAddResult | null =>
    mods && line.trim() ? mods[0].parseQuickAdd(line, { now: now(), timeZone, ignore }) : null;
  const parsed = parse(modules, text);

  // Typing before the focus (a test, an autofilled field) still loads the grammar.
  useEffect(() => {
    if (text && !modules) void loadQuickAdd().then(setModules);
  }, [text, modules]);

  const clear = () => {
    setText('');
    setIgnore([]);
    setError(null);
  };

  const submit = async () => {
    const mods = modules ?? (await loadQuickAdd());
    if (!modules) setModules(mods);
    const result = parse(mods, text);
    if (!result) return;
    if (!result.title) return setError('Type a title for the task as well.');
    let listId = defaults.list_id ?? null;
    if (result.list !== null) {
      const name = result.list.toLowerCase();
      // As the server reads `quick` (docs/api.md#quick-add): my lists come first; `#Inbox` is the Inbox.
      const list = lists?.find((l) => l.name.toLowerCase() === name && !l.archived && l.role !== 'viewer');
      if (list) listId = list.id;
      else if (name === 'inbox') listId = null;
      else
        return setError(
          lists
            ? `No list named “${result.list}” that you can add to. Check the name, or close its chip to keep the words.`
            : 'Your lists are still loading; try again in a moment.',
        );
    }
    const labels = [...result.labels];
    for (const label of defaults.labels ?? []) {
      if (!labels.some((l) => l.toLowerCase() === label.toLowerCase())) labels.push(label);
    }
    const due = result.due
      ? { date: result.due.date, time: result.due.time, zone: timeZone }
      : defaults.due === 'today'
        ? { date: dayIn(timeZone, now()), time: null, zone: timeZone }
        : null;
    onCreate({
      title: result.title,
      list_id: listId,
      due,
      labels,
      ...(result.priority !== null && { priority: result.priority }),
      ...(result.recurrence !== null && due && { recurrence: { rule: result.recurrence, basis: 'due' as const } }),
    });
    clear();
  };

  const chipText = (part: QuickAddPart): string => {
    if (!parsed || !modules) return part.text;
    if (part.kind === 'date' && parsed.due) return dueText(parsed.due.date, dayIn(timeZone, now()), parsed.due.time);
    if (part.kind === 'recurrence' && parsed.recurrence) {
      try {
        return modules[1].describeRecurrence(parsed.recurrence);
      } catch {
        return part.text;
      }
    }
    if (part.kind === 'priority') return part.text.toUpperCase();
    return part.text;
  };

  const parts = parsed?.parts ?? [];
  return (
    <div>
      <div className={classes.field}>
        <div ref={overlay} className={classes.overlay} aria-hidden data-quick-add-overlay>
          {highlight(text, parts)}
        </div>
        <input
          ref={ref}
          className={classes.input}
          value={text}
          placeholder="Add a task: Call Sam tomorrow 9am #Work p1"
          aria-label="Quick add"
          aria-describedby="quick-add-help"
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          onFocus={warm}
          onScroll={(event) => {
            if (overlay.current) overlay.current.scrollLeft = event.currentTarget.scrollLeft;
          }}
          onChange={(event) => {
            const value = event.currentTarget.value;
            // Dismissed ranges name positions in the old line: a change before them would move
            // them onto other words, so they hold only while the line grows or shrinks at its end.
            if (!value.startsWith(text) && !text.startsWith(value)) setIgnore([]);
            else setIgnore((old) => old.filter((r) => r.end <= value.length));
            setText(value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void submit();
            } else if (event.key === 'Escape' && text) {
              event.preventDefault();
              event.stopPropagation();
              clear();
            }
          }}
        />
      </div>
      <Text id="quick-add-help" size="xs" c={error ? 'red' : 'dimmed'} mt={4} role={error ? 'alert' : undefined}>
        {error ?? 'Enter adds the task, Escape clears. Dates, “every …”, #list, @label and p1–p4 are read as you type.'}
      </Text>
      {parts.length > 0 && (
        <Group gap={6} mt={6} aria-label="Recognised in the line" role="list">
          {parts.map((part) => (
            <Pill
              key={`${part.start}-${part.kind}`}
              role="listitem"
              withRemoveButton
              data-kind={part.kind}
              onRemove={() => setIgnore((old) => [...old, { start: part.start, end: part.end }])}
              // Mantine hides the × from the keyboard and screen readers (Pills in an input); here it is the way to keep words.
              removeButtonProps={{ 'aria-label': `Keep “${part.text}” as text`, 'aria-hidden': false, tabIndex: 0 }}
            >
              {KIND_NAMES[part.kind]}: {chipText(part)}
            </Pill>
          ))}
        </Group>
      )}
    </div>
  );
});

/** The line with its recognised parts wrapped in marks (drawn transparent behind the input). */
function highlight(text: string, parts: QuickAddPart[]) {
  const out: React.ReactNode[] = [];
  let at = 0;
  for (const part of parts) {
    if (part.start > at) out.push(text.slice(at, part.start));
    out.push(
      <mark key={part.start} className={classes.mark} data-kind={part.kind}>
        {text.slice(part.start, part.end)}
      </mark>,
    );
    at = part.end;
  }
  out.push(text.slice(at));
  // A trailing space would collapse without content after it; keeps the overlay aligned.
  out.push('\u200b');
  return out;
}
