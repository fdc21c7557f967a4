/**
 * Read-outs a feature offers the admin's status (docs/api.md#admin), by name, so the status can
 * show them without importing the feature (features never import each other; docs/architecture.md).
 * A feature registers its read-out when its routes are registered, as it does its metrics gauges;
 * each entry below is one feature's, typed here so reader and writer agree.
 */
export interface StatusReadouts {
  /** features/sudoku: ready-made puzzles per difficulty, and the level the pool refills to. */
  sudokuPool: { difficulty: string; size: number; target: number }[];
}

export type StatusSourceName = keyof StatusReadouts;

/** One per app instance, in `app.deps.statusSources`. */
export class StatusSources {
  private readonly sources = new Map<StatusSourceName, () => unknown>();

  /** Offers `read` under `name`; a second registration of a name is a programming error. */
  register<K extends StatusSourceName>(name: K, read: () => StatusReadouts[K]): void {
    if (this.sources.has(name)) throw new Error(`Status source ${name} is registered twice`);
    this.sources.set(name, read);
  }

  /** The current read-out, or undefined when no feature offers it (not registered in this app). */
  read<K extends StatusSourceName>(name: K): StatusReadouts[K] | undefined {
    return this.sources.get(name)?.() as StatusReadouts[K] | undefined;
  }
}
