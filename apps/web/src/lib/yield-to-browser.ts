/**
 * Lets the browser paint and handle input before going on: `scheduler.yield` where there is one
 * (no 4 ms clamp of nested timers), else a timer. Splits work that would be one long task.
 */
export const yieldToBrowser = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
};
