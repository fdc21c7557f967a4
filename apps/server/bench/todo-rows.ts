import type { DatabaseHandle } from '../src/db/database.js';

const VOCABULARY = (
  'call the plumber about kitchen sink ask tuesday morning spare key neighbours number buy milk bread ' +
  'eggs renew passport book dentist email invoice pay rent water plants fix bike tyre pick up parcel ' +
  'post office return library books draft report review slides meeting notes garden fence paint'
).split(' ');

/** A seeded xorshift, so every run builds the same tasks. */
export function random(seed: number) {
  let state = (seed * 2_654_435_761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** `count` everyday to-do words picked by `next`. */
export const words = (next: () => number, count: number) =>
  Array.from({ length: count }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]!).join(' ');

/** One to-do's text and state, by its index in the list a benchmark builds. */
export type TodoRow = (i: number) => { title: string; description: string; completed: boolean };

/**
 * Writes `count` to-dos for a user straight into the database, 200 rows a statement: a list at the
 * cap is there in a moment, where the API would take one request a row.
 */
export async function insertTodos(db: DatabaseHandle['db'], userId: number, count: number, row: TodoRow) {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => {
    const { title, description, completed } = row(i);
    return { user_id: userId, title, description, completed: completed ? 1 : 0, created_at: now, updated_at: now };
  });
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('todos')
      .values(rows.slice(i, i + 200))
      .execute();
}
