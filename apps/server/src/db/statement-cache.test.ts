import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheStatements } from './statement-cache.js';

describe('cacheStatements', () => {
  it('prepares each SQL text once and reuses the statement', () => {
    const db = cacheStatements(new SqliteDatabase(':memory:'));
    db.prepare('create table t (id integer primary key, name text)').run();
    const insert = db.prepare('insert into t (name) values (?)');
    expect(db.prepare('insert into t (name) values (?)')).toBe(insert);
    insert.run('a');
    db.prepare('insert into t (name) values (?)').run('b');
    expect(db.prepare('select name from t order by id').all()).toEqual([{ name: 'a' }, { name: 'b' }]);
    db.close();
  });

  it('keeps working after the schema changes under a cached statement', () => {
    const db = cacheStatements(new SqliteDatabase(':memory:'));
    db.prepare('create table t (id integer primary key)').run();
    db.prepare('insert into t default values').run();
    const select = 'select * from t';
    expect(db.prepare(select).all()).toEqual([{ id: 1 }]);
    db.prepare("alter table t add column note text default 'x'").run();
    expect(db.prepare(select).all()).toEqual([{ id: 1, note: 'x' }]);
    db.close();
  });

  it('does not cache a statement that failed to prepare', () => {
    const db = cacheStatements(new SqliteDatabase(':memory:'));
    expect(() => db.prepare('select * from missing')).toThrow(/no such table/);
    db.prepare('create table missing (id integer)').run();
    expect(db.prepare('select * from missing').all()).toEqual([]);
    db.close();
  });
});
