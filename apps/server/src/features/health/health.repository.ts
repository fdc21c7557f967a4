import type { DatabaseHandle } from '../../db/database.js';

export function healthRepository(database: DatabaseHandle) {
  return {
    /**
     * A trivial query: proves the database answers, not just that the process is up. On a connection
     * of its own, so a health check does not queue behind a busy pool (db/database.ts).
     */
    ping: (): Promise<void> => database.ping(),
  };
}

export type HealthRepository = ReturnType<typeof healthRepository>;
