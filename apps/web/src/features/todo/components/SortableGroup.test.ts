import type { TodoTask } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { placeAmong } from '../api/use-tasks';
import { neighboursAfterMove } from './SortableGroup';

const ids = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
const task = (id: number) => ({ id }) as TodoTask;

describe('reorder', () => {
  it('names the tasks a moved task lands between', () => {
    expect(neighboursAfterMove(ids, 3, 0)).toEqual({ before_id: 1, after_id: null });
    expect(neighboursAfterMove(ids, 0, 3)).toEqual({ before_id: null, after_id: 4 });
    expect(neighboursAfterMove(ids, 1, 2)).toEqual({ before_id: 4, after_id: 3 });
  });

  it('places a task among the others as the server will (before, after, or at the end)', () => {
    const list = [task(1), task(2), task(3)];
    const order = (out: TodoTask[]) => out.map((t) => t.id);
    expect(order(placeAmong(list, task(3), { task: task(3), list_id: null, before_id: 1 }))).toEqual([3, 1, 2]);
    expect(order(placeAmong(list, task(1), { task: task(1), list_id: null, after_id: 2 }))).toEqual([2, 1, 3]);
    expect(order(placeAmong(list, task(9), { task: task(9), list_id: null }))).toEqual([1, 2, 3, 9]);
  });
});
