import { TODO_EXPORT_COLUMNS } from '@site/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { callAs, okAs } from '../todo.test-support.js';

/** Wednesday 2026-03-04 12:00 UTC. */
const NOW = Date.parse('2026-03-04T12:00:00Z');

/**
 * A Todoist CSV as Todoist writes it (its help page "Format a CSV file to import into Todoist"):
 * a byte-order mark, the ten columns, CRLF lines, RFC 4180 quoting (a comma, a doubled quote and a
 * line break inside quotes), a section, a note under its task, a sub-task, an empty row.
 */
const TODOIST_CSV = [
  '\uFEFFTYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE',
  'section,Errands,,,,,,,,',
  'task,Buy milk @shopping @errands,"2 litres, semi-skimmed",4,1,Ann (12345678),,every monday,en,Europe/London',
  'note,"Check the ""organic"" one",,,,Ann (12345678),,,,',
  'task,"Call mum, about Sunday","Ask about\r\nthe train",1,1,Ann (12345678),,Jan 5 2027 6pm,en,America/New_York',
  'task,Pack the charger,,3,2,Ann (12345678),Ben (87654321),,en,',
  ',,,,,,,,,',
  'task,Dentist,,2,1,Ann (12345678),,whenever it suits,en,Europe/London',
  'task,Backlog item,,,1,,,,,',
  'task,Water the cactus,,4,1,,,every! 3 days,en,UTC',
  '',
].join('\r\n');

type Row = Record<string, string>;
const rowsOf = (csv: string): Row[] => parse(csv, { columns: true, bom: true }) as Row[];

