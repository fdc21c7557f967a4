import { TODO_UPCOMING_DAYS, type TodoView } from '@site/contract';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { dayWindow, dueColumns } from './due.js';
import { searchKey } from './task-search.js';
import { type ViewRequest, viewPage, viewQueries } from './task-views.repository.js';

/** Saturday 2026-03-14, 06:00 UTC. */
const NOW = Date.parse('2026-03-14T06:00:00Z');

/**
 * Every view's queries (page and open count) start from an index on the user or the list, never a
 * scan of every user's tasks, so a view costs what the caller's tasks cost whatever the table
 * holds (docs/decisions.md, "To-do views at 5,000 tasks"). SQLite: EXPLAIN QUERY PLAN searches
 * todos by an index on user_id or list_id. PostgreSQL, with sequential scans priced out as the
 * planner would at scale: every read of todos is an index scan with a condition, one on user_id
 * or list_id among them. Checked for a caller with nothing shared and for a member of a shared
 * list (the owners filter then has two values).
 */
describe.each(testDatabaseKinds)('to-do view queries use an index on %s', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let listId: number;
  let archivedListId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t.app);
    member = await signUp(t.app);
    const db = t.database.handle.db;
    const at = new Date(NOW).toISOString();
    const list = (name: string, archived: boolean) =>
      db
        .insertInto('todo_lists')
        .values({
          user_id: owner.id,
          name,
          colour: 'gray',
          position: name === 'Shared' ? 'a0' : 'a1',
          archived_at: archived ? at : null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    listId = (await list('Shared', false)).id;
    archivedListId = (await list('Old', true)).id;
    await db
      .insertInto('todo_list_members')
      .values({ list_id: listId, user_id: member.id, role: 'viewer', created_at: at })
      .execute();
    const task = async (userId: number, title: string, list: number | null, date: string | null, completed = false) => {
      const { id } = await db
        .insertInto('todos')
        .values({
          user_id: userId,
          title,
          description: '',
          completed: completed ? 1 : 0,
          created_at: at,
          updated_at: at,
          list_id: list,
          ...dueColumns(date === null ? null : { date, time: null, zone: 'UTC' }),
          completed_at: completed ? at : null,
          search_key: searchKey(title, '', ['Urgent']),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('todo_task_labels')
        .values({ todo_id: id, user_id: userId, name: 'Urgent', name_key: 'urgent' })
        .execute();
    };
    await task(owner.id, 'shared today', listId, '2026-03-14');
    await task(owner.id, 'archived today', archivedListId, '2026-03-14');
    await task(owner.id, 'inbox soon', null, '2026-03-16');
    await task(owner.id, 'inbox done', null, null, true);
    await task(member.id, 'member today', null, '2026-03-13');
    // Another user's 3,000 tasks (dated, labelled, some done), so the tables are large enough for
    // PostgreSQL's planner to choose by selectivity, and statistics as autovacuum would gather
    // them: on a handful of rows, or without statistics, any index or none costs the same to it.
    const crowd = await signUp(t.app);
    for (let i = 0; i < 3000; i += 500) {
      const ids = await db
        .insertInto('todos')
        .values(
          Array.from({ length: 500 }, (_, j) => ({
            user_id: crowd.id,
            title: `crowd ${i + j}`,
            description: '',
            completed: (i + j) % 5 === 0 ? 1 : 0,
            created_at: at,
            updated_at: at,
            ...dueColumns({ date: `2026-03-${String(1 + ((i + j) % 28)).padStart(2, '0')}`, time: null, zone: 'UTC' }),
            search_key: searchKey(`crowd ${i + j}`, '', ['Urgent']),
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('todo_task_labels')
        .values(ids.map(({ id }) => ({ todo_id: id, user_id: crowd.id, name: 'Urgent', name_key: 'urgent' })))
        .execute();
    }
    if (kind === 'postgres') await sql`analyze`.execute(db);
  });
  afterAll(() => t.close());

  const request = (user: TestUser, view: TodoView): ViewRequest => ({
    userId: user.id,
    view,
    listId: view === 'list' ? listId : undefined,
    labelKey: view === 'label' ? 'urgent' : undefined,
    search: view === 'search' ? 'urgent' : undefined,
    window: dayWindow(NOW, 'UTC', view === 'today' ? 1 : TODO_UPCOMING_DAYS),
    limit: 100,
  });

  /** The plan of a compiled query: SQLite's detail lines, or PostgreSQL's nodes (seq scans off). */
  async function plan(query: CompiledQuery): Promise<string[]> {
    const db = t.database.handle.db;
    if (kind === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return rows.map((r) => r.detail);
    }
    return db.connection().execute(async (conn) => {
      await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
      try {
        const { rows } = await conn.executeQuery<{ 'QUERY PLAN': unknown }>(
          CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
        );
        const nodes: string[] = [];
        const walk = (node: Record<string, unknown>) => {
          const on = [node['Relation Name'], node['Index Name']].filter(Boolean).join(' using ');
          nodes.push(`${node['Node Type']} on ${on} cond ${node['Index Cond'] ?? node['Recheck Cond'] ?? '-'}`);
          for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
        };
        const [explained] = (rows[0] as { 'QUERY PLAN': [{ Plan: Record<string, unknown> }] })['QUERY PLAN'];
        walk(explained.Plan);
        return nodes;
      } finally {
        await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
      }
    });
  }

  const views: TodoView[] = ['today', 'upcoming', 'inbox', 'list', 'search', 'completed', 'label'];
  it.each(views)('%s: its page and its count read todos through an index on the user or the list', async (view) => {
    for (const user of [owner, member]) {
      if (view === 'inbox' && user === member) continue;
      const { page, count } = await viewQueries(t.database.handle.db, request(user, view));
      for (const query of [page, count]) {
        const lines = await plan(query);
        const where = `${view} for the ${user === owner ? 'owner' : 'member'}:\n${lines.join('\n')}`;
        // Search finds its words through the full-text index of migration 018: SQLite reads the
        // FTS5 table; PostgreSQL asks the GIN index's expression (by the index, or per row for a
        // user with few tasks, as its planner weighs them).
        if (view === 'search' && kind === 'sqlite') expect(lines.join('\n'), where).toMatch(/todos_search .*:M/);
        if (view === 'search' && kind === 'postgres') expect(query.sql).toContain('todo_search_vector(');
        if (kind === 'sqlite') {
          expect(
            lines.filter((l) => /^SCAN todos\b/.test(l)),
            where,
          ).toEqual([]);
          expect(
            lines.some((l) => /^SEARCH todos USING (COVERING )?INDEX \w+ \((user_id|list_id)[=>< ]/.test(l)),
            where,
          ).toBe(true);
        } else {
          // PostgreSQL names the table on the scan and the index on a bitmap scan beneath it.
          const onTodos = lines.filter((l) => / on todos(_\w+)?( using \w+)? cond/.test(l));
          expect(
            onTodos.filter((l) => l.startsWith('Seq Scan')),
            where,
          ).toEqual([]);
          expect(onTodos.length, where).toBeGreaterThan(0);
          expect(
            onTodos.some((l) => /cond .*\b(user_id|list_id)\b/.test(l)),
            where,
          ).toBe(true);
        }
      }
    }
  });

  it('the due_at bounds keep a date of the farthest zones (UTC+14, UTC−12) in the window of the other', async () => {
    const user = await signUp(t.app);
    const db = t.database.handle.db;
    const at = new Date(NOW).toISOString();
    const dated = (title: string, date: string, zone: string) =>
      db
        .insertInto('todos')
        .values({
          user_id: user.id,
          title,
          description: '',
          completed: 0,
          created_at: at,
          updated_at: at,
          ...dueColumns({ date, time: null, zone }),
        })
        .execute();
    // A date alone is that day wherever one is: 03-14 at UTC−12 starts 12 hours after Kiritimati's
    // 03-14 has ended, and 03-13 at UTC+14 starts 26 hours before the 03-13 of UTC−12 ends.
    await dated('west today', '2026-03-14', 'Etc/GMT+12');
    await dated('east yesterday', '2026-03-13', 'Pacific/Kiritimati');
    const titles = async (view: 'today' | 'upcoming', zone: string) =>
      (
        await viewPage(db, {
          userId: user.id,
          view,
          window: dayWindow(NOW, zone, view === 'today' ? 1 : TODO_UPCOMING_DAYS),
          limit: 100,
        })
      ).rows.map((r) => r.title);
    // 20:00 on 03-14 in Kiritimati; 18:00 on 03-13 at UTC−12.
    expect(await titles('today', 'Pacific/Kiritimati')).toEqual(['east yesterday', 'west today']);
    expect(await titles('upcoming', 'Etc/GMT+12')).toEqual(['east yesterday', 'west today']);
  });

  it('the owners filter keeps what a member of a shared list sees: its tasks, not the archived list’s', async () => {
    const titles = async (user: TestUser, view: TodoView) =>
      (await viewPage(t.database.handle.db, request(user, view))).rows.map((r) => r.title).sort();
    expect(await titles(member, 'today')).toEqual(['member today', 'shared today']);
    expect(await titles(member, 'label')).toEqual(['member today', 'shared today']);
    expect(await titles(member, 'search')).toEqual(['member today', 'shared today']);
    expect(await titles(owner, 'today')).toEqual(['shared today']);
    expect(await titles(owner, 'upcoming')).toEqual(['inbox soon', 'shared today']);
    expect(await titles(owner, 'search')).toEqual(['archived today', 'inbox done', 'inbox soon', 'shared today']);
  });
});
