import { loadConfig } from './config.js';
import { BackupError, POSTGRES_BACKUP_ADVICE, restoreSnapshot } from './db/backup.js';
import { sqliteFileIn } from './db/database.js';

/**
 * `npm run restore -- <snapshot>`: puts a snapshot in place of a stopped site's SQLite database,
 * keeping the current one as site.sqlite.before-restore-<time> (README, '### Backups').
 */
const config = loadConfig();
if (config.databaseUrl) {
  console.error(POSTGRES_BACKUP_ADVICE);
  process.exit(2);
}
const snapshot = process.argv[2];
if (!snapshot) {
  console.error('Usage: npm run restore -- <snapshot.sqlite>');
  process.exit(2);
}
try {
  const databaseFile = sqliteFileIn(config.dataDir);
  const { keptAs } = restoreSnapshot({ snapshot, databaseFile });
  if (keptAs) console.log(`Kept the previous database as ${keptAs}`);
  console.log(`Restored ${snapshot} into ${databaseFile}; start the site to apply any newer migrations.`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
