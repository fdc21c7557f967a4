/** True when a write failed on a UNIQUE constraint (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when PostgreSQL chose this transaction as a deadlock's victim (SQLSTATE 40P01). */
export function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';
}

/**
 * Runs a whole transaction again when PostgreSQL broke a deadlock by rolling it back: the lock order
 * (db/user-lock.ts) avoids the known ones, this covers one we missed instead of answering 500.
 * It pauses a few milliseconds first, so the survivor can take the locks the victim let go before
 * the rerun asks for them again (an immediate rerun can win them back and deadlock once more).
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
    }
  }
}
