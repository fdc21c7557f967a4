import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';

/** `npm run migrate`: brings the configured database up to date and exits. */
const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: `${config.dataDir}/site.sqlite` });
try {
  await database.migrate();
  console.log(`Database (${database.dialect}) is up to date.`);
} finally {
  await database.destroy();
}
