import type { AdminUsersQuery, SiteNotice } from '@site/contract';
import { callEndpoint } from '../../../lib/api-client';

/** docs/api.md#admin: the operator's calls (the server answers 403 to anyone but the admin). */
export const adminApi = {
  users: (query: AdminUsersQuery, signal?: AbortSignal) => callEndpoint('admin.users', { query: { ...query }, signal }),
  disable: (id: number) => callEndpoint('admin.disableUser', { params: { id } }),
  enable: (id: number) => callEndpoint('admin.enableUser', { params: { id } }),
  resetLink: (id: number) => callEndpoint('admin.resetLink', { params: { id } }),
  remove: (id: number) => callEndpoint('admin.removeUser', { params: { id } }),
  status: (signal?: AbortSignal) => callEndpoint('admin.status', { signal }),
  notice: (signal?: AbortSignal) => callEndpoint('site.notice', { signal }),
  updateNotice: (notice: SiteNotice) => callEndpoint('admin.updateNotice', { body: notice }),
  resetNotice: () => callEndpoint('admin.resetNotice'),
};
