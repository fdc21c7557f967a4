import {
  ACCOUNT_EXPORT_VERSION,
  type AccountExport,
  type AccountResponse,
  type AccountSession,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
} from '@site/contract';
import type { AccountData } from '../../../core/account-data.js';
import type { CounterStore, WindowCount } from '../../../core/counter-store.js';
import { conflict, forbidden, notFound } from '../../../core/http-errors.js';
import { rateLimited } from '../../../core/per-client-limit.js';
import { isoNow } from '../../../core/time.js';
import { LOGIN_WINDOW_MS, type LoginLimits, loginCounterKeys } from '../auth.service.js';
import { hashPassword, verifyPassword } from '../password.js';
import { clientName } from '../sessions/client-name.js';
import { type KnownDeviceToken, knownDeviceToken } from '../sessions/known-device.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import type { UsersRepository } from '../users.repository.js';
import type { AccountRepository, AccountRow } from './account.repository.js';
import type { AccountExportRepository } from './account-export.repository.js';

/** Who is acting: the session's user and the session itself. */
export interface AccountActor {
  userId: number;
  sessionId: number;
  ip: string;
}

/**
 * The account page's rules (docs/api.md#account). Every call acts on the session's user only.
 * A call that asks for the password counts the attempt on the log-in limiter's per-account
 * counters first (docs/api.md#limits), so a stolen session cannot be used to guess it.
 */
export function accountService(
  repositories: {
    accounts: AccountRepository;
    sessions: SessionsRepository;
    users: UsersRepository;
    exports: AccountExportRepository;
  },
  /** Every feature's part of the export (core/account-data.ts). */
  accountData: AccountData,
  counters: CounterStore,
  config: LoginLimits,
  /** Every instance forgets the user's cached sessions (auth.service.ts `forgetSessionsOf`). */
  forgetSessionsOf: (userId: number) => void,
) {
  const { accounts, sessions, users, exports } = repositories;

  async function account(userId: number): Promise<AccountRow> {
    const row = await accounts.findById(userId);
    // The session was live a moment ago; the account went away in between (deleted elsewhere).
    if (!row) throw notFound('Account not found');
    return row;
  }

  /**
   * Counts the attempt, then checks the password (increment, then compare, like log-in): per
   * (account, address) and per account from all addresses, the same keys and limits as log-in, so
   * guesses here and at the log-in form share one budget. A success clears both counts.
   */
  async function checkPassword(actor: AccountActor, password: string, wrong: string): Promise<AccountRow> {
    const { fromHere: fromHereKey, everywhere: everywhereKey } = loginCounterKeys(actor.userId, actor.ip);
    const fromHere = await counters.hit(fromHereKey, LOGIN_WINDOW_MS);
    if (fromHere.count > config.loginMaxFailuresPerUsername) {
      throw tooManyAttempts(config.loginMaxFailuresPerUsername, fromHere);
    }
    const everywhere = await counters.hit(everywhereKey, LOGIN_WINDOW_MS);
    if (everywhere.count > config.loginMaxAttemptsPerUsername) {
      throw tooManyAttempts(config.loginMaxAttemptsPerUsername, everywhere);
    }
    const row = await account(actor.userId);
    if (!(await verifyPassword(row.password_hash, password))) throw forbidden(wrong);
    await Promise.all([counters.reset(fromHereKey), counters.reset(everywhereKey)]);
    return row;
  }

  return {
    async get(userId: number): Promise<AccountResponse> {
      const row = await account(userId);
      return {
        user_id: row.id,
        username: row.username,
        email: row.email,
        is_admin: row.is_admin === 1,
        created_at: row.created_at,
      };
    },

    /**
     * The new password; every other session ends, this one stays. Answers how many ended, and a
     * known-device cookie for this browser under the new password (the old ones are void).
     */
    async changePassword(
      actor: AccountActor,
      input: ChangePasswordRequest,
    ): Promise<{ ended: number; knownDevice: KnownDeviceToken }> {
      const row = await checkPassword(actor, input.current_password, 'Current password is incorrect');
      const newHash = await hashPassword(input.new_password);
      const ended = await accounts.changePassword({
        userId: actor.userId,
        verifiedHash: row.password_hash,
        newHash,
        keepSessionId: actor.sessionId,
      });
      // Another change won the race: the password given is no longer the current one.
      if (ended === null) throw forbidden('Current password is incorrect');
      forgetSessionsOf(actor.userId);
      return { ended, knownDevice: knownDeviceToken({ id: actor.userId, passwordHash: newHash }) };
    },

    async changeEmail(actor: AccountActor, input: ChangeEmailRequest): Promise<string> {
      await checkPassword(actor, input.password, 'Password is incorrect');
      if (!(await accounts.changeEmail(actor.userId, input.email))) throw conflict('Email is already taken');
      forgetSessionsOf(actor.userId);
      return input.email;
    },

    async sessions(actor: Pick<AccountActor, 'userId' | 'sessionId'>): Promise<AccountSession[]> {
      const rows = await sessions.listLive(actor.userId);
      return rows.map((row) => ({
        ...row,
        client: clientName(row.user_agent),
        current: row.id === actor.sessionId,
      }));
    },

    /** 404 for an id that is not one of the user's sessions (another user's included). */
    async endSession(userId: number, sessionId: number): Promise<void> {
      if (!(await sessions.deleteOfUser(userId, sessionId))) throw notFound('Session not found');
      forgetSessionsOf(userId);
    },

    async endAllSessions(userId: number): Promise<number> {
      const ended = await sessions.deleteAllOfUser(userId);
      forgetSessionsOf(userId);
      return ended;
    },

    /**
     * 'Export my data' (docs/api.md#export): every row the user owns, as the database holds it
     * (column names and values unchanged), in one document: the user's own row here, each
     * feature's part from its registration. Sessions and reset tokens are credentials, not the
     * user's data, and the password hash never leaves the server.
     */
    async exportData(userId: number): Promise<AccountExport> {
      const exportedAt = isoNow();
      const user = await exports.user(userId);
      return accountData.exportOf(userId, {
        format: 'site-account-export',
        version: ACCOUNT_EXPORT_VERSION,
        exported_at: exportedAt,
        user,
      });
    },

    /** Deletes the account and everything it owns; the admin account cannot delete itself. */
    async remove(actor: AccountActor, password: string): Promise<void> {
      const row = await account(actor.userId);
      if (row.is_admin === 1) throw conflict('The admin account cannot be deleted');
      await checkPassword(actor, password, 'Password is incorrect');
      await users.remove(actor.userId);
      forgetSessionsOf(actor.userId);
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;

const tooManyAttempts = (limit: number, counted: WindowCount) =>
  rateLimited('Too many password attempts. Please wait 15 minutes and try again.', limit, counted);
