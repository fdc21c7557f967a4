import { generateNKeysBetween } from 'fractional-indexing';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/**
 * To-do lists, sharing, due dates, priorities, labels, checklists and repeating tasks
 * (docs/api.md#to-do-lists-sharing-and-tasks). A task with `list_id` null is in its owner's Inbox,
 * so every existing to-do keeps working as an Inbox task; `todos.user_id` is the owner of the
 * task's list. Rows that hang off a task (labels, checklist items, completions) carry the task
 * owner's `user_id` too, so deleting or exporting an account finds them like any other user row.
 *
 * Sort keys (`position`, fractional-indexing) and ISO times compare byte by byte: PostgreSQL
 * gets `collate "C"` on them, as its default collation orders 'a0' < 'aZ' < 'a_' differently.
 */
export function up016(dialect: DialectName) {
  const bytewise = (length: number): 'varchar' | RawBuilder<unknown> =>
    dialect === 'postgres' ? sql.raw(`varchar(${length}) collate "C"`) : sql.raw(`varchar(${length})`);
  return async (db: Kysely<unknown>) => {
    await withIdColumn(db.schema.createTable('todo_lists'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(60)', (c) => c.notNull())
      .addColumn('colour', 'varchar(16)', (c) => c.notNull())
      .addColumn('position', bytewise(128), (c) => c.notNull())
      .addColumn('archived_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('todo_lists_user').on('todo_lists').columns(['user_id', 'position']).execute();

    await db.schema
      .createTable('todo_list_members')
      .addColumn('list_id', 'integer', (c) => c.notNull().references('todo_lists.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'varchar(8)', (c) => c.notNull().check(sql`role in ('viewer', 'editor')`))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('todo_list_members_pk', ['list_id', 'user_id'])
      .execute();
    // "Lists shared with me".
    await db.schema.createIndex('todo_list_members_user').on('todo_list_members').column('user_id').execute();

    const todos = () => db.schema.alterTable('todos');
    await todos()
      .addColumn('list_id', 'integer', (c) => c.references('todo_lists.id').onDelete('cascade'))
      .execute();
    await todos()
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await todos().addColumn('due_date', 'varchar(10)').execute();
    await todos().addColumn('due_time', 'varchar(5)').execute();
    await todos().addColumn('due_zone', 'varchar(64)').execute();
    await todos().addColumn('due_at', bytewise(32)).execute();
    await todos()
      .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(4).check(sql`priority between 1 and 4`))
      .execute();
    await todos().addColumn('recurrence', 'varchar(500)').execute();
    await todos()
      .addColumn('recurrence_basis', 'varchar(10)', (c) => c.check(sql`recurrence_basis in ('due', 'completion')`))
      .execute();
    // Rows written without one (only tests do) tie on the default and fall back to newest first.
    await todos()
      .addColumn('position', bytewise(128), (c) => c.notNull().defaultTo('a0'))
      .execute();
    await todos().addColumn('completed_at', bytewise(32)).execute();
    // Title, notes and labels in lower case, written by the repository: the search view matches
    // it with LIKE, and the same way on both databases (SQLite's lower() folds ASCII only).
    await todos()
      .addColumn('search_key', 'text', (c) => c.notNull().defaultTo(''))
      .execute();

    // The views' queries: a list's (or the Inbox's) open tasks in order, tasks by due time, and
    // the completed ones newest first. The Inbox is `list_id is null` under the owner.
    await db.schema
      .createIndex('todos_list_order')
      .on('todos')
      .columns(['user_id', 'list_id', 'completed', 'position'])
      .execute();
    await db.schema.createIndex('todos_list_id').on('todos').columns(['list_id', 'completed', 'position']).execute();
    await db.schema
      .createIndex('todos_user_due')
      .on('todos')
      .columns(['user_id', 'due_at'])
      .where(sql.ref('completed'), '=', 0)
      .execute();
    await db.schema.createIndex('todos_user_completed_at').on('todos').columns(['user_id', 'completed_at']).execute();
    await db.schema.createIndex('todos_created_by').on('todos').column('created_by').execute();

    await db.schema
      .createTable('todo_task_labels')
      .addColumn('todo_id', 'integer', (c) => c.notNull().references('todos.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      // The name folded to lower case by the server, so 'Work' and 'work' are one label.
      .addColumn('name_key', 'varchar(160)', (c) => c.notNull())
      .addPrimaryKeyConstraint('todo_task_labels_pk', ['todo_id', 'name_key'])
      .execute();
    await db.schema
      .createIndex('todo_task_labels_name')
      .on('todo_task_labels')
      .columns(['name_key', 'todo_id'])
      .execute();
    await db.schema
      .createIndex('todo_task_labels_user')
      .on('todo_task_labels')
      .columns(['user_id', 'name_key'])
      .execute();

    await db.schema
      .createTable('todo_labels')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .addColumn('name_key', 'varchar(160)', (c) => c.notNull())
      .addColumn('colour', 'varchar(16)', (c) => c.notNull())
      .addColumn('position', bytewise(128), (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('todo_labels_pk', ['user_id', 'name_key'])
      .execute();

    await withIdColumn(db.schema.createTable('todo_checklist_items'), dialect)
      .addColumn('todo_id', 'integer', (c) => c.notNull().references('todos.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', bytewise(128), (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('todo_checklist_items_todo')
      .on('todo_checklist_items')
      .columns(['todo_id', 'position'])
      .execute();
    await db.schema.createIndex('todo_checklist_items_user').on('todo_checklist_items').column('user_id').execute();

    await withIdColumn(db.schema.createTable('todo_completions'), dialect)
      .addColumn('todo_id', 'integer', (c) => c.notNull().references('todos.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('completed_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('due_date', 'varchar(10)')
      .execute();
    await db.schema.createIndex('todo_completions_todo').on('todo_completions').columns(['todo_id', 'id']).execute();
    await db.schema.createIndex('todo_completions_user').on('todo_completions').column('user_id').execute();

    await backfill(db);
  };
}

/**
 * Existing to-dos get positions newest first (the order `GET /api/todo` shows), their search
 * text, and completed ones a completion time (their last change is the best there is).
 */
async function backfill(db: Kysely<unknown>) {
  const d = db as Kysely<{
    todos: {
      id: number;
      user_id: number;
      title: string;
      description: string;
      completed: number;
      updated_at: string;
      position: string;
      search_key: string;
      completed_at: string | null;
    };
  }>;
  const rows = await d
    .selectFrom('todos')
    .select(['id', 'user_id', 'title', 'description', 'completed', 'updated_at'])
    .orderBy('user_id')
    .orderBy('id', 'desc')
    .execute();
  const byUser = new Map<number, typeof rows>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  for (const userRows of byUser.values()) {
    const keys = generateNKeysBetween(null, null, userRows.length);
    for (const [i, row] of userRows.entries()) {
      await d
        .updateTable('todos')
        .set({
          position: keys[i] as string,
          search_key: `${row.title}\n${row.description}`.toLowerCase(),
          completed_at: row.completed === 1 ? row.updated_at : null,
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

export async function down016(db: Kysely<unknown>) {
  await db.schema.dropTable('todo_completions').execute();
  await db.schema.dropTable('todo_checklist_items').execute();
  await db.schema.dropTable('todo_labels').execute();
  await db.schema.dropTable('todo_task_labels').execute();
  for (const index of [
    'todos_list_order',
    'todos_list_id',
    'todos_user_due',
    'todos_user_completed_at',
    'todos_created_by',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of [
    'search_key',
    'completed_at',
    'position',
    'recurrence_basis',
    'recurrence',
    'priority',
    'due_at',
    'due_zone',
    'due_time',
    'due_date',
    'created_by',
    'list_id',
  ]) {
    await db.schema.alterTable('todos').dropColumn(column).execute();
  }
  await db.schema.dropTable('todo_list_members').execute();
  await db.schema.dropTable('todo_lists').execute();
}
