import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type RowTask, TaskRow, type TaskRowProps } from './TaskRow';
import classes from './TaskRow.module.css';

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
  onReorder?: ((task: T, neighbours: { before_id: number | null; after_id: number | null }) => void) | undefined;
}

/** Where the task at `from` lands at `to`: the tasks it then sits between. */
export function neighboursAfterMove<T extends { id: number }>(tasks: T[], from: number, to: number) {
  const order = [...tasks];
  const [moved] = order.splice(from, 1);
  if (!moved) return null;
  order.splice(to, 0, moved);
  return { before_id: order[to + 1]?.id ?? null, after_id: order[to - 1]?.id ?? null };
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
        {tasks.map((task) => (
          <Row key={task.id} task={task} {...props} />
        ))}
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const title = (id: unknown) => tasks.find((t) => t.id === id)?.title ?? 'task';
  const position = (id: unknown) => tasks.findIndex((t) => t.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${title(active.id)}, position ${position(active.id)} of ${tasks.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${title(active.id)} moved to position ${position(over.id)} of ${tasks.length}.`
        : `${title(active.id)} is not over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${title(active.id)} dropped at position ${position(over.id)} of ${tasks.length}.`
        : `${title(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${title(active.id)} was cancelled.`,
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = tasks.findIndex((t) => t.id === active.id);
    const to = tasks.findIndex((t) => t.id === over.id);
    const task = tasks[from];
    const neighbours = neighboursAfterMove(tasks, from, to);
    if (task && neighbours) onReorder(task, neighbours);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press space on the handle to pick the task up, the up and down arrows to move it, space to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={tasks.map((t) => t.id)} strategy={verticalListSortingStrategy}>
        <ul className={classes.list} aria-label={label}>
          {tasks.map((task) => (
            <SortableRow key={task.id} task={task} {...props} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow<T extends RowTask>(props: TaskListProps<T> & { task: T }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.task.id,
    disabled: props.task.id < 0,
  });
  return (
    <Row
      {...props}
      rowRef={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
      handle={{ ...attributes, ...listeners, ref: setActivatorNodeRef, role: undefined }}
    />
  );
}
