import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * A counter per user that every change to the user's to-dos or their labels raises, in the same
 * statement, by trigger (docs/decisions.md#to-do-answers-kept-by-version): the to-do list's kept
 * answer is good while the counter has not moved, whichever code path, instance or cascade made
 * the change. Triggers only update the user's row, made with the user (and here for existing
 * users), so a user's deletion cascading to their to-dos can never insert a row for them.
 */
const TABLES = ['todos', 'todo_task_labels'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

export const up026 = (dialect: DialectName) => async (db: Kysely<unknown>) => {
  await db.schema
    .createTable('todo_versions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into todo_versions (user_id) select id from users`.execute(db);

  if (dialect === 'postgres') {
    await sql`
      create function user_created_todo_version() returns trigger language plpgsql as $$
      begin
        insert into todo_versions (user_id) values (new.id);
        return null;
      end $$`.execute(db);
    await sql`create trigger users_todo_version after insert on users
      for each row execute function user_created_todo_version()`.execute(db);
    await sql`
      create function raise_todo_version() returns trigger language plpgsql as $$
      begin
        update todo_versions set version = version + 1
          where user_id = (case when tg_op = 'DELETE' then old.user_id else new.user_id end);
        return null;
      end $$`.execute(db);
    for (const table of TABLES) {
      await sql`create trigger ${sql.raw(`${table}_todo_version`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function raise_todo_version()`.execute(db);
    }
    return;
  }

  await sql`create trigger users_todo_version after insert on users
    begin insert into todo_versions (user_id) values (new.id); end`.execute(db);
  for (const table of TABLES) {
    for (const event of EVENTS) {
      const row = event === 'delete' ? 'old' : 'new';
      await sql`create trigger ${sql.raw(`${table}_${event}_todo_version`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update todo_versions set version = version + 1 where user_id = ${sql.raw(`${row}.user_id`)}; end`.execute(
        db,
      );
    }
  }
};

export const down026 = (dialect: DialectName) => async (db: Kysely<unknown>) => {
  if (dialect === 'postgres') {
    for (const table of TABLES)
      await sql`drop trigger ${sql.raw(`${table}_todo_version`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger users_todo_version on users`.execute(db);
    await sql`drop function raise_todo_version()`.execute(db);
    await sql`drop function user_created_todo_version()`.execute(db);
  } else {
    for (const table of TABLES) {
      for (const event of EVENTS) await sql`drop trigger ${sql.raw(`${table}_${event}_todo_version`)}`.execute(db);
    }
    await sql`drop trigger users_todo_version`.execute(db);
  }
  await db.schema.dropTable('todo_versions').execute();
};
