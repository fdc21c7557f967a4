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
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { type ReactNode, useId } from 'react';

/** The items a moved item sits between once the one at `from` is dropped at `to` (null: an end). */
export type Neighbours = { before_id: number | null; after_id: number | null };

export function neighboursAfterMove<T extends { id: number }>(
  items: readonly T[],
  from: number,
  to: number,
): Neighbours | null {
  const order = [...items];
  const [moved] = order.splice(from, 1);
  if (!moved) return null;
  order.splice(to, 0, moved);
  return { before_id: order[to + 1]?.id ?? null, after_id: order[to - 1]?.id ?? null };
}

interface SortableGroupProps<T extends { id: number }> {
  items: readonly T[];
  /** What one item is called in what a screen reader hears: 'task', 'list'. */
  noun: string;
  name: (item: T) => string;
  onMove: (item: T, neighbours: Neighbours) => void;
  children: ReactNode;
}

/**
 * A group whose items (each `useSortable` with its id) reorder by a handle: dragged with a pointer,
 * or space, the arrows and space again, each step announced. The task rows and the side bar's
 * lists share it.
 */
export function SortableGroup<T extends { id: number }>({
  items,
  noun,
  name,
  onMove,
  children,
}: SortableGroupProps<T>) {
  // dnd-kit numbers its description ids from a counter that the server shares across every page
  // it draws; React's id is the same in the server's drawing and after hydration.
  const id = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const title = (itemId: unknown) => {
    const item = items.find((i) => i.id === itemId);
    return item ? name(item) : noun;
  };
  const position = (itemId: unknown) => items.findIndex((i) => i.id === itemId) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${title(active.id)}, position ${position(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${title(active.id)} moved to position ${position(over.id)} of ${items.length}.`
        : `${title(active.id)} is not over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${title(active.id)} dropped at position ${position(over.id)} of ${items.length}.`
        : `${title(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${title(active.id)} was cancelled.`,
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const item = items[from];
    const neighbours = neighboursAfterMove(
      items,
      from,
      items.findIndex((i) => i.id === over.id),
    );
    if (item && neighbours) onMove(item, neighbours);
  };
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `To reorder, press space on the handle to pick the ${noun} up, the up and down arrows to move it, space to drop it, or Escape to cancel.`,
        },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
