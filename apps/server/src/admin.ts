import { ConfigError, loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/database.js';
import { issueResetLink } from './features/auth/password-reset/password-reset.service.js';
import { resetTokensRepository } from './features/auth/password-reset/reset-tokens.repository.js';
import { usersRepository } from './features/auth/users.repository.js';

/** `npm run admin -- <command>`: the operator's commands on the configured database (README). */
const USAGE = `Usage: npm run admin -- <command>

Commands:
  reset-link <username>   print a one-time password-reset link for the user (works for 1 hour,
                          once; using it ends all of the user's sessions)
  help                    show this text

The link starts with PUBLIC_URL, or http://localhost:<PORT> when it is not set.
From a build: node apps/server/dist/admin.js <command> (same environment variables).`;

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'help' || command === '--help' || command === '-h') {
  console.log(USAGE);
  process.exit(0);
}
if (command !== 'reset-link') fail(command ? `Unknown command: ${command}\n\n${USAGE}` : USAGE, 2);
const username = args[0];
if (!username || args.length > 1) fail(`reset-link takes one username.\n\n${USAGE}`, 2);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message, 1);
  throw error;
}
const database = openConfiguredDatabase(config);
try {
  await database.migrate();
  const user = await usersRepository(database).findByUsername(username);
  if (user) {
    const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
    const link = await issueResetLink(resetTokensRepository(database), { userId: user.id, issuedBy: 'cli', baseUrl });
    console.log(`Password-reset link for ${user.username} (works once, until ${link.expires_at}):`);
    console.log(link.url);
    if (config.publicUrl === undefined) {
      console.log(`PUBLIC_URL is not set: replace ${baseUrl} with the site's address if people reach it elsewhere.`);
    }
    if (user.disabled_at !== null) {
      console.log('This account is disabled: enable it on the admin page, or the new password will not let it log in.');
    }
  } else {
    // Not fail(): the database is closed below first.
    console.error(`No user is named "${username}".`);
    process.exitCode = 1;
  }
} finally {
  await database.destroy();
}
