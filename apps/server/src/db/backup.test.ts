import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupError, databaseInUse, pruneBackups, restoreSnapshot, snapshotName, takeBackup } from './backup.js';
import { openDatabase, sqliteFileIn } from './database.js';

const require = createRequire(import.meta.url);
const Sqlite = require('better-sqlite3') as typeof SqliteDatabase;

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A migrated, closed site database in a fresh data dir. */
async function stoppedSite(): Promise<string> {
  const dataDir = tempDir('site-stopped-');
  const handle = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
  await handle.migrate();
  await handle.db.insertInto('site_settings').values({ key: 'marker', value: 'before' }).execute();
  await handle.destroy();
  return dataDir;
}

const readMarker = (file: string) => {
  const db = new Sqlite(file, { fileMustExist: true });
  try {
    return (db.prepare("select value from site_settings where key = 'marker'").get() as { value: string } | undefined)
      ?.value;
  } finally {
    db.close();
  }
};

describe('SQLite backup and restore', () => {
  it('keeps exactly BACKUP_KEEP newest snapshots and leaves other files alone', async () => {
    const dataDir = await stoppedSite();
    const backupDir = tempDir('site-backups-');
    fs.writeFileSync(path.join(backupDir, 'notes.txt'), 'mine');
    fs.writeFileSync(path.join(backupDir, 'site-latest.sqlite'), 'mine too');
    const written: string[] = [];
    for (let day = 1; day <= 6; day++) {
      const now = new Date(Date.UTC(2026, 10, day, 3, 0, 0));
      const { file } = await takeBackup({ databaseFile: sqliteFileIn(dataDir), backupDir, keep: 3, now });
      written.push(path.basename(file));
    }
    expect(written[0]).toBe('site-20261101T030000Z.sqlite');
    expect(fs.readdirSync(backupDir).sort()).toEqual(['notes.txt', 'site-latest.sqlite', ...written.slice(-3)].sort());
    expect(pruneBackups(backupDir, 1).map((f) => path.basename(f))).toEqual(written.slice(3, 5));
  });

  it('never overwrites a snapshot taken in the same second', async () => {
    const dataDir = await stoppedSite();
    const backupDir = tempDir('site-backups-');
    const now = new Date();
    const first = await takeBackup({ databaseFile: sqliteFileIn(dataDir), backupDir, keep: 5, now });
    const second = await takeBackup({ databaseFile: sqliteFileIn(dataDir), backupDir, keep: 5, now });
    expect(second.file).not.toBe(first.file);
    expect(path.basename(first.file)).toBe(snapshotName(now));
  });

  it('restores into a stopped site and keeps the replaced database beside it', async () => {
    const source = await stoppedSite();
    const backupDir = tempDir('site-backups-');
    const { file } = await takeBackup({ databaseFile: sqliteFileIn(source), backupDir, keep: 1 });

    const target = await stoppedSite();
    const targetFile = sqliteFileIn(target);
    const db = new Sqlite(targetFile);
    db.prepare("update site_settings set value = 'replaced' where key = 'marker'").run();
    db.close();

    const now = new Date(Date.UTC(2026, 10, 24, 20, 15, 0));
    const { keptAs } = restoreSnapshot({ snapshot: file, databaseFile: targetFile, now });
    expect(keptAs).toBe(`${targetFile}.before-restore-20261124T201500Z`);
    expect(readMarker(keptAs as string)).toBe('replaced');
    expect(readMarker(targetFile)).toBe('before');
    // The snapshot is one self-contained file, and restoring only read it.
    expect(fs.readdirSync(backupDir)).toEqual([path.basename(file)]);
    expect(fs.readdirSync(target).sort()).toEqual(['site.sqlite', path.basename(keptAs as string)].sort());
  });

  it('refuses a file that is not a SQLite database of this site, changing nothing', async () => {
    const dataDir = await stoppedSite();
    const file = sqliteFileIn(dataDir);
    const before = fs.readFileSync(file);
    const junk = path.join(tempDir('site-junk-'), 'site-20261124T201500Z.sqlite');
    fs.writeFileSync(junk, 'this is not a database\n'.repeat(200));
    expect(() => restoreSnapshot({ snapshot: junk, databaseFile: file })).toThrow(BackupError);
    expect(() => restoreSnapshot({ snapshot: junk, databaseFile: file })).toThrow(/not a SQLite database/);

    const foreign = path.join(path.dirname(junk), 'other.sqlite');
    const other = new Sqlite(foreign);
    other.exec('create table notes (text text)');
    other.close();
    expect(() => restoreSnapshot({ snapshot: foreign, databaseFile: file })).toThrow(/no migrations table/);
    expect(() => restoreSnapshot({ snapshot: path.join(dataDir, 'missing.sqlite'), databaseFile: file })).toThrow(
      /No such file/,
    );

    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(dataDir)).toEqual(['site.sqlite']);
  });

  it('refuses to restore while the site runs, and allows it once stopped', async () => {
    const source = await stoppedSite();
    const { file } = await takeBackup({
      databaseFile: sqliteFileIn(source),
      backupDir: tempDir('site-backups-'),
      keep: 1,
    });
    // An open connection is what a running site (or `npm run migrate`) holds; the CLI test
    // checks the same against a real server process.
    const liveDir = await stoppedSite();
    const live = openDatabase({ sqliteFile: sqliteFileIn(liveDir) });
    await live.db.updateTable('site_settings').set({ value: 'live' }).where('key', '=', 'marker').execute();
    const liveFile = sqliteFileIn(liveDir);
    expect(databaseInUse(liveFile)).toBe(true);
    expect(() => restoreSnapshot({ snapshot: file, databaseFile: liveFile })).toThrow(/in use: stop the site/);
    expect(fs.readdirSync(liveDir).filter((f) => f.includes('before-restore'))).toEqual([]);

    expect(readMarker(liveFile)).toBe('live');

    await live.destroy();
    expect(databaseInUse(liveFile)).toBe(false);
    const { keptAs } = restoreSnapshot({ snapshot: file, databaseFile: liveFile });
    expect(readMarker(keptAs as string)).toBe('live');
    expect(readMarker(liveFile)).toBe('before');
  });

  it('refuses to back up a database that does not exist', async () => {
    const dataDir = tempDir('site-empty-');
    await expect(
      takeBackup({ databaseFile: sqliteFileIn(dataDir), backupDir: path.join(dataDir, 'b'), keep: 1 }),
    ).rejects.toThrow(/nothing to back up/);
  });
});
