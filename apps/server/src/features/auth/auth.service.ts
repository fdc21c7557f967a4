import type { LoginRequest, SignupRequest } from '@site/contract';
import type { Config } from '../../config.js';
import type { CounterStore, WindowCount } from '../../core/counter-store.js';
import { conflict, forbidden, notFound, unauthorized } from '../../core/http-errors.js';
import { rateLimited } from '../../core/per-client-limit.js';
import { isoNow } from '../../core/time.js';
import { hashPassword, verifyPassword } from './password.js';
import { type DeviceAccount, isKnownDevice, type KnownDeviceToken, knownDeviceToken } from './sessions/known-device.js';
import type { SessionCache } from './sessions/session-cache.js';
import {
  SESSION_USE_INTERVAL_MS,
  type SessionsRepository,
  type SessionWithUser,
} from './sessions/sessions.repository.js';
import { hashToken, newToken } from './tokens.js';
import type { UsersRepository } from './users.repository.js';

/** Log-in attempts are counted in windows of this length (docs/api.md#limits). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const SIGNUP_WINDOW_MS = 60 * 60 * 1000;
const SIGNUPS_PER_IP = 20;

export interface IssuedSession {
  token: string;
  csrfToken: string;
  expiresAt: number;
  user: { id: number; username: string; isAdmin: boolean };
  /** The cookie that marks this browser as one the account signed in on (known-device.ts). */
  knownDevice: KnownDeviceToken;
}

/**
 * The log-in limiter's per-account counters (docs/api.md#limits): per (account, client address)
 * and per account from every address. The account page's password checks count on them too.
 */
export const loginCounterKeys = (userId: number, ip: string) => ({
  fromHere: `login:user-ip:${userId}:${ip}`,
  everywhere: `login:user:${userId}`,
});

/** The client a session is issued to, recorded for the account page's session list. */
export interface SessionClient {
  ip: string;
  userAgent: string | undefined;
}

/** What a login request brings that may show it comes from the account's owner. */
export interface LoginDevice {
  /** The known-device cookie, if any. */
  cookie?: string | undefined;
  /** The user of the request's own live session, if any. */
  sessionUserId?: number | undefined;
}

/** The log-in limits (docs/api.md#limits), shared with the account page's password checks. */
export type LoginLimits = Pick<
  Config,
  'loginMaxFailuresPerUsername' | 'loginMaxAttemptsPerIp' | 'loginMaxAttemptsPerUsername'
>;

