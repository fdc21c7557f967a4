import type { TimedJob } from '../core/jobs.js';
import { type BackupResult, takeBackup } from '../db/backup.js';

export interface BackupSchedule {
  databaseFile: string;
  backupDir: string;
  keep: number;
  intervalMs: number;
  /** The time a snapshot is named by (tests step their own clock; snapshots are named by the second). */
  now?: () => Date;
}

/**
 * BACKUP_INTERVAL_HOURS: a snapshot every interval while the server is up (SQLite only), the
 * first one an interval after start. Run by core/jobs.ts (docs/architecture.md#background-jobs):
 * a slow snapshot is never overlapped by the next, and closing waits for one under way so it is
 * never cut off half-written (its temporary file would be left, not a damaged snapshot).
 */
export function backupJob(schedule: BackupSchedule): TimedJob<BackupResult> {
  const { databaseFile, backupDir, keep } = schedule;
  return {
    name: 'backup',
    everyMs: schedule.intervalMs,
    atStart: false,
    run: () => takeBackup({ databaseFile, backupDir, keep, now: schedule.now?.() }),
    report: ({ file, deleted }) => ({ file, deleted }),
  };
}
