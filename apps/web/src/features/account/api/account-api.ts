import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  PasswordResetConfirmRequest,
} from '@site/contract';
import { callEndpoint, sendToEndpoint } from '../../../lib/api-client';

/** docs/api.md#account: the account page's calls, all on the session's own user. */
export const accountApi = {
  get: (signal?: AbortSignal) => callEndpoint('account.get', { signal }),
  changePassword: (body: ChangePasswordRequest) => callEndpoint('account.changePassword', { body }),
  changeEmail: (body: ChangeEmailRequest) => callEndpoint('account.changeEmail', { body }),
  sessions: (signal?: AbortSignal) => callEndpoint('account.sessions', { signal }),
  endSession: (id: number) => callEndpoint('account.endSession', { params: { id } }),
  endAllSessions: () => callEndpoint('account.endAllSessions'),
  /** The export as the server wrote it (not checked: it is saved as it came, not read). */
  exportData: () => sendToEndpoint('account.exportData'),
  remove: (body: DeleteAccountRequest) => callEndpoint('account.remove', { body }),
};

/** docs/api.md#password-reset: the public reset page's calls (the link's token is the credential). */
export const passwordResetApi = {
  check: (token: string) => callEndpoint('passwordReset.check', { body: { token } }),
  confirm: (body: PasswordResetConfirmRequest) => callEndpoint('passwordReset.confirm', { body }),
};
