import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { hashPassword } from './password.js';
import type { UsersRepository } from './users.repository.js';

/**
 * docs/api.md: on first start, when no admin exists, create user `admin` with ADMIN_PASSWORD or a
 * generated password that is printed to the log exactly once.
 */
export async function ensureAdmin(
  users: UsersRepository,
  admin: Pick<Config, 'adminPassword' | 'adminEmail'>,
  log: FastifyBaseLogger,
): Promise<void> {
  if (await users.hasAdmin()) return;
  const generated = admin.adminPassword === undefined;
  const password = admin.adminPassword ?? randomBytes(12).toString('base64url');
  const created = await users.create({
    username: 'admin',
    email: admin.adminEmail,
    passwordHash: await hashPassword(password),
    isAdmin: true,
  });
  if (created === undefined) return; // Another instance created it at the same moment.
  if (generated) {
    log.warn(
      `Created the admin account. Username: admin  Password: ${password}  (shown only this once; set ADMIN_PASSWORD to choose it)`,
    );
  } else {
    log.info('Created the admin account "admin" with the password from ADMIN_PASSWORD');
  }
}
