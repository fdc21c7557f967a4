import { todoTaskEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.js';
import type { TasksService } from './tasks.service.js';

/** docs/api.md#to-do-lists-sharing-and-tasks: tasks and their checklists. */
export const tasksRoutes: FastifyPluginAsyncZod<{ service: TasksService }> = async (app, { service }) => {
  route(app, endpoints.tasks, async (request, { user }) => service.tasks(user.id, request.query));
  route(app, endpoints.createTask, async (request, { user }) => service.create(user.id, request.body));
  route(app, endpoints.bulkTasks, async (request, { user }) => service.bulk(user.id, request.body));
  route(app, endpoints.clearCompleted, async (request, { user }) =>
    service.clearCompleted(user.id, request.body.list_id),
  );
  route(app, endpoints.updateTask, async (request, { user }) =>
    service.update(user.id, request.params.id, request.body),
  );
  route(app, endpoints.removeTask, async (request, { user }) => {
    await service.remove(user.id, request.params.id);
    return { success: true as const, message: 'Task deleted' };
  });
  route(app, endpoints.completeTask, async (request, { user }) =>
    service.complete(user.id, request.params.id, request.body.completed),
  );
  route(app, endpoints.moveTask, async (request, { user }) => service.move(user.id, request.params.id, request.body));
  route(app, endpoints.addChecklistItem, async (request, { user }) =>
    service.addChecklistItem(user.id, request.params.id, request.body.title),
  );
  route(app, endpoints.updateChecklistItem, async (request, { user }) =>
    service.updateChecklistItem(user.id, request.params.id, request.params.itemId, request.body),
  );
  route(app, endpoints.removeChecklistItem, async (request, { user }) => {
    await service.removeChecklistItem(user.id, request.params.id, request.params.itemId);
    return { success: true as const, message: 'Checklist item deleted' };
  });
};
