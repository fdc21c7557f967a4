/**
 * At most `max` builds run at once; later ones wait in arrival order (docs/decisions.md, "Heavy
 * answers built a few at a time"). Only queued closures wait: their answers do not exist yet.
 */
export function buildLimit(max: number) {
  if (!Number.isInteger(max) || max < 1) throw new Error(`buildLimit needs a positive whole number, got ${max}`);
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return async function limited<T>(work: () => Promise<T>): Promise<T> {
    // A released slot passes straight to the next waiter, so `running` never goes over `max`.
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      release();
    }
  };
}
