import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs on a timer, apart from any request: the order matcher, the corporate-action
 * applier, the backup schedule. Each run starts when the app is ready (the catch-up after a
 * restart) unless `atStart` is false, then every `everyMs`; a slow run is never overlapped by
 * the next, and closing waits for a run under way so its transactions end before the database
 * closes. What `run` answers is logged when `report` says it is worth a line.
 */
export interface TimedJob<R = unknown> {
  name: string;
  everyMs: number;
  atStart?: boolean;
  run(): Promise<R>;
  /** A line worth logging about a run's result (info), or undefined to stay quiet. */
  report?(result: R): Record<string, unknown> | undefined;
}

/** Work that lives as long as the app: started when it is ready, stopped (and awaited) on close. */
export interface LongJob {
  name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}

/** The timer functions jobs use: the global ones, or a test's own. */
export interface JobTimers {
  setInterval(run: () => void, ms: number): { unref?(): unknown };
  clearInterval(timer: unknown): void;
}

const globalTimers: JobTimers = {
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (timer) => clearInterval(timer as NodeJS.Timeout),
};

/**
 * The app's background work in one place (docs/architecture.md#background-jobs): features add
 * their jobs while they are registered; the app starts them all once it is ready and stops them
 * on close. Timers never keep the process alive. One log line per job as it starts.
 */
export class Jobs {
  private readonly timed: TimedJob<never>[] = [];
  private readonly long: LongJob[] = [];
  private readonly timers: unknown[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private started = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly clock: JobTimers = globalTimers,
  ) {}

  every<R>(job: TimedJob<R>): void {
    if (this.started) throw new Error(`Job ${job.name} was added after the jobs started`);
    this.timed.push(job as TimedJob<never>);
  }

  whileRunning(job: LongJob): void {
    if (this.started) throw new Error(`Job ${job.name} was added after the jobs started`);
    this.long.push(job);
  }

  /** The names of the jobs added, timed then long (for the admin status and tests). */
  names(): string[] {
    return [...this.timed.map((job) => job.name), ...this.long.map((job) => job.name)];
  }

  /** Runs a timed job now unless a run of it is under way; resolves when that run ends. */
  runNow(name: string): Promise<void> {
    const job = this.timed.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`No job named ${name}`);
    return this.runOnce(job);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const job of this.long) {
      await job.start();
      this.log.info({ job: job.name }, 'job started');
    }
    for (const job of this.timed) {
      if (job.atStart !== false) void this.runOnce(job);
      const timer = this.clock.setInterval(() => void this.runOnce(job), job.everyMs);
      timer.unref?.();
      this.timers.push(timer);
      this.log.info({ job: job.name, everyMs: job.everyMs }, 'job started');
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) this.clock.clearInterval(timer);
    await Promise.all(this.running.values());
    for (const job of [...this.long].reverse()) await job.stop();
    this.started = false;
  }

  private runOnce(job: TimedJob<never>): Promise<void> {
    const under = this.running.get(job.name);
    if (under) return under;
    const run = job
      .run()
      .then(
        (result) => {
          const line = job.report?.(result);
          if (line) this.log.info({ job: job.name, ...line }, 'job ran');
        },
        (error: unknown) => this.log.error({ err: error, job: job.name }, 'job failed'),
      )
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }
}
