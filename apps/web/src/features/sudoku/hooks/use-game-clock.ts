import { SUDOKU_MAX_TIME } from '@site/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/product.md#constants: the timer ticks every 1000 ms. */
export const TICK_MS = 1000;

/**
 * Elapsed play time in whole seconds, starting from `initialSeconds` and counting only while
 * `running`. Time is measured against the wall clock, so a throttled background tab still shows
 * the right time when it wakes; `read()` gives the exact current value between ticks.
 */
export function useGameClock(initialSeconds: number, running: boolean) {
  const [seconds, setSeconds] = useState(initialSeconds);
  // Milliseconds banked before the current run, and when the current run started (null: stopped).
  const clock = useRef({ bankedMs: initialSeconds * 1000, startedAt: null as number | null });

  const elapsedMs = useCallback(() => {
    const { bankedMs, startedAt } = clock.current;
    return bankedMs + (startedAt === null ? 0 : Date.now() - startedAt);
  }, []);
  const read = useCallback(() => Math.min(SUDOKU_MAX_TIME, Math.floor(elapsedMs() / 1000)), [elapsedMs]);

  useEffect(() => {
    if (!running) return;
    clock.current.startedAt = Date.now();
    // Each tick lands on the next whole second of play time, so a resumed clock with half a
    // second banked still shows every second change on time.
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setSeconds(read());
          schedule();
        },
        TICK_MS - (elapsedMs() % TICK_MS),
      );
    };
    schedule();
    return () => {
      clearTimeout(timer);
      clock.current = { bankedMs: elapsedMs(), startedAt: null };
      setSeconds(read());
    };
  }, [running, read, elapsedMs]);

  return { seconds, read };
}
