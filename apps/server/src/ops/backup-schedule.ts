import type { FastifyInstance } from 'fastify';
import { takeBackup } from '../db/backup.js';

export interface BackupSchedule {
  databaseFile: string;
  backupDir: string;
  keep: number;
  intervalMs: number;
}

/**
 * BACKUP_INTERVAL_HOURS: a snapshot every interval while the server is up (SQLite only). The
 * timer does not keep the process alive, and closing waits for a snapshot under way so it is
 * never cut off half-written (its temporary file would be left, not a damaged snapshot).
 */
export function scheduleBackups(app: FastifyInstance, schedule: BackupSchedule): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return; // A slow snapshot is not overlapped by the next.
    running = takeBackup(schedule)
      .then(
        ({ file, deleted }) => app.log.info({ file, deleted }, 'backup written'),
        (error: unknown) => app.log.error({ err: error }, 'backup failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, schedule.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
