import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyDatabaseFile } from '../db/backup.js';
import { sitesOnDisk } from '../test/site-on-disk.js';

const { tempDir, startSite } = sitesOnDisk();

async function siteWith(env: Record<string, string>) {
  const dataDir = tempDir('site-scheduled-');
  const app = await startSite(dataDir, env);
  return { app, backupDir: path.join(dataDir, 'backups') };
}

const snapshots = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

describe('scheduled backups (BACKUP_INTERVAL_HOURS)', () => {
  it('takes snapshots on the interval, keeps BACKUP_KEEP of them and stops on close', async () => {
    // 0.0003 h ≈ 1.1 s: snapshots are named by the second, so a shorter interval would only wait.
    const { app, backupDir } = await siteWith({ BACKUP_INTERVAL_HOURS: '0.0003', BACKUP_KEEP: '2' });
    const seen = new Set<string>();
    const deadline = Date.now() + 30_000;
    while (seen.size < 3 && Date.now() < deadline) {
      for (const name of snapshots(backupDir)) seen.add(name);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await app.close();
    expect(seen.size).toBeGreaterThanOrEqual(3);
    const kept = snapshots(backupDir);
    expect(kept.length).toBeLessThanOrEqual(2);
    for (const name of kept) {
      expect(name).toMatch(/^site-\d{8}T\d{6}Z\.sqlite$/);
      verifyDatabaseFile(path.join(backupDir, name));
    }
    // Closed: no further snapshots.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(snapshots(backupDir)).toEqual(kept);
  }, 40_000);

  it('takes none without BACKUP_INTERVAL_HOURS', async () => {
    const { app, backupDir } = await siteWith({});
    await new Promise((resolve) => setTimeout(resolve, 300));
    await app.close();
    expect(snapshots(backupDir)).toEqual([]);
  });
});