export function authService(
  users: UsersRepository,
  sessions: SessionsRepository,
  counters: CounterStore,
  config: LoginLimits & Pick<Config, 'sessionTtlMs'>,
  cache: SessionCache,
) {
  async function issueSession(
    user: IssuedSession['user'],
    account: DeviceAccount,
    client: SessionClient,
  ): Promise<IssuedSession> {
    const token = newToken();
    const csrfToken = newToken();
    const expiresAt = Date.now() + config.sessionTtlMs;
    const created = await sessions.create({
      tokenHash: hashToken(token),
      userId: user.id,
      csrfToken,
      expiresAt,
      verifiedHash: account.passwordHash,
      ...client,
    });
    // The account was deleted while the password was being checked: as for an unknown user.
    if (created === 'gone') throw notFound('User not found');
    // The password changed (or was reset) meanwhile: the one given is no longer the password.
    if (created === 'changed') throw invalidLogin();
    return { token, csrfToken, expiresAt, user, knownDevice: knownDeviceToken(account) };
  }

  return {
    async signup(input: SignupRequest, ip: string, userAgent?: string): Promise<IssuedSession> {
      const signups = await counters.hit(`signup:ip:${ip}`, SIGNUP_WINDOW_MS);
      if (signups.count > SIGNUPS_PER_IP) {
        throw rateLimited('Too many sign-ups from this address. Please try again later.', SIGNUPS_PER_IP, signups);
      }
      if (await users.taken(input.username, input.email)) throw takenError();
      const passwordHash = await hashPassword(input.password);
      const id = await users.create({ ...input, passwordHash, isAdmin: false });
      // Two sign-ups for the same name raced past the check above.
      if (id === undefined) throw takenError();
      return issueSession({ id, username: input.username, isAdmin: false }, { id, passwordHash }, { ip, userAgent });
    },

    /**
     * docs/api.md#limits: every attempt is counted before the password is checked (increment, then
     * compare, so parallel requests cannot slip past a count read before it grew): per client
     * address, per (username, address), then per username across addresses unless the request comes
     * from a device that signed in to this account before. A refused attempt checks no password.
     */
    async login(input: LoginRequest, ip: string, device: LoginDevice = {}, userAgent?: string): Promise<IssuedSession> {
      const perIp = await counters.hit(`login:ip:${ip}`, LOGIN_WINDOW_MS);
      if (perIp.count > config.loginMaxAttemptsPerIp) throw tooManyLogins(config.loginMaxAttemptsPerIp, perIp);
      const user = await users.findByUsername(input.username);
      if (!user) throw notFound('User not found');
      const account = { id: user.id, passwordHash: user.password_hash };

      // A stranger's failures lock only the stranger's address out of the account…
      const { fromHere: fromHereKey, everywhere: everywhereKey } = loginCounterKeys(user.id, ip);
      const fromHere = await counters.hit(fromHereKey, LOGIN_WINDOW_MS);
      if (fromHere.count > config.loginMaxFailuresPerUsername) {
        throw tooManyLogins(config.loginMaxFailuresPerUsername, fromHere);
      }
      // …and many addresses together meet a ceiling that the owner's known devices do not.
      // Counted only past the per-address limit, so one address adds at most that limit to it.
      const known = device.sessionUserId === user.id || isKnownDevice(device.cookie, account);
      if (!known) {
        const everywhere = await counters.hit(everywhereKey, LOGIN_WINDOW_MS);
        if (everywhere.count > config.loginMaxAttemptsPerUsername) {
          throw tooManyLogins(config.loginMaxAttemptsPerUsername, everywhere);
        }
      }

      if (!(await verifyPassword(user.password_hash, input.password))) {
        throw invalidLogin();
      }
      // Only after the password: a stranger does not learn that the account exists and is disabled.
      if (user.disabled_at !== null) throw forbidden('This account has been disabled');
      // Both counts are attempts since the last success that was counted in them, so the owner's
      // own logins never add up to a lock-out (known devices neither count nor clear the ceiling).
      await Promise.all([counters.reset(fromHereKey), known ? undefined : counters.reset(everywhereKey)]);
      return issueSession({ id: user.id, username: user.username, isAdmin: user.is_admin === 1 }, account, {
        ip,
        userAgent,
      });
    },

    async logout(token: string) {
      const tokenHash = hashToken(token);
      await sessions.deleteByTokenHash(tokenHash);
      cache.forgetToken(tokenHash);
    },

    /** The live session of `token` with its user (session-cache.ts: usually without a query). */
    resolve(token: string): Promise<SessionWithUser | undefined> {
      const tokenHash = hashToken(token);
      return cache.resolve(tokenHash, () => sessions.findLive(tokenHash));
    },

    /**
     * Every instance forgets the user's cached sessions. Called by whatever ends them or changes
     * what a request reads of its user (email, password, disabling), after the change commits.
     */
    forgetSessionsOf: (userId: number) => cache.forgetUser(userId),

    /** This instance's session cache (tests wait on its `onForget`). */
    sessionCache: cache,

    /**
     * docs/api.md#account: a session's last use (and its user's last visit) is written only when
     * the recorded one is older than SESSION_USE_INTERVAL_MS, so the common request stays one read.
     * Undefined when nothing needs writing.
     */
    noteUse(session: SessionWithUser, now = Date.now()): Promise<void> | undefined {
      if (session.lastUsedAt !== null && Date.parse(session.lastUsedAt) > now - SESSION_USE_INTERVAL_MS) return;
      // The cached copy (if any) shares this object: its next uses need not write again.
      session.lastUsedAt = isoNow(now);
      return sessions.recordUse(session.sessionId, session.userId, now);
    },

    purgeExpiredSessions: () => sessions.deleteExpired(),
  };
}
export type AuthService = ReturnType<typeof authService>;

/**
 * One answer whether the username, the email or both are taken, so sign-up does not tell a
 * stranger which addresses have accounts (docs/api.md#errors; the web app shows it on both fields).
 */
const takenError = () => conflict('Username or email is already taken');

const invalidLogin = () => unauthorized('Invalid username or password');

const tooManyLogins = (limit: number, counted: WindowCount) =>
  rateLimited('Too many login attempts. Please wait 15 minutes and try again.', limit, counted);
