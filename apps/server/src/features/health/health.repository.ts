import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';

export function healthRepository({ db }: DatabaseHandle) {
  return {
    /** A trivial query: proves the database answers, not just that the process is up. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}

export type HealthRepository = ReturnType<typeof healthRepository>;
