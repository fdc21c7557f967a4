import {
  type Active,
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  type Modifier,
  type Over,
  PointerSensor,
  pointerWithin,
  type UniqueIdentifier,
  useDndMonitor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { IconGripVertical } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useId, useState } from 'react';
import classes from './TodoDnd.module.css';

/**
 * One drag and drop for the to-do page (docs/product.md#to-do): the task rows and the side bar's
 * lists reorder in their own group, and a task dragged onto a list of the side bar moves there.
 * Tasks and lists both have numeric ids, so what is dragged is keyed `task:12`, `list:12`.
 */
export type DragKind = 'task' | 'list';

/** What a dragged item carries (useSortable's `data`, beside dnd-kit's own `sortable`). */
export interface DragItem {
  kind: DragKind;
  id: number;
  name: string;
  /** A task's list (null: the Inbox). */
  listId?: number | null;
}

/** What a side-bar target carries: the list a task dropped on it moves to (null: the Inbox). */
export interface ListTarget {
  kind: 'list-target';
  listId: number | null;
  name: string;
}

type SortableData = { sortable?: { containerId: string; index: number; items: unknown[] } };

export const dragKey = (kind: DragKind, id: number) => `${kind}:${id}`;

const itemOf = (active: Active | null | undefined) => active?.data.current as (DragItem & SortableData) | undefined;
const targetOf = (over: Over | null | undefined) => {
  const data = over?.data.current as Partial<ListTarget> | undefined;
  return data?.kind === 'list-target' ? (data as ListTarget) : undefined;
};

/** The list a drop moves a task to, or undefined when the drop moves nothing (not a task, not a list, its own list). */
export function listOfDrop(item: DragItem | undefined, target: ListTarget | undefined): number | null | undefined {
  if (item?.kind !== 'task' || !target || target.listId === (item.listId ?? null)) return undefined;
  return target.listId;
}

/**
 * A task over a side-bar list (under the pointer) drops there; otherwise an item is over the
 * nearest item of its own group, so a list never lands among tasks or a task on a list's row.
 */
export const todoCollisions: CollisionDetection = (args) => {
  const item = itemOf(args.active);
  if (item?.kind === 'task') {
    const targets = args.droppableContainers.filter((c) => targetOf(c as unknown as Over) !== undefined);
    const hits = pointerWithin({ ...args, droppableContainers: targets });
    if (hits.length > 0) return hits;
  }
  const group = item?.sortable?.containerId;
  const mates = args.droppableContainers.filter(
    (c) => (c.data.current as SortableData | undefined)?.sortable?.containerId === group,
  );
  return closestCenter({ ...args, droppableContainers: mates });
};

/** The arrows move an item within its own group only: at its top, up does nothing (moving to a list is `#`). */
const groupKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const group = itemOf(args.context.active)?.sortable?.containerId;
  const all = args.context.droppableContainers;
  // The two methods sortableKeyboardCoordinates reads, of the group's items only (the map itself is a Map subclass).
  const droppableContainers = {
    getEnabled: () =>
      all.getEnabled().filter((c) => (c.data.current as SortableData | undefined)?.sortable?.containerId === group),
    get: (id: UniqueIdentifier) => all.get(id),
  } as typeof all;
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers } });
};

const position = (data: SortableData | undefined) =>
  data?.sortable ? `position ${data.sortable.index + 1} of ${data.sortable.items.length}` : 'its place';

const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${itemOf(active)?.name}, ${position(itemOf(active))}.`,
  onDragOver: ({ active, over }) => {
    const name = itemOf(active)?.name;
    const target = targetOf(over);
    if (target) return `${name} is over ${target.name}. Drop it to move it there.`;
    return over ? `${name} moved to ${position(over.data.current as SortableData)}.` : `${name} is not over the list.`;
  },
  onDragEnd: ({ active, over }) => {
    const name = itemOf(active)?.name;
    const target = targetOf(over);
    if (target) return `${name} dropped on ${target.name}.`;
    return over ? `${name} dropped at ${position(over.data.current as SortableData)}.` : `${name} dropped.`;
  },
  onDragCancel: ({ active }) => `Moving ${itemOf(active)?.name} was cancelled.`,
};

/** The card sits just below and right of the pointer, so the name of the list under it stays readable. */
const besidePointer: Modifier = ({ transform }) => ({ ...transform, x: transform.x + 16, y: transform.y + 18 });

const InPage = createContext(false);

/**
 * The page's drag and drop. `onMoveTask` is called when a task is dropped on another list. A
 * sortable group outside it (the side bar drawn alone, or in the phone's drawer) makes one of its own.
 */
export function TodoDnd({
  onMoveTask,
  children,
}: {
  onMoveTask?: (taskId: number, listId: number | null) => void;
  children: ReactNode;
}) {
  // dnd-kit numbers its description ids from a counter that the server shares across every page
  // it draws; React's id is the same in the server's drawing and after hydration.
  const id = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: groupKeyboardCoordinates }),
  );
  const [dragged, setDragged] = useState<DragItem | null>(null);
  const end = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const item = itemOf(active);
    const listId = listOfDrop(item, targetOf(over));
    if (item && listId !== undefined) onMoveTask?.(item.id, listId);
  };
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={todoCollisions}
      onDragStart={({ active }) => setDragged(itemOf(active) ?? null)}
      onDragCancel={() => setDragged(null)}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press space on the handle to pick it up, the up and down arrows to move it, space to drop it, or Escape to cancel. A task dragged with the mouse onto a list in the side bar moves there; by keyboard, # moves it.',
        },
      }}
    >
      <InPage.Provider value={true}>{children}</InPage.Provider>
      {/* A task travels as a small card (a row the width of the page would cover the side bar);
          no drop animation, as a task dropped on a list leaves the view. */}
      <DragOverlay dropAnimation={null} modifiers={[besidePointer]}>
        {dragged?.kind === 'task' ? (
          <div className={classes.card}>
            <IconGripVertical size={16} aria-hidden />
            <span className={classes.cardTitle}>{dragged.name}</span>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

/** Children inside the page's drag and drop, or in one of their own. */
export function InTodoDnd({ children }: { children: ReactNode }) {
  return useContext(InPage) ? children : <TodoDnd>{children}</TodoDnd>;
}

/** Calls `onEnd` when an item of the group `containerId` is dropped over another of it. */
export function useGroupDrop(containerId: string, onEnd: (fromKey: string, toKey: string) => void) {
  useDndMonitor({
    onDragEnd: ({ active, over }) => {
      const from = itemOf(active)?.sortable;
      const to = (over?.data.current as SortableData | undefined)?.sortable;
      if (!over || active.id === over.id || from?.containerId !== containerId || to?.containerId !== containerId)
        return;
      onEnd(String(active.id), String(over.id));
    },
  });
}

/**
 * A side-bar list (or the Inbox) that takes a dropped task; marked while a task of another list is
 * over it. `disabled`: a list the user cannot add to (a viewer's, an archived one).
 */
export function ListDropTarget({
  listId,
  name,
  disabled,
  children,
}: {
  listId: number | null;
  name: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const data: ListTarget = { kind: 'list-target', listId, name };
  const { setNodeRef, isOver, active } = useDroppable({
    id: `target:${listId ?? 'inbox'}`,
    data,
    disabled: disabled ?? false,
  });
  // Only a task of another list is taken (listOfDrop).
  const takes = listOfDrop(itemOf(active), data) !== undefined;
  return (
    <div
      ref={setNodeRef}
      className={classes.target}
      data-drop-ready={takes || undefined}
      data-drop-over={(isOver && takes) || undefined}
    >
      {children}
    </div>
  );
}
