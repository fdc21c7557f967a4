import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseAt, testDatabaseKinds } from '../../test/test-databases.js';
import type { DatabaseHandle } from '../database.js';

/**
 * 018: existing tasks get their words and are found through the new index; later writes keep it
 * right (SQLite's triggers; PostgreSQL's index is on the column); it goes back down to 016's text.
 */
describe.each(testDatabaseKinds)('migration 018 (to-do search) on %s', (kind) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let migrator: Migrator;
  let ann: number;
  const now = '2026-03-04T12:00:00.000Z';
  const titles: Record<string, string> = {
    cafe: 'Café crème',
    mail: 'Mail user@example.com',
    greek: 'ΟΔΟΣ',
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const database = await createTestDatabaseAt(kind, '017_todo_feeds');
    ({ handle, migrator } = database);
    cleanup = database.drop;
    // Tasks as 016 left them: title, notes and labels in lower case.
    ann = (
      await handle.db
        .insertInto('users')
        .values({ username: 'ann', email: 'ann@example.com', password_hash: 'x', is_admin: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const [name, title] of Object.entries(titles)) {
      const { id } = await handle.db
        .insertInto('todos')
        .values({
          user_id: ann,
          title,
          description: 'Notes',
          completed: 0,
          created_at: now,
          updated_at: now,
          search_key: `${title}\nnotes${name === 'cafe' ? '\nshopping' : ''}`.toLowerCase(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = id;
    }
    await handle.db
      .insertInto('todo_task_labels')
      .values({ todo_id: ids.cafe as number, user_id: ann, name: 'Shopping', name_key: 'shopping' })
      .execute();
    const { error } = await migrator.migrateTo('018_todo_search');
    if (error) throw error;
  });
  afterAll(() => cleanup());

  /** Ids of the tasks of `owner` the index finds for words (folded already) as prefixes, as the view asks. */
  async function found(owner: number, ...words: string[]): Promise<number[]> {
    const owned = words.map((w) => `${String(owner).padStart(10, '0')}${w}`);
    const { rows } =
      kind === 'sqlite'
        ? await sql<{ id: number }>`select rowid as id from todos_search where todos_search match ${owned
            .map((w) => `"${w}"*`)
            .join(' AND ')} order by rowid`.execute(handle.db)
        : await sql<{ id: number }>`select id from todos where todo_search_vector(user_id, search_key) @@ cast(${owned
            .map((w) => `'${w}':*`)
            .join(' & ')} as tsquery) order by id`.execute(handle.db);
    return rows.map((r) => r.id);
  }
  /** SQLite: FTS5 checks its index is sound. */
  const checkIndex = async () => {
    if (kind === 'sqlite')
      await sql`insert into todos_search(todos_search) values ('integrity-check')`.execute(handle.db);
  };

  it('gives existing tasks the words of their title, notes and labels, found through the index', async () => {
    const keys = await handle.db.selectFrom('todos').select(['id', 'search_key']).orderBy('id').execute();
    expect(keys).toEqual([
      { id: ids.cafe, search_key: 'cafe creme notes shopping' },
      { id: ids.mail, search_key: 'mail user example com notes' },
      { id: ids.greek, search_key: 'οδοσ notes' },
    ]);
    await checkIndex();
    expect(await found(ann, 'creme', 'caf')).toEqual([ids.cafe]);
    expect(await found(ann, 'shop')).toEqual([ids.cafe]);
    expect(await found(ann, 'example')).toEqual([ids.mail]);
    expect(await found(ann, 'οδοσ')).toEqual([ids.greek]);
    expect(await found(ann, 'notes')).toEqual([ids.cafe, ids.mail, ids.greek]);
  });

  it('keeps the index right as tasks are added, changed and deleted, and as their user goes', async () => {
    const { id } = await handle.db
      .insertInto('todos')
      .values({
        user_id: ann,
        title: 'Fresh',
        description: '',
        completed: 0,
        created_at: now,
        updated_at: now,
        search_key: 'fresh',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await found(ann, 'fre')).toEqual([id]);
    await handle.db.updateTable('todos').set({ search_key: 'stale' }).where('id', '=', id).execute();
    expect(await found(ann, 'fre')).toEqual([]);
    expect(await found(ann, 'stale')).toEqual([id]);
    // Another column changing leaves the index alone.
    await handle.db.updateTable('todos').set({ completed: 1 }).where('id', '=', id).execute();
    expect(await found(ann, 'stale')).toEqual([id]);
    // A task moved to another owner (a list of theirs) is found under them, no longer under Ann.
    const { id: cem } = await handle.db
      .insertInto('users')
      .values({ username: 'cem', email: 'cem@example.com', password_hash: 'x', is_admin: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await found(cem, 'notes')).toEqual([]);
    await handle.db
      .updateTable('todos')
      .set({ user_id: cem })
      .where('id', '=', ids.mail as number)
      .execute();
    expect(await found(cem, 'notes')).toEqual([ids.mail]);
    expect(await found(ann, 'notes')).toEqual([ids.cafe, ids.greek]);
    await handle.db
      .deleteFrom('todos')
      .where('id', '=', ids.greek as number)
      .execute();
    expect(await found(ann, 'οδοσ')).toEqual([]);
    await checkIndex();
    await handle.db.deleteFrom('users').where('id', '=', ann).execute();
    expect(await found(ann, 'notes')).toEqual([]);
    expect(await found(ann, 'stale')).toEqual([]);
    expect(await found(cem, 'notes')).toEqual([ids.mail]);
    await handle.db.deleteFrom('users').where('id', '=', cem).execute();
    expect(await found(cem, 'notes')).toEqual([]);
    await checkIndex();
  });

  it('goes down to the lower-case text and up again', async () => {
    const { id: ben } = await handle.db
      .insertInto('users')
      .values({ username: 'ben', email: 'ben@example.com', password_hash: 'x', is_admin: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('todos')
      .values({
        user_id: ben,
        title: 'Thé',
        description: 'Vert',
        completed: 0,
        created_at: now,
        updated_at: now,
        search_key: 'the vert',
      })
      .execute();
    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    expect(await handle.db.selectFrom('todos').select('search_key').execute()).toEqual([{ search_key: 'thé\nvert' }]);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await found(ben, 'the', 'vert')).toHaveLength(1);
    await checkIndex();
  });
});
