import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type ReactNode, useId } from 'react';
import { type DragItem, type DragKind, dragKey, InTodoDnd, useGroupDrop } from './TodoDnd';

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
  /** What the items are: 'task', 'list' (their keys in the page's drag and drop, what is announced). */
  kind: DragKind;
  onMove: (item: T, neighbours: Neighbours) => void;
  children: ReactNode;
}

/**
 * A group whose items (each `useSortableItem`) reorder by a handle: dragged with a pointer, or
 * space, the arrows and space again, each step announced. The task rows and the side bar's lists
 * share it, inside the page's one drag and drop (TodoDnd.tsx).
 */
export function SortableGroup<T extends { id: number }>(props: SortableGroupProps<T>) {
  return (
    <InTodoDnd>
      <Group {...props} />
    </InTodoDnd>
  );
}

function Group<T extends { id: number }>({ items, kind, onMove, children }: SortableGroupProps<T>) {
  const containerId = useId();
  const keys = items.map((item) => dragKey(kind, item.id));
  useGroupDrop(containerId, (fromKey, toKey) => {
    const from = keys.indexOf(fromKey);
    const item = items[from];
    const neighbours = neighboursAfterMove(items, from, keys.indexOf(toKey));
    if (item && neighbours) onMove(item, neighbours);
  });
  return (
    <SortableContext id={containerId} items={keys} strategy={verticalListSortingStrategy}>
      {children}
    </SortableContext>
  );
}

/** One item of a SortableGroup: the row's ref and style, and its handle's props. */
export function useSortableItem(item: DragItem, disabled = false) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: dragKey(item.kind, item.id),
    data: item,
    disabled,
  });
  return {
    rowRef: setNodeRef,
    isDragging,
    style: {
      transform: CSS.Transform.toString(transform),
      transition,
      position: 'relative' as const,
      zIndex: isDragging ? 1 : undefined,
    },
    handle: { ...attributes, ...listeners, ref: setActivatorNodeRef, role: undefined },
  };
}
