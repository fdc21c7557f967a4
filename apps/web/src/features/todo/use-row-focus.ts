import { type RefObject, useEffect, useRef } from 'react';

const ROW = '[data-task-row]';

/** The rows of the page in order. */
export const rowsIn = (root: ParentNode = document) => [...root.querySelectorAll<HTMLElement>(ROW)];

/** Moves the focus `step` rows from the focused one (the first row when none is focused). */
export function focusRow(step: 1 | -1, root: ParentNode = document) {
  const rows = rowsIn(root);
  const current = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>(ROW);
  const index = current ? rows.indexOf(current) : -1;
  const next = index === -1 ? rows[step === 1 ? 0 : rows.length - 1] : rows[index + step];
  next?.focus();
}

/**
 * A row that leaves the view (completed, deleted, moved away) takes the focus with it: the focus
 * goes on to the row after it (the one before at the end), or `fallback` when none is left.
 * `remember(id)` before the change; the effect runs once `ids` no longer hold it.
 */
export function useFocusAfterRemoval(ids: number[] | undefined, fallback: RefObject<HTMLElement | null>) {
  const pending = useRef<{ gone: number; next: string | undefined } | null>(null);
  useEffect(() => {
    const wanted = pending.current;
    if (!wanted || !ids || ids.includes(wanted.gone)) return;
    pending.current = null;
    // Only when the focus was lost with the row, not when the person has moved on meanwhile.
    if (document.activeElement && document.activeElement !== document.body) return;
    const next = wanted.next && document.querySelector<HTMLElement>(`${ROW}[data-task-id="${wanted.next}"]`);
    (next || fallback.current)?.focus();
  }, [ids, fallback]);
  return (id: number) => {
    const rows = rowsIn();
    const index = rows.findIndex((row) => row.dataset.taskId === String(id));
    const next = rows[index + 1] ?? rows[index - 1];
    pending.current = { gone: id, next: next?.dataset.taskId };
  };
}
