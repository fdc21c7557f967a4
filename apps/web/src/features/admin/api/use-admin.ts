import { notifications } from '@mantine/notifications';
import type { AdminUsersQuery, SiteNoticeResponse } from '@site/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './admin-api';

export const adminQueries = {
  users: (query: AdminUsersQuery) =>
    queryOptions({
      queryKey: ['admin', 'users', query] as const,
      queryFn: ({ signal }) => adminApi.users(query, signal),
    }),
  status: () =>
    queryOptions({
      queryKey: ['admin', 'status'] as const,
      queryFn: ({ signal }) => adminApi.status(signal),
      staleTime: 0,
    }),
  notice: () =>
    queryOptions({ queryKey: ['admin', 'notice'] as const, queryFn: ({ signal }) => adminApi.notice(signal) }),
};

/** A page of users; the previous page stays on screen while the next one (or a new search) loads. */
export const useAdminUsers = (query: AdminUsersQuery) =>
  useQuery({ ...adminQueries.users(query), placeholderData: keepPreviousData });
export const useAdminStatus = () => useQuery(adminQueries.status());
export const useAdminNotice = () => useQuery(adminQueries.notice());

/** A change to one user: the lists refetch; a failure is shown as a notification. */
function useUserMutation<T>(mutationFn: (id: number) => Promise<T>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    onError: (error) => notifications.show({ color: 'red', title: failure, message: error.message }),
  });
}

export const useDisableUser = () => useUserMutation(adminApi.disable, 'Could not disable the user');
export const useEnableUser = () => useUserMutation(adminApi.enable, 'Could not enable the user');
export const useRemoveUser = () => useUserMutation(adminApi.remove, 'Could not delete the user');
/** Errors are shown in the reset-link modal itself. */
export const useResetLink = () => useMutation({ mutationFn: adminApi.resetLink });

/** Saving or restoring the notice: the editor takes the answer, and the home page's copy refetches. */
function useNoticeMutation<T>(mutationFn: (input: T) => Promise<SiteNoticeResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      queryClient.setQueryData(adminQueries.notice().queryKey, answer);
      // The home page's query of GET /api/site/notice (features/home) is ['site', 'notice'].
      return queryClient.invalidateQueries({ queryKey: ['site', 'notice'] });
    },
  });
}

export const useUpdateNotice = () => useNoticeMutation(adminApi.updateNotice);
export const useResetNotice = () => useNoticeMutation(adminApi.resetNotice);
