import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A set of keys that each drop out `durationMs` after they were last flagged, e.g. cells flashing
 * an error for 2 s (docs/product.md#constants). Timers are cleared on unmount.
 */
export function useTimedFlags<K>(durationMs: number) {
  const [flags, setFlags] = useState<ReadonlySet<K>>(() => new Set());
  const timers = useRef(new Map<K, ReturnType<typeof setTimeout>>());

  const flag = useCallback(
    (keys: Iterable<K>) => {
      const added = [...keys];
      if (added.length === 0) return;
      setFlags((current) => new Set([...current, ...added]));
      for (const key of added) {
        const existing = timers.current.get(key);
        if (existing) clearTimeout(existing);
        timers.current.set(
          key,
          setTimeout(() => {
            timers.current.delete(key);
            setFlags((current) => {
              const next = new Set(current);
              next.delete(key);
              return next;
            });
          }, durationMs),
        );
      }
    },
    [durationMs],
  );

  const clear = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setFlags(new Set());
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { flags, flag, clear };
}
