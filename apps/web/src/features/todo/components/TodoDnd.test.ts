import type { Active, ClientRect, DroppableContainer } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { type DragItem, type ListTarget, listOfDrop, todoCollisions } from './TodoDnd';

const task = (listId: number | null): DragItem => ({ kind: 'task', id: 7, name: 'Buy milk', listId });
const target = (listId: number | null): ListTarget => ({ kind: 'list-target', listId, name: 'Groceries' });

describe('dropping a task on a side-bar list', () => {
  it('moves it to another list or the Inbox', () => {
    expect(listOfDrop(task(null), target(3))).toBe(3);
    expect(listOfDrop(task(3), target(null))).toBeNull();
    expect(listOfDrop(task(3), target(4))).toBe(4);
  });

  it('moves nothing on its own list, off a list, or for a dragged list', () => {
    expect(listOfDrop(task(3), target(3))).toBeUndefined();
    expect(listOfDrop(task(null), target(null))).toBeUndefined();
    expect(listOfDrop(task(3), undefined)).toBeUndefined();
    expect(listOfDrop({ kind: 'list', id: 3, name: 'Groceries' }, target(4))).toBeUndefined();
  });
});

describe('what a dragged item is over', () => {
  const rect = (left: number, top: number): ClientRect => ({
    left,
    top,
    width: 100,
    height: 20,
    right: left + 100,
    bottom: top + 20,
  });
  const sortable = (containerId: string, index: number) => ({ sortable: { containerId, index, items: [] } });
  const containers = [
    { id: 'task:1', data: { current: { kind: 'task', ...sortable('tasks', 0) } }, rect: rect(300, 0) },
    { id: 'task:2', data: { current: { kind: 'task', ...sortable('tasks', 1) } }, rect: rect(300, 40) },
    { id: 'list:5', data: { current: { kind: 'list', ...sortable('lists', 0) } }, rect: rect(0, 40) },
    { id: 'target:5', data: { current: target(5) }, rect: rect(0, 40) },
  ];
  const over = (active: Active['data']['current'], pointer: { x: number; y: number } | null) =>
    todoCollisions({
      active: { id: 'x', data: { current: active } } as unknown as Active,
      collisionRect: rect(pointer?.x ?? 300, pointer?.y ?? 30),
      droppableRects: new Map(containers.map((c) => [c.id, c.rect])),
      droppableContainers: containers as unknown as DroppableContainer[],
      pointerCoordinates: pointer,
    })[0]?.id;

  it('is the side-bar list under the pointer for a task', () => {
    expect(over({ kind: 'task', ...sortable('tasks', 0) }, { x: 10, y: 50 })).toBe('target:5');
  });

  it('is the nearest item of its own group otherwise (the keyboard has no pointer)', () => {
    expect(over({ kind: 'task', ...sortable('tasks', 0) }, { x: 310, y: 45 })).toBe('task:2');
    expect(over({ kind: 'task', ...sortable('tasks', 0) }, null)).toMatch(/^task:/);
    // A list dragged over the tasks stays among the lists.
    expect(over({ kind: 'list', ...sortable('lists', 0) }, { x: 310, y: 45 })).toBe('list:5');
  });
});
