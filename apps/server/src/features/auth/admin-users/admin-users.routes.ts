import { adminEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.js';
import { publicBaseUrl } from '../../../core/public-url.js';
import type { AdminUsersService } from './admin-users.service.js';

/** The admin's user management (docs/api.md#admin): access 'admin' answers 401 / 403 to anyone else. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{
  service: AdminUsersService;
  /** PUBLIC_URL, else the link is based on the admin's own request. */
  publicUrl: string | undefined;
}> = async (app, { service: admin, publicUrl }) => {
  route(app, endpoints.users, async (request) => admin.list(request.query));

  route(app, endpoints.disableUser, async (request, { user }) => ({
    user: await admin.disable(request.params.id, user.id),
  }));

  route(app, endpoints.enableUser, async (request) => ({ user: await admin.enable(request.params.id) }));

  route(app, endpoints.resetLink, async (request) =>
    admin.resetLink(request.params.id, publicBaseUrl(request, publicUrl)),
  );

  route(app, endpoints.removeUser, async (request, { user }) => {
    await admin.remove(request.params.id, user.id);
    return { success: true as const };
  });
};
