import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Full-text search of to-dos (docs/api.md#to-do-lists-sharing-and-tasks; docs/decisions.md, "To-do
 * search with full-text indexes"). `todos.search_key` becomes the task's words — letters and digits
 * folded to lower case without diacritics, joined by single spaces — and each database indexes
 * every word under its owner: the owner's id in ten digits before it ('0000000012cafe'), so that a
 * search, which asks for a word's start under the caller's owners, reads only their tasks' words,
 * whatever other users hold.
 *
 * - SQLite: a contentless FTS5 table of those words, kept by triggers on todos, so whatever writes
 *   `search_key` (or moves a task to another owner) keeps the index right.
 * - PostgreSQL: a GIN index on them as lexemes, taken as they are (`array_to_tsvector`), so the
 *   server's locale and PostgreSQL's parser have no say in what a word is.
 *
 * The rule that makes the words is the server's `searchKey` (features/todo/tasks/task-search.ts);
 * this copy is the rule as it was when the index came, as a migration must not change with later
 * code (task-search.test.ts checks that the two still agree).
 */
export function up018(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await rekey(db, (title, description, labels) => words018([title, description, ...labels].join(' ')).join(' '));
    if (dialect === 'sqlite') {
      // Contentless: the indexed text (owner before each word) is not a column of todos.
      // detail=none: a search asks only whether a task has words starting so, never where.
      // prefix: the owner and a word's first 1–3 letters looked up whole, not merged from every
      // longer word (the search "pa" at 5,000 tasks: 3.9 ms of CPU without, 2.7 with).
      await sql`create virtual table todos_search using fts5(
        words, content='', contentless_delete=1, detail='none', prefix='11 12 13',
        tokenize='unicode61 remove_diacritics 2')`.execute(db);
      const owned = (row: 'new' | 'todos') => {
        const owner = sql.raw(`substr('000000000' || ${row}.user_id, -10)`);
        const key = sql.raw(`${row}.search_key`);
        return sql`case when ${key} = '' then '' else ${owner} || replace(${key}, ' ', ' ' || ${owner}) end`;
      };
      await sql`insert into todos_search(rowid, words) select id, ${owned('todos')} from todos`.execute(db);
      await sql`create trigger todos_search_insert after insert on todos begin
        insert into todos_search(rowid, words) values (new.id, ${owned('new')});
      end`.execute(db);
      await sql`create trigger todos_search_delete after delete on todos begin
        delete from todos_search where rowid = old.id;
      end`.execute(db);
      await sql`create trigger todos_search_update after update of search_key, user_id on todos
        when old.search_key <> new.search_key or old.user_id <> new.user_id begin
        delete from todos_search where rowid = old.id;
        insert into todos_search(rowid, words) values (new.id, ${owned('new')});
      end`.execute(db);
    } else {
      // A function, not the bare expression, to give the planner its true price: taking a task's
      // text apart costs far more than a comparison, and priced as one the planner read every task
      // of a user through it (20 ms at 5,000 tasks) rather than the index (docs/decisions.md).
      // PL/pgSQL, as it is never inlined (the index and the query both name it) and a call of its
      // one expression costs 1.3 µs against 3.8 for a SQL function that is not inlined.
      await sql`create function todo_search_vector(owner integer, words text) returns tsvector
        language plpgsql immutable strict parallel safe cost 1000
        as $$ begin
          return array_to_tsvector(array_remove(string_to_array(case when words = '' then '' else
            lpad(owner::text, 10, '0') || replace(words, ' ', ' ' || lpad(owner::text, 10, '0')) end, ' '), ''));
        end $$`.execute(db);
      await sql`create index todos_search on todos using gin (todo_search_vector(user_id, search_key))`.execute(db);
    }
  };
}

export function down018(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    if (dialect === 'sqlite') {
      for (const trigger of ['todos_search_insert', 'todos_search_delete', 'todos_search_update']) {
        await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
      }
      await sql`drop table todos_search`.execute(db);
    } else {
      await sql`drop index todos_search`.execute(db);
      await sql`drop function todo_search_vector(integer, text)`.execute(db);
    }
    // Back to migration 016's text, which its LIKE search reads.
    await rekey(db, (title, description, labels) => [title, description, ...labels].join('\n').toLowerCase());
  };
}

/** Migration 018's word rule: see task-search.ts, whose comments say why each step is there. */
export function words018(text: string): string[] {
  const marks = /\p{M}+/gu;
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(marks, '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(marks, '')
    .replaceAll('ς', 'σ')
    .split(/(?:[^\p{L}\p{N}]|[\u19B0-\u19C9\u1CF2\u1CF3])+/u)
    .filter((word) => word !== '')
    .map((word) => (word.length > 100 ? [...word].slice(0, 100).join('') : word));
}

/** Rewrites every task's search text, a user's tasks at a time (one read of their labels each). */
async function rekey(db: Kysely<unknown>, key: (title: string, description: string, labels: string[]) => string) {
  const d = db as Kysely<{
    todos: { id: number; user_id: number; title: string; description: string; search_key: string };
    todo_task_labels: { todo_id: number; user_id: number; name: string; name_key: string };
  }>;
  const users = await d.selectFrom('todos').select('user_id').distinct().execute();
  for (const { user_id } of users) {
    const rows = await d
      .selectFrom('todos')
      .select(['id', 'title', 'description', 'search_key'])
      .where('user_id', '=', user_id)
      .execute();
    const labels = new Map<number, string[]>();
    for (const l of await d
      .selectFrom('todo_task_labels')
      .select(['todo_id', 'name'])
      .where('user_id', '=', user_id)
      .orderBy('todo_id')
      .orderBy('name_key')
      .execute()) {
      labels.set(l.todo_id, [...(labels.get(l.todo_id) ?? []), l.name]);
    }
    for (const row of rows) {
      const next = key(row.title, row.description, labels.get(row.id) ?? []);
      if (next !== row.search_key) {
        await d.updateTable('todos').set({ search_key: next }).where('id', '=', row.id).execute();
      }
    }
  }
}
