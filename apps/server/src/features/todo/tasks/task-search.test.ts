import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words018 } from '../../../db/migrations/018_todo_search.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { callAs, okAs } from '../todo.test-support.js';
import { SEARCH_WORD_MAX, searchKey, searchQuery, searchWords } from './task-search.js';

describe('search words (task-search.ts)', () => {
  it('are letters and digits, lower case, without diacritics; the rest separates them', () => {
    expect(searchWords('Café CRÈME, user@example.com 1.5 a-b_c ﬁle Ⅻ İstanbul ΟΔΟΣ')).toEqual([
      'cafe',
      'creme',
      'user',
      'example',
      'com',
      '1',
      '5',
      'a',
      'b',
      'c',
      'file',
      'xii',
      'istanbul',
      'οδοσ',
    ]);
    expect(searchWords('  "*" -- (OR) !&|: ')).toEqual(['or']);
    expect(searchWords('x'.repeat(150))).toEqual(['x'.repeat(SEARCH_WORD_MAX)]);
    expect(searchKey('Call mum', 'About\nthe parcel', ['Phone'])).toBe('call mum about the parcel phone');
  });

  it('are what FTS5 unicode61 finds in the stored text, for every code point; folding twice changes nothing; migration 018 made the same', () => {
    // One row per code point, between two letters: FTS5 must see exactly our words, or the two
    // databases (PostgreSQL takes our words as they are) would answer differently.
    const db = new Database(':memory:');
    try {
      db.exec(`create virtual table f using fts5(k, detail='none', tokenize='unicode61 remove_diacritics 2');
        create virtual table v using fts5vocab(f, 'instance');`);
      const expected = new Map<number, string>();
      const unstable: string[] = [];
      const unlikeMigration: string[] = [];
      const insert = db.prepare('insert into f(rowid, k) values (?, ?)');
      db.transaction(() => {
        // The planes with letters (the CJK extensions of plane 2 are letters alike, left out for time).
        for (let cp = 0x21; cp < 0x20000; cp++) {
          if (cp >= 0xd800 && cp < 0xe000) continue;
          const words = searchWords(`a${String.fromCodePoint(cp)}b`);
          const key = words.join(' ');
          if (searchWords(key).join(' ') !== key) unstable.push(`U+${cp.toString(16)}`);
          if (words018(`a${String.fromCodePoint(cp)}b`).join(' ') !== key) unlikeMigration.push(`U+${cp.toString(16)}`);
          expected.set(cp, [...new Set(words)].sort().join(' '));
          insert.run(cp, key);
        }
      })();
      expect(unstable).toEqual([]);
      // Migration 018 keyed the existing tasks with its own copy of the rule.
      expect(unlikeMigration).toEqual([]);
      const found = new Map<number, string>();
      const rows = db
        .prepare(
          "select doc, group_concat(term, ' ') as terms from (select distinct doc, term from v order by doc, term) group by doc",
        )
        .all() as {
        doc: number;
        terms: string;
      }[];
      for (const { doc, terms } of rows) found.set(doc, terms);
      const differ = [...expected].filter(([cp, words]) => (found.get(cp) ?? '') !== words);
      expect(differ.map(([cp]) => `U+${cp.toString(16)}`)).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('ask for every word as a prefix under each owner, quoted; a text without words asks nothing', () => {
    expect(searchQuery('Café "x"', 'sqlite', [12])).toBe('"0000000012cafe"* AND "0000000012x"*');
    expect(searchQuery('Café "x"', 'postgres', [12])).toBe("'0000000012cafe':* & '0000000012x':*");
    expect(searchQuery('OR caf caf', 'sqlite', [1, 34])).toBe(
      '("0000000001or"* OR "0000000034or"*) AND ("0000000001caf"* OR "0000000034caf"*)',
    );
    expect(searchQuery('caf', 'postgres', [1, 34])).toBe("('0000000001caf':* | '0000000034caf':*)");
    expect(searchQuery('"*" - :&|!()', 'sqlite', [1])).toBeUndefined();
  });
});

/**
 * GET /api/todo/tasks?view=search (docs/api.md#to-do-lists-sharing-and-tasks): one table of
 * searches, the same answers on SQLite (FTS5) and PostgreSQL (GIN).
 */
describe.each(testDatabaseKinds)('to-do search on %s', (kind) => {
  let t: TestApp;
  let ann: TestUser;
  let ben: TestUser;
  const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t)(...args);
  const ok = (...args: Parameters<ReturnType<typeof okAs>>) => okAs(t)(...args);
  const ids: Record<string, number> = {};
  /** The names of the tasks a search finds, newest first. */
  async function search(user: TestUser, q: string): Promise<string[]> {
    const res = await call(user, 'GET', `/api/todo/tasks?view=search&q=${encodeURIComponent(q)}`);
    expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    return res.json().tasks.map((task: { id: number }) => byId.get(task.id) ?? `?${task.id}`);
  }
  const task = async (user: TestUser, name: string, fields: Record<string, unknown>) => {
    ids[name] = (await ok(user, 'POST', '/api/todo/tasks', fields)).id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ann = await signUp(t.app);
    ben = await signUp(t.app);
    await task(ann, 'cafe', { title: 'Café crème', description: 'Buy BEANS', labels: ['Shopping'] });
    await task(ann, 'mum', { title: 'Call mum', description: 'about the parcel', labels: ['Phone'] });
    await task(ann, 'passport', { title: 'Renew passport' });
    await task(ann, 'passage', { title: 'A passage to India' });
    await task(ann, 'mail', { title: 'Mail user@example.com the invoice, 1.5 h' });
    await task(ann, 'greek', { title: 'ΟΔΟΣ Αθηνάς' });
    await task(ann, 'syntax', { title: 'Odd "quoted" (paren) a-b OR c* NEAR d:e & f | g !h' });
    await task(ben, 'ben', { title: 'Café for Ben', labels: ['Shopping'] });
  });
  afterAll(() => t.close());

  const table: [string, string[]][] = [
    ['caf', ['cafe']],
    ['CAFE CREME', ['cafe']],
    ['crème café', ['cafe']],
    ['cafe shopping', ['cafe']],
    ['beans Café', ['cafe']],
    ['PHONE parcel mum', ['mum']],
    ['pass', ['passage', 'passport']],
    ['passp', ['passport']],
    ['renew pass', ['passport']],
    ['example', ['mail']],
    ['invoice 5', ['mail']],
    ['οδος', ['greek']],
    ['ΟΔΟΣ αθηνας', ['greek']],
    ['nowhere', []],
    ['cafe nowhere', []],
    // Query-language syntax is only ever words to look for, never a 500.
    ['"', []],
    ['*', []],
    ['-', []],
    [':', []],
    ['&', []],
    ['|', []],
    ['!', []],
    ['()', []],
    ['"caf', ['cafe']],
    ['caf*', ['cafe']],
    ['caf:*', ['cafe']],
    ['-cafe', ['cafe']],
    ['OR', ['syntax']],
    ['NEAR(d e)', ['syntax']],
    ['quoted OR paren', ['syntax']],
    ['cafe OR mum', []],
    ['!h & f | g', ['syntax']],
    ["it's \\", []],
  ];
  it.each(table)('%j finds %j', async (q, expected) => {
    expect(await search(ann, q)).toEqual(expected.sort((a, b) => (ids[b] ?? 0) - (ids[a] ?? 0)));
  });

  it('follows label renames and deletions, and only ever shows tasks I may see', async () => {
    await ok(ann, 'PATCH', '/api/todo/labels/Phone', { name: 'Telephone' });
    expect(await search(ann, 'phone')).toEqual([]);
    expect(await search(ann, 'teleph')).toEqual(['mum']);
    await ok(ann, 'DELETE', `/api/todo/tasks/${ids.passport}`);
    expect(await search(ann, 'pass')).toEqual(['passage']);
    // Ben's café is his alone, and Ann's are hers.
    expect(await search(ben, 'cafe')).toEqual(['ben']);
    expect(await search(ann, 'cafe')).toEqual(['cafe']);

    // A list Ann shares with Ben: its tasks are found by him while he is a member.
    const list = await ok(ann, 'POST', '/api/todo/lists', { name: 'Shared' });
    await task(ann, 'shared', { title: 'Shared café errand', list_id: list.id });
    expect(await search(ben, 'cafe')).toEqual(['ben']);
    await ok(ann, 'PUT', `/api/todo/lists/${list.id}/members`, { username: ben.username, role: 'viewer' });
    expect(await search(ben, 'cafe')).toEqual(['shared', 'ben']);
    expect(await search(ben, 'errand')).toEqual(['shared']);
    await ok(ann, 'DELETE', `/api/todo/lists/${list.id}/members/${ben.id}`);
    expect(await search(ben, 'cafe')).toEqual(['ben']);
    expect(await search(ann, 'cafe')).toEqual(['shared', 'cafe']);
  });
});
