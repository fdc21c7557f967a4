import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { Jobs } from '../core/jobs.js';
import { handTimers } from '../core/jobs.test-support.js';
import { verifyDatabaseFile } from '../db/backup.js';
import { sqliteFileIn } from '../db/database.js';
import { sitesOnDisk } from '../test/site-on-disk.js';
import { backupJob } from './backup-schedule.js';

const { tempDir, startSite } = sitesOnDisk();

async function siteWith(env: Record<string, string>) {
  const dataDir = tempDir('site-scheduled-');
  const app = await startSite(dataDir, env);
  return { app, dataDir, backupDir: path.join(dataDir, 'backups') };
}

const snapshots = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

describe('scheduled backups (BACKUP_INTERVAL_HOURS)', () => {
  it('takes snapshots on the interval, keeps BACKUP_KEEP of them and stops on close', async () => {
    const { dataDir, backupDir } = await siteWith({});
    const { timers, tick, count } = handTimers();
    const jobs = new Jobs(pino({ level: 'silent' }), timers);
    // Snapshots are named by the second: each run is a second after the last.
    let second = 0;
    const now = () => new Date(Date.parse('2026-03-01T12:00:00Z') + ++second * 1000);
    jobs.every(
      backupJob({
        databaseFile: sqliteFileIn(dataDir),
        backupDir,
        keep: 2,
        intervalMs: 3_600_000,
        now,
      }),
    );
    await jobs.start();
    expect(snapshots(backupDir)).toEqual([]); // the first one comes an interval after start
    const seen = new Set<string>();
    for (let run = 0; run < 3; run++) {
      tick();
      await jobs.runNow('backup'); // waits for the run the tick started
      for (const name of snapshots(backupDir)) seen.add(name);
    }
    await jobs.stop();
    expect(seen.size).toBe(3);
    const kept = snapshots(backupDir);
    expect(kept).toHaveLength(2);
    for (const name of kept) {
      expect(name).toMatch(/^site-\d{8}T\d{6}Z\.sqlite$/);
      verifyDatabaseFile(path.join(backupDir, name));
    }
    // Stopped: no timer is left to fire, so no further snapshots.
    expect(count()).toBe(0);
    tick();
    expect(snapshots(backupDir)).toEqual(kept);
  });

  it('is one of the app’s jobs with BACKUP_INTERVAL_HOURS, writing to BACKUP_DIR', async () => {
    const { app, backupDir } = await siteWith({ BACKUP_INTERVAL_HOURS: '1', BACKUP_KEEP: '2' });
    expect(app.deps.jobs.names()).toContain('backup');
    expect(snapshots(backupDir)).toEqual([]);
    await app.deps.jobs.runNow('backup');
    const [name, ...more] = snapshots(backupDir);
    expect(more).toEqual([]);
    verifyDatabaseFile(path.join(backupDir, `${name}`));
  });

  it('takes none without BACKUP_INTERVAL_HOURS', async () => {
    const { app, backupDir } = await siteWith({});
    expect(app.deps.jobs.names()).not.toContain('backup');
    await app.close();
    expect(snapshots(backupDir)).toEqual([]);
  });
});
