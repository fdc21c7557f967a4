import { describe, expect, it } from 'vitest';
import { appendTo, freshKeys, KEY_RENUMBER_LENGTH, place } from './todo-keys.js';

const sequence = (keys: string[]) => keys.map((position, i) => ({ id: i + 1, position }));

describe('place', () => {
  it('writes one key between the neighbours, at the top or at the bottom', () => {
    const items = sequence(freshKeys(3));
    const [a, b, c] = items.map((x) => x.position) as [string, string, string];
    const after = place(items, 99, { where: 'after', id: 1 });
    expect(after).toHaveLength(1);
    const key = after?.[0]?.position ?? '';
    expect(key > a && key < b).toBe(true);
    expect((place(items, 99, { where: 'before', id: 1 })?.[0]?.position as string) < a).toBe(true);
    expect((place(items, 99, { where: 'top' })?.[0]?.position as string) < a).toBe(true);
    expect((place(items, 99, { where: 'bottom' })?.[0]?.position as string) > c).toBe(true);
  });

  it('renumbers the whole sequence, keeping its order, when neighbours share a key', () => {
    const items = [
      { id: 1, position: 'a0' },
      { id: 2, position: 'a0' },
      { id: 3, position: 'a1' },
    ];
    const placed = place(items, 9, { where: 'after', id: 1 });
    expect(placed?.map((x) => x.id)).toEqual([1, 9, 2, 3]);
    const keys = placed?.map((x) => x.position) ?? [];
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(4);
  });

  it('renumbers before keys grow past the limit', () => {
    let items = sequence(['a0', 'a1']);
    for (let n = 0; n < 400; n++) {
      const placed = place(items, 1000 + n, { where: 'after', id: 1 }) ?? [];
      const byId = new Map(items.map((x) => [x.id, x.position]));
      for (const p of placed) byId.set(p.id, p.position);
      items = [...byId].map(([id, position]) => ({ id, position })).sort((x, y) => (x.position < y.position ? -1 : 1));
      expect(Math.max(...items.map((x) => x.position.length))).toBeLessThanOrEqual(KEY_RENUMBER_LENGTH);
    }
    expect(new Set(items.map((x) => x.position)).size).toBe(items.length);
  });

  it('answers undefined for a neighbour that is not in the sequence', () => {
    expect(place(sequence(['a0']), 5, { where: 'after', id: 42 })).toBeUndefined();
  });
});

describe('appendTo', () => {
  it('gives the ids keys after the end, in their order, moving them if they were in the sequence', () => {
    const items = sequence(freshKeys(3));
    const appended = appendTo(items, [2, 7]);
    expect(appended.map((x) => x.id)).toEqual([2, 7]);
    const [two, seven] = appended.map((x) => x.position) as [string, string];
    expect(two > (items[2]?.position as string) && seven > two).toBe(true);
  });
});
