import {
  type AdminUsersQuery,
  adminStatusResponseSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  resetLinkResponseSchema,
  type SiteNotice,
  siteNoticeResponseSchema,
  successSchema,
} from '@site/contract';
import { routes } from '@site/contract/routes';
import { callApi } from '../../../lib/api-client';

/** docs/api.md#admin: the operator's calls (the server answers 403 to anyone but the admin). */
export const adminApi = {
  users: (query: AdminUsersQuery, signal?: AbortSignal) =>
    callApi(routes.admin.users, { query: { ...query }, schema: adminUsersResponseSchema, signal }),
  disable: (id: number) => callApi(routes.admin.disableUser, { params: { id }, schema: adminUserResponseSchema }),
  enable: (id: number) => callApi(routes.admin.enableUser, { params: { id }, schema: adminUserResponseSchema }),
  resetLink: (id: number) => callApi(routes.admin.resetLink, { params: { id }, schema: resetLinkResponseSchema }),
  remove: (id: number) => callApi(routes.admin.removeUser, { params: { id }, schema: successSchema }),
  status: (signal?: AbortSignal) => callApi(routes.admin.status, { schema: adminStatusResponseSchema, signal }),
  notice: (signal?: AbortSignal) => callApi(routes.site.notice, { schema: siteNoticeResponseSchema, signal }),
  updateNotice: (notice: SiteNotice) =>
    callApi(routes.admin.updateNotice, { body: notice, schema: siteNoticeResponseSchema }),
  resetNotice: () => callApi(routes.admin.resetNotice, { schema: siteNoticeResponseSchema }),
};
