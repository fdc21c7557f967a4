import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountRepository } from './account/account.repository.js';
import { accountRoutes } from './account/account.routes.js';
import { accountService } from './account/account.service.js';
import { accountExportRepository } from './account/account-export.repository.js';
import { ensureAdmin } from './admin-bootstrap.js';
import { adminUsersRepository } from './admin-users/admin-users.repository.js';
import { adminUsersRoutes } from './admin-users/admin-users.routes.js';
import { adminUsersService } from './admin-users/admin-users.service.js';
import { authPlugin } from './auth.plugin.js';
import { authRoutes } from './auth.routes.js';
import { authService } from './auth.service.js';
import { passwordResetRoutes } from './password-reset/password-reset.routes.js';
import { passwordResetService } from './password-reset/password-reset.service.js';
import { resetTokensRepository } from './password-reset/reset-tokens.repository.js';
import { SessionCache } from './sessions/session-cache.js';
import { sessionsRepository } from './sessions/sessions.repository.js';
import { usersRepository } from './users.repository.js';

const HOUR = 60 * 60 * 1000;
/** At ~0.5 kB each, the session cache stays under ~5 MB however many people are signed in. */
const SESSION_CACHE_ENTRIES = 10_000;

/**
 * At the app's root, before any feature: the admin account on first start, who is asking on
 * every /api request (auth.plugin.ts, `app.auth`), and the hourly purge of expired sessions so the
 * table does not grow without bound.
 */
export const authCore = fp(
  async (app: FastifyInstance) => {
    const { database, config, counters, jobs, afterResponse, broadcast } = app.deps;
    const users = usersRepository(database);
    // On a first start the admin's password is hashed on libuv's thread pool (tens of ms) while
    // the rest of the app registers; the app is ready, and listens, only once the account exists.
    const adminCreated = ensureAdmin(users, config, app.log);
    adminCreated.catch(() => {}); // Reported by the onReady hook below, which fails the start.
    app.addHook('onReady', () => adminCreated);
    const cache = new SessionCache({
      ttlMs: config.sessionCacheMs,
      maxEntries: SESSION_CACHE_ENTRIES,
      broadcast,
    });
    const service = authService(users, sessionsRepository(database), counters, config, cache);
    await app.register(authPlugin, { service, afterResponse });
    jobs.every({
      name: 'session-purge',
      everyMs: HOUR,
      atStart: false,
      run: () => service.purgeExpiredSessions(),
      report: (deleted) => (deleted > 0 ? { deleted } : undefined),
    });
  },
  { name: 'auth-core' },
);

/** Sign-up and log-in, the account page, password reset and the admin's users (under /api). */
export async function authFeature(api: FastifyInstance): Promise<void> {
  const { database, config, counters, mailer, afterResponse, accountData } = api.deps;
  const cookies = { cookieSameSite: config.cookieSameSite, cookieSecure: config.cookieSecure };
  const users = usersRepository(database);
  const sessions = sessionsRepository(database);
  const resetTokens = resetTokensRepository(database);

  await api.register(authRoutes, { service: api.auth, cookies });
  await api.register(accountRoutes, {
    service: accountService(
      {
        accounts: accountRepository(database),
        sessions,
        users,
        exports: accountExportRepository(database),
      },
      accountData,
      counters,
      config,
      api.auth.forgetSessionsOf,
    ),
    cookies,
  });
  await api.register(passwordResetRoutes, {
    service: passwordResetService(
      resetTokens,
      counters,
      { mailer, publicUrl: config.publicUrl, log: api.log },
      api.auth.forgetSessionsOf,
    ),
    afterResponse,
  });
  await api.register(adminUsersRoutes, {
    service: adminUsersService(adminUsersRepository(database), users, resetTokens, api.auth.forgetSessionsOf),
    publicUrl: config.publicUrl,
  });
}
