import { loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/database.js';

/** `npm run migrate`: brings the configured database up to date and exits. */
const config = loadConfig();
const database = openConfiguredDatabase(config);
try {
  await database.migrate();
  console.log(`Database (${database.dialect}) is up to date.`);
} finally {
  await database.destroy();
}
