import type { JobTimers } from './jobs.js';

/** Interval timers a test fires by hand (`tick`) for `Jobs`: no real time passes. */
export function handTimers() {
  const ticks = new Map<number, () => void>();
  let next = 0;
  const timers: JobTimers = {
    setInterval: (run) => {
      const id = ++next;
      ticks.set(id, run);
      return { id } as never;
    },
    clearInterval: (timer) => ticks.delete((timer as { id: number }).id),
  };
  const tick = () => {
    for (const run of [...ticks.values()]) run();
  };
  return { timers, tick, count: () => ticks.size };
}
