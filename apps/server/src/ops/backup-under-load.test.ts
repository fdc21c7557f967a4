import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { restoreSnapshot, takeBackup } from '../db/backup.js';
import { sqliteFileIn } from '../db/database.js';
import { sitesOnDisk } from '../test/site-on-disk.js';
import { injectAs, signUp, TEST_PASSWORD, type TestUser } from '../test/test-app.js';

const require = createRequire(import.meta.url);
const Sqlite = require('better-sqlite3') as typeof SqliteDatabase;

const { tempDir, startSite } = sitesOnDisk();

describe('a SQLite snapshot of a running site', () => {
  it('restores a snapshot taken under write load with every write acknowledged before it began', async () => {
    const liveDir = tempDir('site-live-');
    const app = await startSite(liveDir);
    const writers: TestUser[] = [];
    for (let i = 0; i < 4; i++) writers.push(await signUp(app));

    // Each writer adds its to-dos one after another, so a consistent snapshot holds, per writer,
    // an unbroken run 0..k of them: a gap would mean a torn copy.
    const acknowledged = new Set<string>();
    let stop = false;
    let inFlightDuringBackup = 0;
    let backupRunning = false;
    const loops = writers.map(async (user, w) => {
      for (let n = 0; !stop && n < 900; n++) {
        const title = `w${w}-${n}`;
        if (backupRunning) inFlightDuringBackup++;
        const res = await injectAs(app, user, { method: 'POST', url: '/api/todo/', payload: { title } });
        expect(res.statusCode).toBe(200);
        acknowledged.add(title);
      }
    });
    while (acknowledged.size < 200) await new Promise((resolve) => setTimeout(resolve, 5));

    const beforeBackup = new Set(acknowledged);
    backupRunning = true;
    const backupDir = tempDir('site-backups-');
    const { file } = await takeBackup({ databaseFile: sqliteFileIn(liveDir), backupDir, keep: 3 });
    backupRunning = false;
    // A few more writes after the snapshot, which it must not be confused by.
    const afterCount = acknowledged.size + 40;
    while (acknowledged.size < afterCount) await new Promise((resolve) => setTimeout(resolve, 5));
    stop = true;
    await Promise.all(loops);
    expect(path.basename(file)).toMatch(/^site-\d{8}T\d{6}Z\.sqlite$/);
    expect(fs.readdirSync(backupDir)).toEqual([path.basename(file)]);

    const freshDir = tempDir('site-restored-');
    restoreSnapshot({ snapshot: file, databaseFile: sqliteFileIn(freshDir) });
    const restored = new Sqlite(sqliteFileIn(freshDir), { readonly: true });
    try {
      expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
      const titles = (restored.prepare('select title from todos').all() as { title: string }[]).map((r) => r.title);
      const present = new Set(titles);
      for (const title of beforeBackup) expect(present.has(title), `${title} was acknowledged`).toBe(true);
      for (let w = 0; w < writers.length; w++) {
        const mine = titles.filter((t) => t.startsWith(`w${w}-`)).map((t) => Number(t.split('-')[1]));
        expect(mine.sort((a, b) => a - b)).toEqual(mine.map((_, i) => i));
      }
      expect(present.size).toBeLessThan(acknowledged.size);
      // The writers really were busy while the snapshot was taken.
      expect(inFlightDuringBackup).toBeGreaterThan(0);
    } finally {
      restored.close();
    }

    // The restored site starts and serves the data.
    const restoredApp = await startSite(freshDir);
    const res = await restoredApp.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: writers[0]?.username, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });
});
