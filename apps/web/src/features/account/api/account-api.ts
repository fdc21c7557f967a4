import {
  accountResponseSchema,
  accountSessionsResponseSchema,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  changeEmailResponseSchema,
  changePasswordResponseSchema,
  type DeleteAccountRequest,
  endSessionsResponseSchema,
  type PasswordResetConfirmRequest,
  passwordResetCheckResponseSchema,
  passwordResetConfirmResponseSchema,
  successSchema,
} from '@site/contract';
import { routes } from '@site/contract/routes';
import { callApi } from '../../../lib/api-client';

/** docs/api.md#account: the account page's calls, all on the session's own user. */
export const accountApi = {
  get: (signal?: AbortSignal) => callApi(routes.account.get, { schema: accountResponseSchema, signal }),
  changePassword: (body: ChangePasswordRequest) =>
    callApi(routes.account.changePassword, { body, schema: changePasswordResponseSchema }),
  changeEmail: (body: ChangeEmailRequest) =>
    callApi(routes.account.changeEmail, { body, schema: changeEmailResponseSchema }),
  sessions: (signal?: AbortSignal) =>
    callApi(routes.account.sessions, { schema: accountSessionsResponseSchema, signal }),
  endSession: (id: number) => callApi(routes.account.endSession, { params: { id }, schema: endSessionsResponseSchema }),
  endAllSessions: () => callApi(routes.account.endAllSessions, { schema: endSessionsResponseSchema }),
  /** The export as the server wrote it (no schema: it is saved as it came, not read). */
  exportData: () => callApi<typeof routes.account.exportData, unknown>(routes.account.exportData),
  remove: (body: DeleteAccountRequest) => callApi(routes.account.remove, { body, schema: successSchema }),
};

/** docs/api.md#password-reset: the public reset page's calls (the link's token is the credential). */
export const passwordResetApi = {
  check: (token: string) =>
    callApi(routes.passwordReset.check, { body: { token }, schema: passwordResetCheckResponseSchema }),
  confirm: (body: PasswordResetConfirmRequest) =>
    callApi(routes.passwordReset.confirm, { body, schema: passwordResetConfirmResponseSchema }),
};
