import { describe, expect, it } from 'vitest';
import { moveNeighbour, placeList } from '../api/use-todo-lists';
import { placeAfterDrag } from './ListRows';
import { todoList } from './test-fixtures';

const a = todoList(1, 'A');
const b = todoList(2, 'B');
const old = todoList(3, 'Old', { archived: true });
const c = todoList(4, 'C');
const theirs = todoList(5, 'Theirs', { role: 'editor', owner: { id: 12, username: 'sam' } });
const all = [a, b, old, c, theirs];

describe('list order', () => {
  it('finds the neighbour of a move among my lists of the same section only', () => {
    expect(moveNeighbour(all, b, 'down')).toBe(c);
    expect(moveNeighbour(all, c, 'up')).toBe(b);
    expect(moveNeighbour(all, c, 'down')).toBeNull();
    expect(moveNeighbour(all, a, 'up')).toBeNull();
    expect(moveNeighbour(all, old, 'up')).toBeNull();
  });

  it('places a list right before or right after another, as the server will', () => {
    const ids = (lists: typeof all) => lists.map((list) => list.id);
    expect(ids(placeList(all, c, { before_id: 1 }))).toEqual([4, 1, 2, 3, 5]);
    expect(ids(placeList(all, a, { after_id: 4 }))).toEqual([2, 3, 4, 1, 5]);
    // A neighbour the cache does not hold changes nothing until the refetch.
    expect(ids(placeList(all, a, { after_id: 99 }))).toEqual([1, 2, 3, 4, 5]);
  });

  it('turns a drop into the list it now sits before, or after at the end', () => {
    const own = [a, b, c];
    expect(placeAfterDrag(own, 0, 1)).toEqual({ before_id: 4 });
    expect(placeAfterDrag(own, 0, 2)).toEqual({ after_id: 4 });
    expect(placeAfterDrag(own, 2, 0)).toEqual({ before_id: 1 });
    expect(placeAfterDrag([a], 0, 0)).toBeNull();
  });
});
