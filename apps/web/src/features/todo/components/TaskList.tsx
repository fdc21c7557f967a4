import { useDraggable } from '@dnd-kit/core';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Neighbours, SortableGroup, useSortableItem } from './SortableGroup';
import { type RowTask, TaskRow, type TaskRowProps } from './TaskRow';
import classes from './TaskRow.module.css';
import { type DragItem, dragKey } from './TodoDnd';

type RowHandlers<T extends RowTask> = Omit<
  TaskRowProps<T>,
  'task' | 'editing' | 'onEditingChange' | 'listName' | 'handle' | 'rowRef' | 'style' | 'selected'
>;

export interface TaskListProps<T extends RowTask> extends RowHandlers<T> {
  tasks: T[];
  label: string;
  empty: ReactNode;
  editingId: number | null;
  onEditingChange: (id: number | null) => void;
  listName?: (task: T) => string | undefined;
  /** Given while the view selects tasks for a bulk action. */
  selectedIds?: ReadonlySet<number> | undefined;
  /** Given in views with a manual order: drag (or space, arrows, space) moves a task between two others. */
  onReorder?: ((task: T, neighbours: Neighbours) => void) | undefined;
  /**
   * Given in views without a manual order (Today, Upcoming, a label, search): a handle drags a
   * task onto a side-bar list with a pointer; the keyboard's way is `#`.
   */
  movable?: boolean | undefined;
}

/** The rows of a view; sortable by handle and keyboard when the view has a manual order. */
export function TaskList<T extends RowTask>(props: TaskListProps<T>) {
  const { tasks, label, empty, onReorder } = props;
  if (tasks.length === 0)
    return (
      <Text c="dimmed" py="md">
        {empty}
      </Text>
    );
  if (!onReorder || props.readOnly)
    return (
      <ul className={classes.list} aria-label={label}>
        {tasks.map((task) =>
          props.movable && !props.readOnly && task.id > 0 ? (
            <MovableRow key={task.id} task={task} {...props} />
          ) : (
            <Row key={task.id} task={task} {...props} />
          ),
        )}
      </ul>
    );
  return <SortableTasks {...props} onReorder={onReorder} />;
}

function Row<T extends RowTask>({
  task,
  editingId,
  onEditingChange,
  listName,
  selectedIds,
  onSelect,
  movable: _movable,
  ...rest
}: TaskListProps<T> & {
  task: T;
  handle?: TaskRowProps<T>['handle'];
  rowRef?: TaskRowProps<T>['rowRef'];
  style?: React.CSSProperties;
}) {
  return (
    <TaskRow
      {...rest}
      task={task}
      listName={listName?.(task)}
      selected={selectedIds?.has(task.id)}
      onSelect={selectedIds ? onSelect : undefined}
      editing={editingId === task.id}
      onEditingChange={(editing) => onEditingChange(editing ? task.id : null)}
    />
  );
}

function SortableTasks<T extends RowTask>(
  props: TaskListProps<T> & { onReorder: NonNullable<TaskListProps<T>['onReorder']> },
) {
  const { tasks, label, onReorder } = props;
  return (
    <SortableGroup items={tasks} kind="task" onMove={onReorder}>
      <ul className={classes.list} aria-label={label}>
        {tasks.map((task) => (
          <SortableRow key={task.id} task={task} {...props} />
        ))}
      </ul>
    </SortableGroup>
  );
}

function SortableRow<T extends RowTask>(props: TaskListProps<T> & { task: T }) {
  const { task } = props;
  const { rowRef, style, handle, isDragging } = useSortableItem(
    { kind: 'task', id: task.id, name: task.title, listId: task.list_id ?? null },
    task.id < 0,
  );
  // While it travels as a card (TodoDnd.tsx), the row stays faint where it would land.
  return <Row {...props} rowRef={rowRef} style={{ ...style, opacity: isDragging ? 0.4 : undefined }} handle={handle} />;
}

/** A row whose handle only drags it onto a list (pointer only: out of the tab order, as `#` does it by keyboard). */
function MovableRow<T extends RowTask>(props: TaskListProps<T> & { task: T }) {
  const { task } = props;
  const { setActivatorNodeRef, setNodeRef, listeners, isDragging } = useDraggable({
    id: dragKey('task', task.id),
    data: { kind: 'task', id: task.id, name: task.title, listId: task.list_id ?? null } satisfies DragItem,
  });
  return (
    <Row
      {...props}
      rowRef={setNodeRef}
      style={{ opacity: isDragging ? 0.4 : undefined }}
      handle={{
        ref: setActivatorNodeRef,
        onPointerDown: listeners?.onPointerDown as React.PointerEventHandler<HTMLButtonElement> | undefined,
        tabIndex: -1,
        'aria-hidden': true,
        title: 'Drag onto a list',
        'data-move-only': true,
      }}
    />
  );
}
