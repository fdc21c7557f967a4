import type { DatabaseHandle } from '../src/db/database.js';

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
