import { VisuallyHidden } from '@mantine/core';
import type { TodoTask } from '@site/contract';
import { IconFlagFilled, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { type HTMLAttributes, type Ref, useEffect, useRef, useState } from 'react';
import { dueText } from '../due-format';
import classes from './TaskRow.module.css';

/** What a row shows: a task, or a to-do of the default view (which has only the seed's fields). */
export type RowTask = Pick<TodoTask, 'id' | 'title' | 'completed'> &
  Partial<Pick<TodoTask, 'due' | 'priority' | 'labels' | 'list_id' | 'recurrence'>>;

export interface TaskRowProps<T extends RowTask> {
  task: T;
  /** YYYY-MM-DD in the user's zone, for the due chip. */
  today: string;
  /** The list's name when the view mixes lists (Today, Upcoming, a label, search). */
  listName?: string | undefined;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onComplete: (task: T, completed: boolean) => void;
  onRename: (task: T, title: string) => void;
  onOpen?: ((task: T) => void) | undefined;
  onDelete: (task: T) => void;
  readOnly?: boolean | undefined;
  /** Given while the view selects tasks for a bulk action: whether this one is selected. */
  selected?: boolean | undefined;
  onSelect?: ((task: T, selected: boolean) => void) | undefined;
  /** The drag handle's props (sortable views only). */
  handle?:
    | (HTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement>; 'data-move-only'?: boolean })
    | undefined;
  rowRef?: Ref<HTMLLIElement> | undefined;
  style?: React.CSSProperties | undefined;
}

const PRIORITY_NAMES = { 1: 'Priority 1', 2: 'Priority 2', 3: 'Priority 3' } as Record<number, string>;

/**
 * One task on one line: checkbox, title, chips (due, priority, labels, list). Double-click the
 * title (or Enter / `e` on the row, handled by the page) to rename it in place.
 */
export function TaskRow<T extends RowTask>({
  task,
  today,
  listName,
  editing,
  onEditingChange,
  onComplete,
  onRename,
  onOpen,
  onDelete,
  readOnly,
  selected,
  onSelect,
  handle,
  rowRef,
  style,
}: TaskRowProps<T>) {
  const overdue = !task.completed && task.due != null && task.due.date < today;
  const flag = task.priority !== undefined ? PRIORITY_NAMES[task.priority] : undefined;
  return (
    <li
      ref={rowRef}
      style={style}
      className={classes.row}
      tabIndex={-1}
      data-task-row
      data-task-id={task.id}
      data-selected={selected || undefined}
      aria-label={task.title}
    >
      {onSelect && (
        <input
          type="checkbox"
          className={classes.check}
          checked={selected ?? false}
          aria-label={`Select ${task.title}`}
          onChange={(event) => onSelect(task, event.currentTarget.checked)}
          data-select
        />
      )}
      {handle && (
        <button
          type="button"
          className={classes.handle}
          aria-label={`Reorder ${task.title}`}
          data-task-handle
          {...handle}
        >
          <IconGripVertical size={16} aria-hidden />
        </button>
      )}
      {/* While selecting, the row's one box is the selection's: two like boxes side by side read as one. */}
      {!onSelect && (
        <input
          type="checkbox"
          className={classes.check}
          checked={task.completed}
          disabled={readOnly}
          aria-label={task.completed ? `Mark ${task.title} not complete` : `Mark Complete ${task.title}`}
          onChange={(event) => onComplete(task, event.currentTarget.checked)}
          data-complete
        />
      )}
      <div className={classes.body}>
        {editing ? (
          <TitleEditor
            title={task.title}
            onSave={(title) => {
              onEditingChange(false);
              if (title !== task.title) onRename(task, title);
            }}
            onCancel={() => onEditingChange(false)}
          />
        ) : (
          <button
            type="button"
            className={classes.title}
            data-completed={task.completed || undefined}
            onClick={() => onOpen?.(task)}
            onDoubleClick={() => !readOnly && onEditingChange(true)}
            data-task-title
          >
            {task.title}
          </button>
        )}
        {!editing && (
          <span className={classes.chips}>
            {task.due && (
              <span
                className={classes.chip}
                data-overdue={overdue || undefined}
                data-today={task.due.date === today || undefined}
                title={overdue ? 'Overdue' : undefined}
              >
                {overdue && <VisuallyHidden>Overdue: </VisuallyHidden>}
                {dueText(task.due.date, today, task.due.time)}
                {task.recurrence && ' ↻'}
              </span>
            )}
            {flag && (
              <span className={classes.flag} data-priority={task.priority} title={flag}>
                <IconFlagFilled size={14} aria-label={flag} role="img" />
              </span>
            )}
            {task.labels?.map((label) => (
              <span key={label} className={classes.chip}>
                @{label}
              </span>
            ))}
            {listName && <span className={classes.chip}>#{listName}</span>}
          </span>
        )}
      </div>
      {!readOnly && !onSelect && (
        <button
          type="button"
          className={classes.delete}
          aria-label={`Delete ${task.title}`}
          onClick={() => onDelete(task)}
        >
          <IconTrash size={16} aria-hidden />
        </button>
      )}
    </li>
  );
}

/** The title as an input: Enter saves, Escape cancels, an empty title is refused with a message. */
function TitleEditor({
  title,
  onSave,
  onCancel,
}: {
  title: string;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The focus goes back to the row it came from, not to the page, when the editor closes by key.
  const backToRow = () => input.current?.closest<HTMLElement>('[data-task-row]')?.focus();
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  return (
    <>
      <input
        ref={input}
        className={classes.edit}
        value={value}
        aria-label="Task title"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'task-title-error' : undefined}
        maxLength={200}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            event.stopPropagation();
            const trimmed = value.trim();
            if (!trimmed) return setError('A task needs a title');
            backToRow();
            onSave(trimmed);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            backToRow();
            onCancel();
          }
        }}
        onBlur={onCancel}
      />
      {error && (
        <span id="task-title-error" className={classes.error} role="alert">
          {error}
        </span>
      )}
    </>
  );
}
