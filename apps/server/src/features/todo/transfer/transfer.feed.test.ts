import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../../test/test-databases.js';
import { callAs, okAs } from '../todo.test-support.js';

/** Wednesday 2026-03-04 12:00 UTC: New York changes to daylight time on Sunday the 8th. */
const NOW = Date.parse('2026-03-04T12:00:00Z');

/** The VTODOs of a feed, by SUMMARY. */
function vtodos(body: string): Map<string, ICAL.Component> {
  const calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  return new Map(
    calendar.getAllSubcomponents('vtodo').map((todo) => [String(todo.getFirstPropertyValue('summary')), todo]),
  );
}

const value = (todo: ICAL.Component | undefined, name: string) => todo?.getFirstPropertyValue(name);
const timeText = (todo: ICAL.Component | undefined, name: string) => String(value(todo, name));

/** docs/api.md#calendar-feed-import-and-export: the private iCalendar feed. */
describe.each(routeTestDatabaseKinds)('to-do calendar feed on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t)(...args);
  const ok = (...args: Parameters<ReturnType<typeof okAs>>) => okAs(t)(...args);
  const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: new URL(url).pathname, headers });

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());
  // Only the date is pinned: nothing here waits on a timer.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('makes, shows, replaces and revokes the secret address; only its digest is stored', async () => {
    expect(await ok(alice, 'GET', '/api/todo/feed')).toEqual({ url: null, active: false, created_at: null });
    const first = await ok(alice, 'POST', '/api/todo/feed');
    expect(first).toEqual({ url: expect.any(String), active: true, created_at: new Date(NOW).toISOString() });
    expect(first.url).toMatch(/^http:\/\/localhost(:80)?\/api\/todo\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await ok(alice, 'GET', '/api/todo/feed')).toEqual({ url: null, active: true, created_at: first.created_at });
    expect((await fetchFeed(first.url)).statusCode).toBe(200);

    const secret = first.url.match(/feed\/(.+)\.ics$/)[1] as string;
    const rows = await t.database.handle.db.selectFrom('todo_feeds').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);

    const second = await ok(alice, 'POST', '/api/todo/feed');
    expect(second.url).not.toBe(first.url);
    expect((await fetchFeed(first.url)).statusCode).toBe(404);
    expect((await fetchFeed(second.url)).statusCode).toBe(200);

    expect(await ok(alice, 'DELETE', '/api/todo/feed')).toEqual({ url: null, active: false, created_at: null });
    expect((await fetchFeed(second.url)).statusCode).toBe(404);
    expect(await ok(alice, 'GET', '/api/todo/feed')).toMatchObject({ active: false });
  });

  it('answers 404 alike for a guess, a malformed secret and a revoked one; the feed calls need a session', async () => {
    for (const path of ['/api/todo/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', '/api/todo/feed/short.ics']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 404, message: 'Feed not found' });
    }
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: '/api/todo/feed' })).statusCode).toBe(401);
    }
  });

  it('has one VTODO per open task with a due date the user can see, every field as stored', async () => {
    const home = (await ok(alice, 'POST', '/api/todo/lists', { name: 'Home' })).id;
    const dated = await ok(alice, 'POST', '/api/todo/tasks', {
      title: 'Pay rent',
      description: 'From savings; line two, with a comma',
      list_id: home,
      due: { date: '2026-03-10', zone: 'Europe/Paris' },
      priority: 1,
      labels: ['bills', 'money'],
    });
    // 09:00 in New York the day before and the day after the clocks change.
    const before = await ok(alice, 'POST', '/api/todo/tasks', {
      title: 'Standup before',
      due: { date: '2026-03-07', time: '09:00', zone: 'America/New_York' },
      priority: 2,
    });
    await ok(alice, 'POST', '/api/todo/tasks', {
      title: 'Standup after',
      due: { date: '2026-03-09', time: '09:00', zone: 'America/New_York' },
      priority: 3,
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO', basis: 'due' },
    });
    await ok(alice, 'POST', '/api/todo/tasks', { title: 'No date' });
    const done = await ok(alice, 'POST', '/api/todo/tasks', {
      title: 'Done already',
      due: { date: '2026-03-05', zone: 'UTC' },
    });
    await ok(alice, 'POST', `/api/todo/tasks/${done.id}/complete`, { completed: true });
    // Bob shares a list with alice: its tasks are in her feed.
    const shared = (await ok(bob, 'POST', '/api/todo/lists', { name: 'Bob shares' })).id;
    await ok(bob, 'PUT', `/api/todo/lists/${shared}/members`, { username: alice.username, role: 'viewer' });
    await ok(bob, 'POST', '/api/todo/tasks', {
      title: 'Shared chore',
      list_id: shared,
      due: { date: '2026-03-12', zone: 'UTC' },
    });
    await ok(bob, 'POST', '/api/todo/tasks', { title: 'Bob private', due: { date: '2026-03-12', zone: 'UTC' } });

    const { url } = await ok(alice, 'POST', '/api/todo/feed');
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.body).toContain('\r\n');
    const todos = vtodos(res.body);
    expect([...todos.keys()].sort()).toEqual(['Pay rent', 'Shared chore', 'Standup after', 'Standup before']);

    const rent = todos.get('Pay rent');
    expect(value(rent, 'uid')).toBe(`todo-${dated.id}@localhost${new URL(url).port ? `:${new URL(url).port}` : ''}`);
    expect(value(rent, 'description')).toBe('From savings; line two, with a comma');
    const due = rent?.getFirstPropertyValue('due') as ICAL.Time;
    expect(due.isDate).toBe(true);
    expect(due.toString()).toBe('2026-03-10');
    expect(value(rent, 'priority')).toBe(1);
    expect(rent?.getFirstProperty('categories')?.getValues()).toEqual(['bills', 'money', 'Home']);
    expect(value(rent, 'status')).toBe('NEEDS-ACTION');
    expect(value(rent, 'rrule')).toBeNull();
    expect(timeText(rent, 'dtstamp')).toBe(new Date(dated.updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(timeText(rent, 'last-modified')).toBe(timeText(rent, 'dtstamp'));

    const early = todos.get('Standup before');
    expect(value(early, 'uid')).toMatch(new RegExp(`^todo-${before.id}@`));
    expect((value(early, 'due') as ICAL.Time | undefined)?.isDate).toBe(false);
    // EST (UTC−5) before the change, EDT (UTC−4) after it.
    expect(timeText(early, 'due')).toBe('2026-03-07T14:00:00Z');
    expect(value(early, 'priority')).toBe(5);
    expect(value(early, 'description')).toBeNull();
    expect(early?.getFirstProperty('categories')?.getValues()).toEqual(['Inbox']);
    const late = todos.get('Standup after');
    expect(timeText(late, 'due')).toBe('2026-03-09T13:00:00Z');
    expect(value(late, 'priority')).toBe(9);
    expect(String(value(late, 'rrule'))).toBe('FREQ=WEEKLY;BYDAY=MO');

    // No priority (p4): no PRIORITY at all.
    expect(value(todos.get('Shared chore'), 'priority')).toBeNull();
    expect(todos.get('Shared chore')?.getFirstProperty('categories')?.getValues()).toEqual(['Bob shares']);

    // Bob's own feed has his tasks and never alice's.
    const bobs = vtodos((await fetchFeed((await ok(bob, 'POST', '/api/todo/feed')).url)).body);
    expect([...bobs.keys()].sort()).toEqual(['Bob private', 'Shared chore']);
  });

  it('sends an ETag and answers 304 to it until a task changes', async () => {
    const task = await ok(alice, 'POST', '/api/todo/tasks', {
      title: 'Etag me',
      due: { date: '2026-04-01', zone: 'UTC' },
    });
    const { url } = await ok(alice, 'POST', '/api/todo/feed');
    const first = await fetchFeed(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await fetchFeed(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await fetchFeed(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    vi.setSystemTime(NOW + 60_000);
    await ok(alice, 'PATCH', `/api/todo/tasks/${task.id}`, { title: 'Etag me, renamed' });
    const changed = await fetchFeed(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(vtodos(changed.body).has('Etag me, renamed')).toBe(true);
  });

  it('is gone with the account', async () => {
    const carol = await signUp(t.app);
    const { url } = await ok(carol, 'POST', '/api/todo/feed');
    const res = await call(carol, 'POST', '/api/account/delete', { password: 'correct horse battery' });
    expect(res.statusCode).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });
});
