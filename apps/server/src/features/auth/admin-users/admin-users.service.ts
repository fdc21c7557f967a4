import type { AdminUser, AdminUsersResponse } from '@site/contract';
import { conflict, notFound } from '../../../core/http-errors.js';
import { issueResetLink } from '../password-reset/password-reset.service.js';
import type { ResetTokensRepository } from '../password-reset/reset-tokens.repository.js';
import type { UsersRepository } from '../users.repository.js';
import type { AdminUsersRepository } from './admin-users.repository.js';

/** The operator's user management (docs/api.md#admin); the routes admit only the admin role. */
export function adminUsersService(
  repository: AdminUsersRepository,
  users: UsersRepository,
  resetTokens: ResetTokensRepository,
  /** Every instance forgets the user's cached sessions (auth.service.ts `forgetSessionsOf`). */
  forgetSessionsOf: (userId: number) => void,
) {
  async function existing(id: number): Promise<AdminUser> {
    const user = await repository.find(id);
    if (!user) throw notFound('User not found');
    return user;
  }

  return {
    async list(query: { q?: string | undefined; page: number; page_size: number }): Promise<AdminUsersResponse> {
      const { users: page, total } = await repository.list({ q: query.q, page: query.page, pageSize: query.page_size });
      return { users: page, total, page: query.page, page_size: query.page_size };
    },

    /** No login, and every session ends at once. Admin accounts (the caller's own too) cannot be disabled. */
    async disable(id: number, actingUserId: number): Promise<AdminUser> {
      const user = await existing(id);
      if (id === actingUserId) throw conflict('You cannot disable your own account');
      if (user.is_admin) throw conflict('An admin account cannot be disabled');
      await repository.disable(id);
      forgetSessionsOf(id);
      return existing(id);
    },

    async enable(id: number): Promise<AdminUser> {
      await existing(id);
      await repository.enable(id);
      // A session row that outlived the disabling (a login that raced it) works again.
      forgetSessionsOf(id);
      return existing(id);
    },

    async resetLink(id: number, baseUrl: string) {
      await existing(id);
      return issueResetLink(resetTokens, { userId: id, issuedBy: 'admin', baseUrl });
    },

    /** The user and every row they own, in one transaction (usersRepository.remove). */
    async remove(id: number, actingUserId: number) {
      const user = await existing(id);
      if (id === actingUserId) throw conflict('You cannot delete your own account here');
      if (user.is_admin) throw conflict('An admin account cannot be deleted');
      // Someone else deleted it in the meantime: the same answer as for an unknown id.
      if (!(await users.remove(id))) throw notFound('User not found');
      forgetSessionsOf(id);
    },
  };
}
export type AdminUsersService = ReturnType<typeof adminUsersService>;
