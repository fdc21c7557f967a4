import { todoListEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.js';
import type { ListsService } from './lists.service.js';

/** docs/api.md#to-do-lists-sharing-and-tasks: lists and sharing. */
export const listsRoutes: FastifyPluginAsyncZod<{ service: ListsService }> = async (app, { service }) => {
  route(app, endpoints.lists, async (_request, { user }) => service.lists(user.id));
  route(app, endpoints.createList, async (request, { user }) => service.create(user.id, request.body));
  route(app, endpoints.updateList, async (request, { user }) =>
    service.update(user.id, request.params.id, request.body),
  );
  route(app, endpoints.removeList, async (request, { user }) => {
    await service.remove(user.id, request.params.id);
    return { success: true as const, message: 'List deleted' };
  });
  route(app, endpoints.members, async (request, { user }) => service.members(user.id, request.params.id));
  route(app, endpoints.putMember, async (request, { user }) =>
    service.putMember(user.id, request.params.id, request.body),
  );
  route(app, endpoints.removeMember, async (request, { user }) => {
    await service.removeMember(user.id, request.params.id, request.params.userId);
    return { success: true as const, message: 'Member removed' };
  });
};
