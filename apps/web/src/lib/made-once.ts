/**
 * A value made the first time it is asked for, then kept: for the Intl formats modules keep.
 * Each `new Intl.NumberFormat` or `DateTimeFormat` costs ~1 ms here (4 ms on Lighthouse's phone),
 * and made as modules load they added up to one long task before the page could respond
 * (docs/decisions.md#main-thread-work-after-the-first-paint).
 */
export function madeOnce<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}
