import { describe, expect, it, vi } from 'vitest';
import { Drain } from './drain.js';

describe('leaving the load balancer', () => {
  it('closes at once when nothing probed readiness within the limit', async () => {
    let now = 0;
    const drain = new Drain(15_000, () => now);
    drain.ready();
    now = 15_001;
    const { waits, done } = drain.leave();
    expect(waits).toBe(false);
    await done;
    expect(drain.ready()).toBe(true);
  });

  it('refuses readiness from the stop on, and may close on the second refused probe', async () => {
    let now = 0;
    const drain = new Drain(15_000, () => now);
    expect(drain.ready()).toBe(true);
    now = 1_000;
    const { waits, done } = drain.leave();
    expect(waits).toBe(true);
    let closed = false;
    void done.then(() => {
      closed = true;
    });
    expect(drain.ready()).toBe(false);
    await Promise.resolve();
    expect(closed).toBe(false);
    expect(drain.ready()).toBe(false);
    await done;
    expect(closed).toBe(true);
  });

  it('closes after the limit when no second probe comes, and at once on a second stop', async () => {
    vi.useFakeTimers();
    try {
      const drain = new Drain(15_000, () => 0);
      drain.ready();
      const first = drain.leave();
      expect(first.waits).toBe(true);
      expect(drain.leave().waits).toBe(false);
      let closed = false;
      void first.done.then(() => {
        closed = true;
      });
      await vi.advanceTimersByTimeAsync(14_999);
      expect(closed).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(closed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
