import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { verifyDatabaseFile } from '../db/backup.js';
import { TEST_ADMIN_PASSWORD } from '../test/test-app.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function siteWith(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-scheduled-'));
  dirs.push(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    SUDOKU_POOL_SIZE: '0',
    ...env,
  });
  const app = await buildApp({ config, logger: false });
  await app.ready();
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
