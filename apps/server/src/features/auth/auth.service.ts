import type { LoginRequest, SignupRequest } from '@site/contract';
import type { AppDeps } from '../../core/deps.js';
import { conflict, HttpError, notFound } from '../../core/http-errors.js';
import { rateLimited } from '../../core/per-client-limit.js';
import { isUniqueViolation } from '../../db/errors.js';
import { hashPassword, verifyPassword } from './password.js';
import { type SessionWithUser, sessionsRepository } from './sessions.repository.js';
import { hashToken, newToken } from './tokens.js';
import { usersRepository } from './users.repository.js';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const SIGNUP_WINDOW_MS = 60 * 60 * 1000;
const SIGNUPS_PER_IP = 20;

export interface IssuedSession {
  token: string;
  csrfToken: string;
  expiresAt: number;
  user: { id: number; username: string; isAdmin: boolean };
}

export function authService(deps: AppDeps) {
  const users = usersRepository(deps.database.db);
  const sessions = sessionsRepository(deps.database.db);
  const { counters, config } = deps;

  async function issueSession(user: IssuedSession['user']): Promise<IssuedSession> {
    const token = newToken();
    const csrfToken = newToken();
    const expiresAt = Date.now() + config.sessionTtlMs;
    await sessions.create({ tokenHash: hashToken(token), userId: user.id, csrfToken, expiresAt });
    return { token, csrfToken, expiresAt, user };
  }

  return {
    async signup(input: SignupRequest, ip: string): Promise<IssuedSession> {
      const signups = await counters.hit(`signup:ip:${ip}`, SIGNUP_WINDOW_MS);
      if (signups.count > SIGNUPS_PER_IP) {
        throw rateLimited('Too many sign-ups from this address. Please try again later.', SIGNUPS_PER_IP, signups);
      }
      if (await users.taken(input.username, input.email)) throw takenError();
      const passwordHash = await hashPassword(input.password);
      let id: number;
      try {
        id = await users.create({ ...input, passwordHash, isAdmin: false });
      } catch (error) {
        // Two sign-ups for the same name raced past the check above.
        if (isUniqueViolation(error)) throw takenError();
        throw error;
      }
      return issueSession({ id, username: input.username, isAdmin: false });
    },

    /**
     * Failed attempts are counted per username and every attempt per IP; past either limit the
     * login is refused before the password is even checked, so guessing cannot continue.
     */
    async login(input: LoginRequest, ip: string): Promise<IssuedSession> {
      const nameKey = `login:user:${input.username.toLowerCase()}`;
      const ipKey = `login:ip:${ip}`;
      const ipAttempts = await counters.hit(ipKey, LOGIN_WINDOW_MS);
      const nameFailures = await counters.get(nameKey);
      const exceeded = [
        {
          limit: config.loginMaxFailuresPerUsername,
          counted: nameFailures,
          over: nameFailures.count >= config.loginMaxFailuresPerUsername,
        },
        {
          limit: config.loginMaxAttemptsPerIp,
          counted: ipAttempts,
          over: ipAttempts.count > config.loginMaxAttemptsPerIp,
        },
      ].filter((limit) => limit.over);
      if (exceeded.length > 0) {
        // When both apply, the client must wait for the later of the two windows.
        const last = exceeded.reduce((a, b) => (b.counted.resetAt > a.counted.resetAt ? b : a));
        throw rateLimited('Too many login attempts. Please wait 15 minutes and try again.', last.limit, last.counted);
      }
      const user = await users.findByUsername(input.username);
      if (!user) throw notFound('User not found');
      if (!(await verifyPassword(user.password_hash, input.password))) {
        await counters.hit(nameKey, LOGIN_WINDOW_MS);
        throw new HttpError(401, 'Invalid username or password');
      }
      await counters.reset(nameKey);
      return issueSession({ id: user.id, username: user.username, isAdmin: user.is_admin === 1 });
    },

    logout: (token: string) => sessions.deleteByTokenHash(hashToken(token)),

    resolve: (token: string): Promise<SessionWithUser | undefined> => sessions.findLive(hashToken(token)),

    purgeExpiredSessions: () => sessions.deleteExpired(),
  };
}
export type AuthService = ReturnType<typeof authService>;

/**
 * One answer whether the username, the email or both are taken, so sign-up does not tell a
 * stranger which addresses have accounts (docs/api.md#errors; the web app shows it on both fields).
 */
const takenError = () => conflict('Username or email is already taken');
