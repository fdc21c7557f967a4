import {
  apiErrorSchema,
  createTodoRequestSchema,
  deleteTodoResponseSchema,
  listTodosQuerySchema,
  listTodosResponseSchema,
  todoIdRequestSchema,
  todoSchema,
  updateTodoRequestSchema,
} from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSeedUser, requireUser } from '../auth/auth.plugin.js';
import { todoRepository } from './todo.repository.js';
import { todoService } from './todo.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Seed §7 To-do: one path, a method per action; the owner always comes from the session. */
export const todoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = todoService(todoRepository(app.deps.database.db));
  app.addHook('onRequest', requireUser);

  app.get(
    '/todo',
    {
      schema: {
        tags: ['todo'],
        summary: 'The signed-in user’s items: open and completed, newest first',
        querystring: listTodosQuerySchema,
        response: { 200: listTodosResponseSchema, ...errors },
      },
    },
    async (request) => service.list(assertSeedUser(request, request.query.user).id),
  );

  app.post(
    '/todo',
    {
      schema: {
        tags: ['todo'],
        summary: 'Add an item',
        body: createTodoRequestSchema,
        response: { 200: todoSchema, ...errors },
      },
    },
    async (request) => {
      const user = assertSeedUser(request, request.body.user);
      return service.create(user.id, request.body);
    },
  );

  app.patch(
    '/todo',
    {
      schema: {
        tags: ['todo'],
        summary: 'Edit an item’s title, description or completed flag',
        body: updateTodoRequestSchema,
        response: { 200: todoSchema, ...errors },
      },
    },
    async (request) => service.update(assertSeedUser(request, request.body.user).id, request.body),
  );

  app.put(
    '/todo',
    {
      schema: {
        tags: ['todo'],
        summary: 'Mark an item complete',
        body: todoIdRequestSchema,
        response: { 200: todoSchema, ...errors },
      },
    },
    async (request) => service.complete(assertSeedUser(request, request.body.user).id, request.body.todo_id),
  );

  app.delete(
    '/todo',
    {
      schema: {
        tags: ['todo'],
        summary: 'Delete an item',
        body: todoIdRequestSchema,
        response: { 200: deleteTodoResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.remove(assertSeedUser(request, request.body.user).id, request.body.todo_id);
      return { success: true as const, message: 'Todo item deleted', todo_id: request.body.todo_id };
    },
  );
};
