import type { AccountResponse } from '@site/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noteSignedOut } from '../../../hooks/use-signed-out-reason';
import { clearStorage } from '../../../lib/storage';
import { accountApi } from './account-api';

/** Key and function of each query of the account feature. */
export const accountQueries = {
  account: () => queryOptions({ queryKey: ['account'] as const, queryFn: ({ signal }) => accountApi.get(signal) }),
  sessions: () =>
    queryOptions({ queryKey: ['account', 'sessions'] as const, queryFn: ({ signal }) => accountApi.sessions(signal) }),
};

export const useAccount = () => useQuery(accountQueries.account());
export const useSessions = () => useQuery(accountQueries.sessions());

/** The session is over for this browser (log out everywhere, account deleted): forget it and go home signed out. */
export function leaveSignedOut(): void {
  clearStorage();
  window.location.assign('/');
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.changeEmail,
    onSuccess: ({ email }) => {
      queryClient.setQueryData<AccountResponse>(accountQueries.account().queryKey, (account) =>
        account ? { ...account, email } : account,
      );
      // /api/me carries the e-mail too.
      return queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.changePassword,
    // Every other session has ended on the server.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.sessions().queryKey }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.sessions().queryKey }),
  });
}

export function useEndAllSessions() {
  return useMutation({ mutationFn: accountApi.endAllSessions, onSuccess: leaveSignedOut });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: accountApi.remove,
    onSuccess: () => {
      // The home page the browser lands on confirms it (app/shell/SignedOutNotice).
      noteSignedOut('account-deleted');
      leaveSignedOut();
    },
  });
}
