import type { FastifyInstance } from 'fastify';
import { todoRepository } from './todo.repository.js';
import { todoRoutes } from './todo.routes.js';
import { todoService } from './todo.service.js';

/** The to-do lists (docs/api.md#every-call): wired from the app's database. */
export async function todoFeature(api: FastifyInstance): Promise<void> {
  const repository = todoRepository(api.deps.database);
  const service = todoService(repository);
  api.deps.accountData.register('todos', {
    exportRows: async (userId) => ({ todos: await repository.exportRows(userId) }),
  });
  await api.register(todoRoutes, { service });
}
