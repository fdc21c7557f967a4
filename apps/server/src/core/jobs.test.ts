import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { Jobs } from './jobs.js';
import { handTimers } from './jobs.test-support.js';

const quiet = pino({ level: 'silent' });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('Jobs', () => {
  it('runs a timed job at start and on each tick, never two runs at once', async () => {
    const { timers, tick } = handTimers();
    const jobs = new Jobs(quiet, timers);
    let runs = 0;
    let gate = deferred();
    jobs.every({
      name: 'matcher',
      everyMs: 1000,
      run: async () => {
        runs++;
        await gate.promise;
      },
    });
    await jobs.start();
    expect(runs).toBe(1);
    tick(); // the first run is still under way: not overlapped
    expect(runs).toBe(1);
    gate.resolve();
    await jobs.runNow('matcher');
    gate = deferred();
    tick();
    expect(runs).toBe(2);
    gate.resolve();
    await jobs.stop();
  });

  it('waits on close for a run under way and stops its timer', async () => {
    const { timers, count } = handTimers();
    const jobs = new Jobs(quiet, timers);
    const gate = deferred();
    let finished = false;
    jobs.every({
      name: 'backup',
      everyMs: 1000,
      run: async () => {
        await gate.promise;
        finished = true;
      },
    });
    await jobs.start();
    expect(count()).toBe(1);
    const stopped = jobs.stop();
    expect(count()).toBe(0);
    gate.resolve();
    await stopped;
    expect(finished).toBe(true);
  });

  it('skips the run at start when asked, and logs a failed run without stopping the schedule', async () => {
    const { timers, tick } = handTimers();
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const jobs = new Jobs(log, timers);
    let runs = 0;
    jobs.every({
      name: 'applier',
      everyMs: 1000,
      atStart: false,
      run: async () => {
        runs++;
        throw new Error('upstream down');
      },
    });
    await jobs.start();
    expect(runs).toBe(0);
    tick();
    await jobs.runNow('applier');
    tick();
    await jobs.runNow('applier');
    expect(runs).toBe(2);
    expect(lines.filter((line) => line.includes('"job failed"'))).toHaveLength(2);
    expect(lines.filter((line) => line.includes('"job started"'))).toHaveLength(1);
    await jobs.stop();
  });

  it('starts long jobs in order and stops them in reverse, and refuses jobs added once started', async () => {
    const jobs = new Jobs(quiet, handTimers().timers);
    const seen: string[] = [];
    for (const name of ['pool', 'cache']) {
      jobs.whileRunning({
        name,
        start: () => void seen.push(`start ${name}`),
        stop: () => void seen.push(`stop ${name}`),
      });
    }
    await jobs.start();
    expect(() => jobs.every({ name: 'late', everyMs: 1, run: async () => {} })).toThrow(/after the jobs started/);
    await jobs.stop();
    expect(seen).toEqual(['start pool', 'start cache', 'stop cache', 'stop pool']);
    expect(jobs.names()).toEqual(['pool', 'cache']);
  });
});
