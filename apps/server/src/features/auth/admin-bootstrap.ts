import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { isUniqueViolation } from '../../db/errors.js';
import { hashPassword } from './password.js';
import { usersRepository } from './users.repository.js';

/**
 * docs/api.md: on first start, when no admin exists, create user `admin` with ADMIN_PASSWORD or a
 * generated password that is printed to the log exactly once.
 */
export async function ensureAdmin(deps: AppDeps, log: FastifyBaseLogger): Promise<void> {
  const users = usersRepository(deps.database);
  if (await users.hasAdmin()) return;
  const generated = deps.config.adminPassword === undefined;
  const password = deps.config.adminPassword ?? randomBytes(12).toString('base64url');
  try {
    await users.create({
      username: 'admin',
      email: deps.config.adminEmail,
      passwordHash: await hashPassword(password),
      isAdmin: true,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return; // Another instance created it at the same moment.
    throw error;
  }
  if (generated) {
    log.warn(
      `Created the admin account. Username: admin  Password: ${password}  (shown only this once; set ADMIN_PASSWORD to choose it)`,
    );
  } else {
    log.info('Created the admin account "admin" with the password from ADMIN_PASSWORD');
  }
}
