import { loadConfig } from './config.js';
import { BackupError, POSTGRES_BACKUP_ADVICE, takeBackup } from './db/backup.js';
import { sqliteFileIn } from './db/database.js';

/**
 * `npm run backup`: writes one consistent snapshot of the SQLite database into BACKUP_DIR, safe
 * while the site runs, and keeps the BACKUP_KEEP newest (README, '### Backups').
 */
const config = loadConfig();
if (config.databaseUrl) {
  console.error(POSTGRES_BACKUP_ADVICE);
  process.exit(2);
}
try {
  const { file, deleted } = await takeBackup({
    databaseFile: sqliteFileIn(config.dataDir),
    backupDir: config.backupDir,
    keep: config.backupKeep,
  });
  console.log(`Snapshot written: ${file}`);
  for (const old of deleted) console.log(`Deleted old snapshot: ${old}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
