import type { AccountExportHead } from '../../../core/account-data.js';
import type { DatabaseHandle } from '../../../db/database.js';

/**
 * The user's own row as 'Export my data' (docs/api.md#export) shows it: the password hash never
 * leaves the server. Every other part of the export is a feature's (core/account-data.ts).
 */
export function accountExportRepository({ db }: DatabaseHandle) {
  return {
    async user(userId: number): Promise<AccountExportHead['user']> {
      const user = await db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'is_admin', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return { ...user, is_admin: user.is_admin === 1 };
    },
  };
}
export type AccountExportRepository = ReturnType<typeof accountExportRepository>;
