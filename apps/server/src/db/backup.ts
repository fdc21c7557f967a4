/**
 * SQLite snapshots and restores (`npm run backup`, `npm run restore`, BACKUP_INTERVAL_HOURS).
 * A snapshot goes through SQLite's online backup API on its own connection, so it is consistent
 * while the server keeps writing; a plain file copy of a WAL database is not. PostgreSQL sites use
 * pg_dump / pg_restore instead (README, '### Backups').
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';

const require = createRequire(import.meta.url);
const openSqlite = (file: string, options?: SqliteDatabase.Options): SqliteDatabase.Database =>
  new (require('better-sqlite3') as typeof SqliteDatabase)(file, options);

/** Why a backup or restore was refused; the message is meant for the operator as it stands. */
export class BackupError extends Error {}

export const POSTGRES_BACKUP_ADVICE = [
  'Backups and restores here are for SQLite; this site uses PostgreSQL (DATABASE_URL).',
  'Back it up with:   pg_dump --format=custom --file=site.dump "$DATABASE_URL"',
  'Restore it with:   pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" site.dump',
].join('\n');

/** Kysely's bookkeeping table: a snapshot without it is not a database of this site. */
const MIGRATIONS_TABLE = 'kysely_migration';

/** Snapshot names: site-20261124T201500Z.sqlite (UTC), so names sort by age. */
const SNAPSHOT_PATTERN = /^site-\d{8}T\d{6}Z\.sqlite$/;

/** 2026-11-24T20:15:00.123Z → 20261124T201500Z */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

export function snapshotName(date: Date): string {
  return `site-${utcStamp(date)}.sqlite`;
}

export interface BackupOptions {
  /** The live database file (DATA_DIR/site.sqlite). */
  databaseFile: string;
  /** Where snapshots go (BACKUP_DIR). */
  backupDir: string;
  /** Snapshots kept (BACKUP_KEEP); older ones are deleted after a new one is written. */
  keep: number;
  now?: Date;
}

export interface BackupResult {
  file: string;
  /** Older snapshots deleted by the retention count. */
  deleted: string[];
}

/** Writes one consistent snapshot, then keeps only the `keep` newest snapshots in the folder. */
export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  if (!fs.existsSync(options.databaseFile)) {
    throw new BackupError(`No database at ${options.databaseFile}: nothing to back up.`);
  }
  fs.mkdirSync(options.backupDir, { recursive: true });
  let name = snapshotName(options.now ?? new Date());
  // Two snapshots in the same second: wait for the next one rather than overwrite.
  while (fs.existsSync(path.join(options.backupDir, name))) {
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    name = snapshotName(new Date());
  }
  const file = path.join(options.backupDir, name);
  // A temporary name until complete: a crash mid-backup never leaves a half snapshot that
  // retention would count or an operator would restore.
  const partial = `${file}.partial`;
  const source = openSqlite(options.databaseFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // All pages in one step: one read transaction, so writes from the server meanwhile can
    // neither restart the copy nor leak into it (WAL readers do not block writers).
    await source.backup(partial, { progress: () => 0x7fffffff });
    // The copy inherits WAL mode, in which merely opening it makes -wal and -shm files beside
    // it; a rollback-journal snapshot is one self-contained file.
    const copy = openSqlite(partial);
    copy.pragma('journal_mode = DELETE');
    copy.close();
  } catch (error) {
    removeWithJournals(partial);
    throw error;
  } finally {
    source.close();
  }
  fs.renameSync(partial, file);
  return { file, deleted: pruneBackups(options.backupDir, options.keep) };
}

function removeWithJournals(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
}

/** Deletes the oldest snapshots beyond `keep`; files not named like ours are left alone. */
export function pruneBackups(backupDir: string, keep: number): string[] {
  const snapshots = fs
    .readdirSync(backupDir)
    .filter((name) => SNAPSHOT_PATTERN.test(name))
    .sort();
  const doomed = snapshots.slice(0, Math.max(0, snapshots.length - keep)).map((name) => path.join(backupDir, name));
  for (const file of doomed) fs.rmSync(file, { force: true });
  return doomed;
}

/**
 * Refuses anything but an intact SQLite database that holds this site's migrations table. It
 * opens the file read-write (a read-only open of a WAL file would leave -wal and -shm behind),
 * so callers check a copy, never the operator's snapshot itself.
 */
export function verifyDatabaseFile(file: string): void {
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  let db: SqliteDatabase.Database | undefined;
  try {
    db = openSqlite(file, { fileMustExist: true });
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} is damaged (integrity_check: ${String(check)}).`);
    const table = db.prepare("select name from sqlite_master where type = 'table' and name = ?").get(MIGRATIONS_TABLE);
    if (!table) throw new BackupError(`${file} is a SQLite database but not one of this site (no migrations table).`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a SQLite database: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
}

/**
 * True while another connection (a running server, `npm run migrate`) has the database open.
 * In WAL mode every open connection holds a shared lock on the file, so an exclusive lock is
 * granted only to a connection that is alone; a busy answer means someone else is there.
 */
export function databaseInUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const db = openSqlite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreOptions {
  snapshot: string;
  /** The database file to replace (DATA_DIR/site.sqlite); the site must be stopped. */
  databaseFile: string;
  now?: Date;
}

export interface RestoreResult {
  /** Where the replaced database was kept, if there was one. */
  keptAs: string | undefined;
}

/** Puts a snapshot in place of a stopped site's database, keeping the old one beside it. */
export function restoreSnapshot(options: RestoreOptions): RestoreResult {
  const { snapshot, databaseFile } = options;
  if (!fs.existsSync(snapshot)) throw new BackupError(`No such file: ${snapshot}`);
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  // Checked as a copy beside the target, so the snapshot itself is only ever read.
  const incoming = `${databaseFile}.restoring`;
  fs.copyFileSync(snapshot, incoming);
  try {
    try {
      verifyDatabaseFile(incoming);
    } catch (error) {
      if (error instanceof BackupError) throw new BackupError(error.message.replaceAll(incoming, snapshot));
      throw error;
    }
    if (databaseInUse(databaseFile)) {
      throw new BackupError(`${databaseFile} is in use: stop the site (and any migrate) before restoring.`);
    }
  } catch (error) {
    removeWithJournals(incoming);
    throw error;
  }
  let keptAs: string | undefined;
  if (fs.existsSync(databaseFile)) {
    // Folding the WAL into the file first makes the kept copy whole on its own; closing the last
    // connection then deletes the WAL, so no stale log can be replayed onto the restored file.
    const current = openSqlite(databaseFile, { fileMustExist: true });
    current.pragma('wal_checkpoint(TRUNCATE)');
    current.close();
    keptAs = `${databaseFile}.before-restore-${utcStamp(options.now ?? new Date())}`;
    fs.renameSync(databaseFile, keptAs);
  }
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(databaseFile + suffix, { force: true });
  fs.renameSync(incoming, databaseFile);
  return { keptAs };
}