/** docs/api.md#calendar-feed-import-and-export: the CSV export and the three import formats. */
describe.each(testDatabaseKinds)('to-do export and import on %s', (kind) => {
  let t: TestApp;
  const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t)(...args);
  const ok = (...args: Parameters<ReturnType<typeof okAs>>) => okAs(t)(...args);
  const snapshot = () => snapshotDatabase(t.database.handle, { exclude: ['sessions'] });
  const exportOf = async (user: TestUser) => {
    const res = await call(user, 'GET', '/api/todo/export.csv');
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  /** The user's tasks (Inbox, every list, completed) by title. */
  const tasksOf = async (user: TestUser) => {
    const lists = (await ok(user, 'GET', '/api/todo/lists')).lists as { id: number }[];
    const views = ['view=inbox', 'view=completed', ...lists.map((list) => `view=list&list_id=${list.id}`)];
    const all: Record<string, unknown>[] = [];
    for (const view of views) all.push(...(await ok(user, 'GET', `/api/todo/tasks?${view}&limit=200`)).tasks);
    return new Map(all.map((task) => [task.title as string, task]));
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('exports every task I own as CSV, formulas defused, and nobody else’s', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const home = (await ok(alice, 'POST', '/api/todo/lists', { name: 'Home' })).id;
    await ok(alice, 'POST', '/api/todo/tasks', {
      title: '=HYPERLINK("http://evil.example","click")',
      description: '+1 for this, "quoted", and a comma',
      list_id: home,
      labels: ['@risk', 'plain'],
      priority: 2,
      due: { date: '2026-03-09', time: '09:00', zone: 'America/New_York' },
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO', basis: 'due' },
    });
    const done = await ok(alice, 'POST', '/api/todo/tasks', { title: '-minus first' });
    await ok(alice, 'POST', `/api/todo/tasks/${done.id}/complete`, { completed: true });
    await ok(bob, 'POST', '/api/todo/tasks', { title: `${bob.username} secret` });

    const res = await exportOf(alice);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="todo-2026-03-04.csv"');
    expect(res.body.split('\r\n')[0]).toBe(TODO_EXPORT_COLUMNS.join(','));
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      title: '\'=HYPERLINK("http://evil.example","click")',
      description: '\'+1 for this, "quoted", and a comma',
      list: 'Home',
      labels: "'@risk, plain",
      priority: '2',
      due_date: '2026-03-09',
      due_time: '09:00',
      due_zone: 'America/New_York',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      completed: 'false',
      completed_at: '',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(rows[1]).toMatchObject({ title: "'-minus first", list: '', completed: 'true', due_date: '' });
    expect(rows[1]?.completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.body).not.toContain(bob.username);
    expect((await exportOf(bob)).body).not.toContain('HYPERLINK');
  });

  it('round-trips: an export imported by someone with the same lists gives the same tasks', async () => {
    const alice = await signUp(t.app);
    const carol = await signUp(t.app);
    for (const user of [alice, carol]) {
      for (const name of ['Home', 'Work']) await ok(user, 'POST', '/api/todo/lists', { name });
    }
    const lists = new Map<string, number>(
      (await ok(alice, 'GET', '/api/todo/lists')).lists.map((l: { name: string; id: number }) => [l.name, l.id]),
    );
    await ok(alice, 'POST', '/api/todo/tasks', {
      title: 'Pay rent',
      description: 'Line one\nline two, "quoted"',
      list_id: lists.get('Home'),
      labels: ['bills', 'Money'],
      priority: 1,
      due: { date: '2026-04-01', time: '09:00', zone: 'Europe/Paris' },
      recurrence: { rule: 'FREQ=MONTHLY;BYMONTHDAY=1', basis: 'due' },
    });
    await ok(alice, 'POST', '/api/todo/tasks', {
      title: '@mention = not a formula',
      list_id: lists.get('Work'),
      due: { date: '2026-03-20', zone: 'UTC' },
      priority: 3,
    });
    await ok(alice, 'POST', '/api/todo/tasks', { title: 'Inbox idea' });
    const done = await ok(alice, 'POST', '/api/todo/tasks', { title: 'Finished', labels: ['old'] });
    await ok(alice, 'POST', `/api/todo/tasks/${done.id}/complete`, { completed: true });

    const exported = (await exportOf(alice)).body;
    const imported = await ok(carol, 'POST', '/api/todo/import', { format: 'csv', content: exported });
    expect(imported).toEqual({ created: 4, skipped: [] });
    const strip = (rows: Row[]) => rows.map(({ created_at: _c, ...row }) => row);
    expect(strip(rowsOf((await exportOf(carol)).body))).toEqual(strip(rowsOf(exported)));
    const rent = (await tasksOf(carol)).get('Pay rent');
    expect(rent).toMatchObject({
      labels: ['bills', 'Money'],
      priority: 1,
      due: { date: '2026-04-01', time: '09:00', zone: 'Europe/Paris' },
      recurrence: { rule: 'FREQ=MONTHLY;BYMONTHDAY=1', basis: 'due' },
    });
  });

  it('reads a Todoist CSV: BOM, quoting, labels, priorities, dates in their zone, notes; reports the rest', async () => {
    const dana = await signUp(t.app);
    const res = await ok(dana, 'POST', '/api/todo/import', { format: 'todoist-csv', content: TODOIST_CSV });
    expect(res).toEqual({
      created: 5,
      skipped: [
        { line: 2, reason: 'Section “Errands”: sections are not kept, their tasks are' },
        { line: 9, reason: 'Due date “whenever it suits” not understood' },
      ],
    });
    const tasks = await tasksOf(dana);
    expect([...tasks.keys()].sort()).toEqual([
      'Backlog item',
      'Buy milk',
      'Call mum, about Sunday',
      'Pack the charger',
      'Water the cactus',
    ]);
    // "every!" repeats from completion.
    expect(tasks.get('Water the cactus')).toMatchObject({
      due: { date: '2026-03-04', time: null, zone: 'UTC' },
      recurrence: { rule: 'FREQ=DAILY;INTERVAL=3', basis: 'completion' },
    });
    expect(tasks.get('Buy milk')).toMatchObject({
      list_id: null,
      description: '2 litres, semi-skimmed\n\nCheck the "organic" one',
      labels: ['errands', 'shopping'],
      priority: 4,
      due: { date: '2026-03-09', time: null, zone: 'Europe/London' },
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO', basis: 'due' },
      completed: false,
    });
    expect(tasks.get('Call mum, about Sunday')).toMatchObject({
      description: 'Ask about\nthe train',
      priority: 1,
      due: { date: '2027-01-05', time: '18:00', zone: 'America/New_York' },
      recurrence: null,
    });
    expect(tasks.get('Pack the charger')).toMatchObject({ priority: 3, due: null });
    // An empty PRIORITY is p1, as Todoist's help page says.
    expect(tasks.get('Backlog item')).toMatchObject({ priority: 1, due: null, labels: [] });
    expect((await ok(dana, 'GET', '/api/todo/labels')).labels.map((l: { name: string }) => l.name).sort()).toEqual([
      'errands',
      'shopping',
    ]);
  });

  it('reads plain lines as quick-add lines, list markers and ticked boxes included', async () => {
    const erin = await signUp(t.app);
    const reading = (await ok(erin, 'POST', '/api/todo/lists', { name: 'Reading' })).id;
    const garden = (await ok(erin, 'POST', '/api/todo/lists', { name: 'Garden' })).id;
    const content = [
      '- [ ] Water plants tomorrow 8am @home p2',
      '- [x] Filed taxes',
      '* Read a book #reading',
      '',
      '   ',
      'Stretch every day',
      'Buy stamps #Nowhere',
      '+ [X] Old thing #Inbox',
    ].join('\n');
    const res = await ok(erin, 'POST', '/api/todo/import', {
      format: 'text',
      content,
      list_id: garden,
      tz: 'Europe/Paris',
    });
    expect(res).toEqual({ created: 5, skipped: [{ line: 7, reason: 'No list named “Nowhere”' }] });
    const tasks = await tasksOf(erin);
    expect(tasks.get('Water plants')).toMatchObject({
      list_id: garden,
      labels: ['home'],
      priority: 2,
      due: { date: '2026-03-05', time: '08:00', zone: 'Europe/Paris' },
      completed: false,
    });
    expect(tasks.get('Filed taxes')).toMatchObject({ list_id: garden, completed: true });
    expect(tasks.get('Filed taxes')?.completed_at).toBe(new Date(NOW).toISOString());
    expect(tasks.get('Read a book')).toMatchObject({ list_id: reading, priority: 4 });
    expect(tasks.get('Stretch')).toMatchObject({
      recurrence: { rule: 'FREQ=DAILY', basis: 'due' },
      due: { date: '2026-03-04', zone: 'Europe/Paris' },
    });
    expect(tasks.get('Old thing')).toMatchObject({ list_id: null, completed: true });
    // In the order given, at the bottom of the list.
    const order = (await ok(erin, 'GET', `/api/todo/tasks?view=list&list_id=${garden}`)).tasks.map(
      (task: { title: string }) => task.title,
    );
    expect(order).toEqual(['Water plants', 'Stretch']);
  });

  it.each([
    ['an unknown format', { format: 'xml', content: 'x' }, 400, 'Format must be one of: todoist-csv, csv, text'],
    ['empty content', { format: 'text', content: '' }, 400, 'Content is required'],
    [
      'content over the limit',
      { format: 'text', content: 'x'.repeat(1_000_001) },
      400,
      'Content must be at most 1,000,000 characters',
    ],
    [
      'a CSV without TYPE',
      { format: 'todoist-csv', content: 'CONTENT,DATE\r\nMilk,today\r\n' },
      400,
      "The CSV's header lacks TYPE",
    ],
    ['a broken CSV', { format: 'csv', content: 'title\r\n"unclosed\r\n' }, 400, 'Not a CSV file'],
    ['a bad zone', { format: 'text', content: 'x', tz: 'Mars/Olympus' }, 400, 'Time zone must be an IANA time zone'],
  ])('refuses %s with %i and changes nothing', async (_name, body, status, message) => {
    const fay = await signUp(t.app);
    const before = await snapshot();
    const res = await call(fay, 'POST', '/api/todo/import', body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses, all or nothing, an import past the to-do cap and says how many fit', async () => {
    const gil = await signUp(t.app);
    await ok(gil, 'POST', '/api/todo/tasks', { title: 'Already here' });
    const content = Array.from({ length: 5000 }, (_, i) => `Task ${i + 1}`).join('\n');
    const before = await snapshot();
    const res = await call(gil, 'POST', '/api/todo/import', { format: 'text', content });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      'You can have at most 5,000 to-dos. Delete some to add more. This import has 5,000 tasks; 4,999 fit.',
    );
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  it('imports into a list I edit, and not into one I only view or cannot see', async () => {
    const owner = await signUp(t.app);
    const editor = await signUp(t.app);
    const viewer = await signUp(t.app);
    const stranger = await signUp(t.app);
    const list = (await ok(owner, 'POST', '/api/todo/lists', { name: 'Shared' })).id;
    await ok(owner, 'PUT', `/api/todo/lists/${list}/members`, { username: editor.username, role: 'editor' });
    await ok(owner, 'PUT', `/api/todo/lists/${list}/members`, { username: viewer.username, role: 'viewer' });
    const body = { format: 'text', content: 'From a member', list_id: list };
    const before = await snapshot();
    expect((await call(viewer, 'POST', '/api/todo/import', body)).statusCode).toBe(403);
    expect((await call(stranger, 'POST', '/api/todo/import', body)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(await ok(editor, 'POST', '/api/todo/import', body)).toEqual({ created: 1, skipped: [] });
    // The task is the list owner's (their cap, their export), added by the editor.
    const rows = rowsOf((await exportOf(owner)).body);
    expect(rows.map((r) => [r.title, r.list])).toEqual([['From a member', 'Shared']]);
    expect(rowsOf((await exportOf(editor)).body)).toEqual([]);
  });

  it('imports hundreds of tasks into two lists in batches: order, labels, search and positions as one by one', async () => {
    const hana = await signUp(t.app);
    const home = (await ok(hana, 'POST', '/api/todo/lists', { name: 'Home' })).id;
    const work = (await ok(hana, 'POST', '/api/todo/lists', { name: 'Work' })).id;
    const first = {
      [home]: await ok(hana, 'POST', '/api/todo/tasks', { title: 'Already home', list_id: home }),
      [work]: await ok(hana, 'POST', '/api/todo/tasks', { title: 'Already work', list_id: work }),
    };
    // 600 tasks (more than one INSERT of tasks) with 3 or 4 labels each (more than one of labels).
    const count = 600;
    const title = (i: number) => `Item ${String(i).padStart(3, '0')}${i % 7 === 0 ? ' quokka' : ''}`;
    const labelsOf = (i: number) => [`tag${i % 3}`, `set${i % 4}`, 'all', ...(i % 5 === 0 ? ['Urgent'] : [])];
    const listOf = (i: number) => (i % 2 === 0 ? home : work);
    const done = (i: number) => i % 10 === 3;
    const content = Array.from(
      { length: count },
      (_, i) =>
        `- [${done(i) ? 'x' : ' '}] ${title(i)} ${labelsOf(i)
          .map((l) => `@${l}`)
          .join(' ')}${i % 2 === 1 ? ' #Work' : ''}`,
    ).join('\n');
    expect(await ok(hana, 'POST', '/api/todo/import', { format: 'text', content, list_id: home })).toEqual({
      created: count,
      skipped: [],
    });

    type Task = { id: number; title: string; labels: string[]; position: string; list_id: number; completed: boolean };
    const all = async (query: string) => {
      const found: Task[] = [];
      let cursor = '';
      do {
        const page = await ok(hana, 'GET', `/api/todo/tasks?${query}&limit=200${cursor}`);
        found.push(...page.tasks);
        cursor = page.next_cursor ? `&cursor=${encodeURIComponent(page.next_cursor)}` : '';
      } while (cursor);
      return found;
    };
    const indexOf = (task: Task) => Number(task.title.slice(5, 8));
    for (const list of [home, work]) {
      const open = await all(`view=list&list_id=${list}`);
      const completed = await all(`view=completed&list_id=${list}`);
      const expected = Array.from({ length: count }, (_, i) => i).filter((i) => listOf(i) === list);
      // The open ones in the order given, after the task that was there.
      expect(open.map((task) => task.title)).toEqual([
        first[list].title,
        ...expected.filter((i) => !done(i)).map(title),
      ]);
      expect(completed.map((task) => task.title).sort()).toEqual(expected.filter(done).map(title).sort());
      // Every imported task's key after the list's end, growing in the order given, open or done.
      const imported = [...open.slice(1), ...completed].sort((a, b) => indexOf(a) - indexOf(b));
      expect(imported.map(indexOf)).toEqual(expected);
      const keys = [first[list].position, ...imported.map((task) => task.position)];
      for (let k = 1; k < keys.length; k++) expect((keys[k] as string) > (keys[k - 1] as string)).toBe(true);
      for (const task of imported) {
        expect(task.list_id).toBe(list);
        expect(task.completed).toBe(done(indexOf(task)));
        expect(task.labels).toEqual([...labelsOf(indexOf(task))].sort((a, b) => a.localeCompare(b)));
      }
    }
    // The search index holds every imported task's title and labels.
    const titles = async (q: string) => (await all(`view=search&q=${q}`)).map((task) => task.title).sort();
    const range = Array.from({ length: count }, (_, i) => i);
    expect(await titles('quokka')).toEqual(
      range
        .filter((i) => i % 7 === 0)
        .map(title)
        .sort(),
    );
    expect(await titles('urgent')).toEqual(
      range
        .filter((i) => i % 5 === 0)
        .map(title)
        .sort(),
    );
    expect(await titles('item%20tag2%20set1')).toEqual(
      range
        .filter((i) => i % 3 === 2 && i % 4 === 1)
        .map(title)
        .sort(),
    );
    expect((await ok(hana, 'GET', '/api/todo/labels')).labels.map((l: { name: string }) => l.name).sort()).toEqual(
      ['all', 'set0', 'set1', 'set2', 'set3', 'tag0', 'tag1', 'tag2', 'Urgent'].sort(),
    );
  }, 60_000);
});
