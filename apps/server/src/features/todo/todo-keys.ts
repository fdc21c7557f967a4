import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/**
 * Manual order (lists, tasks, checklist items, labels) as fractional-indexing keys: moving one
 * item writes one row. Keys compare byte by byte (the columns are `collate "C"` on PostgreSQL).
 * Items with equal keys (rows written without one) fall back to newest first.
 */

/** Keys longer than this make the whole sequence be renumbered on the next write: they only grow. */
export const KEY_RENUMBER_LENGTH = 64;

/** A key between two neighbours (null: the start or the end); undefined when none fits (equal keys). */
export function keyBetween(before: string | null, after: string | null): string | undefined {
  if (before !== null && after !== null && before >= after) return undefined;
  const key = generateKeyBetween(before, after);
  return key.length > KEY_RENUMBER_LENGTH ? undefined : key;
}

/** Fresh, evenly spread keys for `count` items in their current order. */
export const freshKeys = (count: number): string[] => generateNKeysBetween(null, null, count);

/** The byte order of keys, as the database sorts them. */
export const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface Placed {
  id: number;
  position: string;
}

export type Placement = { where: 'after' | 'before'; id: number } | { where: 'top' | 'bottom' };

/**
 * Where `movingId` goes in `sequence` (in its order, the moving item left out or not yet in it):
 * the key writes for it, and for every item when equal or overlong keys leave no room (then the
 * sequence is renumbered, its order kept). Undefined when the named neighbour is not in the sequence.
 */
export function place(sequence: Placed[], movingId: number, placement: Placement): Placed[] | undefined {
  const others = sequence.filter((item) => item.id !== movingId);
  let at: number;
  if (!('id' in placement)) at = placement.where === 'top' ? 0 : others.length;
  else {
    const index = others.findIndex((item) => item.id === placement.id);
    if (index < 0) return undefined;
    at = placement.where === 'after' ? index + 1 : index;
  }
  const key = keyBetween(others[at - 1]?.position ?? null, others[at]?.position ?? null);
  if (key !== undefined) return [{ id: movingId, position: key }];
  const order = [...others.slice(0, at).map((i) => i.id), movingId, ...others.slice(at).map((i) => i.id)];
  const keys = freshKeys(order.length);
  return order.map((id, i) => ({ id, position: keys[i] as string }));
}

/** The placement a request's `after_id` / `before_id` ask for (after_id wins when both are sent). */
export function placementOf(
  input: { after_id?: number | null | undefined; before_id?: number | null | undefined },
  otherwise: 'top' | 'bottom',
): Placement {
  if (input.after_id != null) return { where: 'after', id: input.after_id };
  if (input.before_id != null) return { where: 'before', id: input.before_id };
  return { where: otherwise };
}

/** Keys for `ids` after the end of `sequence`, in that order (renumbering it when no key fits). */
export function appendTo(sequence: Placed[], ids: number[]): Placed[] {
  const others = sequence.filter((item) => !ids.includes(item.id));
  const last = others[others.length - 1]?.position ?? null;
  const keys = generateNKeysBetween(last, null, ids.length);
  if (keys.every((key) => key.length <= KEY_RENUMBER_LENGTH)) {
    return ids.map((id, i) => ({ id, position: keys[i] as string }));
  }
  const order = [...others.map((item) => item.id), ...ids];
  const fresh = freshKeys(order.length);
  return order.map((id, i) => ({ id, position: fresh[i] as string }));
}
