import {
  checkRecurrence,
  createTodoTaskRequestSchema,
  nextDue,
  ruleAfterCompletion,
  type TodoTask,
  todoTasksQuerySchema,
} from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { freshKeys } from '../todo-keys.js';
import { tasksRepository } from './tasks.repository.js';
import { type TasksService, tasksService } from './tasks.service.js';

/** Saturday 2026-03-14, 06:00 UTC: 01:00 in New York, 15:00 in Tokyo. */
const NOW = Date.parse('2026-03-14T06:00:00Z');

/** docs/api.md#to-do-lists-sharing-and-tasks: the views of GET /api/todo/tasks, on a pinned clock. */
describe.each(testDatabaseKinds)('to-do task views on %s', (kind) => {
  let t: TestApp;
  let service: TasksService;

  beforeAll(async () => {
    t = await createTestApp(kind);
    service = tasksService(tasksRepository(t.database.handle), {
      now: () => NOW,
      nextDue,
      checkRecurrence,
      ruleAfterCompletion,
    });
  });
  afterAll(() => t.close());

  const create = (user: TestUser, fields: Record<string, unknown>) =>
    service.create(user.id, createTodoTaskRequestSchema.parse(fields));
  const view = (user: TestUser, query: Record<string, unknown>) =>
    service.tasks(user.id, todoTasksQuerySchema.parse(query));
  const titles = (tasks: TodoTask[]) => tasks.map((x) => x.title);
  /** Every page of a view, following the cursors. */
  async function allPages(user: TestUser, query: Record<string, unknown>) {
    const pages: TodoTask[][] = [];
    let cursor: string | null | undefined;
    do {
      const page = await view(user, { ...query, ...(cursor ? { cursor } : {}) });
      pages.push(page.tasks);
      cursor = page.next_cursor;
    } while (cursor);
    return pages;
  }

  it('today: due today or before in the caller’s zone, overdue first; not tomorrow, undated or completed', async () => {
    const user = await signUp(t.app);
    const ny = (date: string, time: string | null = null) => ({ date, time, zone: 'America/New_York' });
    await create(user, { title: 'tomorrow', due: ny('2026-03-15') });
    await create(user, { title: 'late today', due: ny('2026-03-14', '23:00') });
    await create(user, { title: 'today', due: ny('2026-03-14') });
    await create(user, { title: 'overdue', due: ny('2026-03-12', '08:00') });
    await create(user, { title: 'undated' });
    const done = await create(user, { title: 'done today', due: ny('2026-03-14') });
    await service.complete(user.id, done.id, true);

    const inNewYork = await view(user, { view: 'today', tz: 'America/New_York' });
    expect(titles(inNewYork.tasks)).toEqual(['overdue', 'today', 'late today']);
    expect(inNewYork.open_count).toBe(3);
    // A date alone is that day wherever one is; a time is a moment: New York's 23:00 is
    // already the 15th in Tokyo.
    expect(titles((await view(user, { view: 'today', tz: 'Asia/Tokyo' })).tasks)).toEqual(['overdue', 'today']);
    // It is still the 13th in Los Angeles (22:00): only the overdue task.
    expect(titles((await view(user, { view: 'today', tz: 'America/Los_Angeles' })).tasks)).toEqual(['overdue']);
  });

  it('upcoming: today and the next 13 days in due order, not overdue, not day 14', async () => {
    const user = await signUp(t.app);
    const utc = (date: string, time: string | null = null) => ({ date, time, zone: 'UTC' });
    await create(user, { title: 'day 14', due: utc('2026-03-28') });
    await create(user, { title: 'day 13', due: utc('2026-03-27', '23:59') });
    await create(user, { title: 'day 1', due: utc('2026-03-15') });
    await create(user, { title: 'today', due: utc('2026-03-14', '12:00') });
    await create(user, { title: 'yesterday', due: utc('2026-03-13') });
    expect(titles((await view(user, { view: 'upcoming', tz: 'UTC' })).tasks)).toEqual(['today', 'day 1', 'day 13']);
  });

  it('completed: newest completed first, paged by cursor without gaps or repeats', async () => {
    const user = await signUp(t.app);
    for (let i = 1; i <= 5; i++) {
      const task = await create(user, { title: `done ${i}` });
      await t.database.handle.db
        .updateTable('todos')
        .set({ completed: 1, completed_at: `2026-03-0${i}T10:00:00.000Z` })
        .where('id', '=', task.id)
        .execute();
    }
    await create(user, { title: 'still open' });
    const pages = await allPages(user, { view: 'completed', limit: 2 });
    expect(pages.map(titles)).toEqual([['done 5', 'done 4'], ['done 3', 'done 2'], ['done 1']]);
    expect((await view(user, { view: 'completed' })).open_count).toBe(1);
  });

  it('inbox: manual order in pages of at most 200, the same order as one long page', async () => {
    const user = await signUp(t.app);
    const keys = freshKeys(250);
    const now = new Date(NOW).toISOString();
    // Half the rows share a key: ties fall back to newest first, and the cursor must keep them apart.
    const rows = keys.map((key, i) => ({
      user_id: user.id,
      title: `task ${String(i).padStart(3, '0')}`,
      description: '',
      completed: 0,
      created_at: now,
      updated_at: now,
      position: i % 2 === 0 ? key : (keys[i - 1] as string),
    }));
    await t.database.handle.db.insertInto('todos').values(rows).execute();
    const pages = await allPages(user, { view: 'inbox' });
    expect(pages.map((p) => p.length)).toEqual([100, 100, 50]);
    const whole = (await view(user, { view: 'inbox', limit: 200 })).tasks;
    expect(
      pages
        .flat()
        .slice(0, 200)
        .map((x) => x.id),
    ).toEqual(whole.map((x) => x.id));
    expect(new Set(pages.flat().map((x) => x.id)).size).toBe(250);
    expect((await view(user, { view: 'inbox', limit: 1 })).open_count).toBe(250);
  });

  // task-search.test.ts holds the full table of queries; this is the view's wiring.
  it('search: words of titles, notes and labels as prefixes, any case or accent; punctuation alone finds nothing', async () => {
    const user = await signUp(t.app);
    await create(user, { title: 'Été à Paris' });
    await create(user, { title: 'Groceries', description: 'Remember the CHEESE' });
    await create(user, { title: 'Call mum', labels: ['Phone'] });
    await create(user, { title: '100% done' });
    await create(user, { title: '1000 steps' });
    const search = async (q: string) => titles((await view(user, { view: 'search', q })).tasks);
    expect(await search('ete a')).toEqual(['Été à Paris']);
    expect(await search('cheese')).toEqual(['Groceries']);
    expect(await search('phone')).toEqual(['Call mum']);
    // Newest first; '%' is no word, so '100%' is the prefix '100'.
    expect(await search('100%')).toEqual(['1000 steps', '100% done']);
    expect(await search('100 done')).toEqual(['100% done']);
    expect(await search('_%')).toEqual([]);
  });

  it('search: pages newest first by cursor, each with the open matches of all pages, also past the last', async () => {
    const user = await signUp(t.app);
    const made = [];
    for (const n of [1, 2, 3, 4, 5]) made.push(await create(user, { title: `invoice ${n}` }));
    await create(user, { title: 'other' });
    await service.complete(user.id, made[1]!.id, true);
    const pages = await allPages(user, { view: 'search', q: 'invoice', limit: 2 });
    expect(pages.map(titles)).toEqual([['invoice 5', 'invoice 4'], ['invoice 3', 'invoice 2'], ['invoice 1']]);
    const second = await view(user, { view: 'search', q: 'invoice', limit: 2 });
    expect(second.open_count).toBe(4);
    const next = await view(user, { view: 'search', q: 'invoice', limit: 2, cursor: second.next_cursor });
    expect(next.open_count).toBe(4);
    // A cursor before the last page, whose task is deleted meanwhile: an empty page, and the count still.
    await service.remove(user.id, made[0]!.id);
    const after = Buffer.from(JSON.stringify([null, made[0]!.id + 1])).toString('base64url');
    expect(await view(user, { view: 'search', q: 'invoice', limit: 2, cursor: after })).toEqual({
      tasks: [],
      next_cursor: null,
      open_count: 3,
    });
  });

  it('label: the open tasks I can see with the label, whatever its case', async () => {
    const user = await signUp(t.app);
    await create(user, { title: 'a', labels: ['Work'] });
    await create(user, { title: 'b', labels: ['work', 'home'] });
    await create(user, { title: 'c', labels: ['home'] });
    expect(titles((await view(user, { view: 'label', label: 'WORK' })).tasks).sort()).toEqual(['a', 'b']);
    await expect(view(user, { view: 'label', label: 'never used' })).rejects.toMatchObject({
      statusCode: 404,
      message: 'No label with that name',
    });
  });

  it('refuses a cursor it did not make (400) and a list I cannot see (404)', async () => {
    const user = await signUp(t.app);
    await expect(view(user, { view: 'inbox', cursor: 'not-a-cursor' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(view(user, { view: 'list', list_id: 999_999 })).rejects.toMatchObject({ statusCode: 404 });
  });
});
