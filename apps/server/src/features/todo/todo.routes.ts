import { todoEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import { sendStoredAnswer } from '../../core/stored-answer.js';
import type { TodoService } from './todo.service.js';
import type { TodoAnswers } from './todo-answers.js';

/** docs/api.md#every-call (To-do): one path, a method per action; the owner always comes from the session. */
export const todoRoutes: FastifyPluginAsyncZod<{ service: TodoService; answers: TodoAnswers }> = async (
  app,
  { service, answers },
) => {
  // Already serialized and compressed (todo-answers.ts).
  route(
    app,
    endpoints.list,
    async (request, { user, reply }) => sendStoredAnswer(request, reply, await answers.list(user.id)) as never,
  );
  route(app, endpoints.create, async (request, { user }) => service.create(user.id, request.body));
  route(app, endpoints.update, async (request, { user }) => service.update(user.id, request.body));
  route(app, endpoints.complete, async (request, { user }) => service.complete(user.id, request.body.todo_id));
  route(app, endpoints.remove, async (request, { user }) => {
    await service.remove(user.id, request.body.todo_id);
    return { success: true as const, message: 'Todo item deleted', todo_id: request.body.todo_id };
  });
};
