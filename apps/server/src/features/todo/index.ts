import type { FastifyInstance } from 'fastify';
import { todoRepository } from './todo.repository.js';
import { todoRoutes } from './todo.routes.js';
import { todoService } from './todo.service.js';

/** The to-do lists (docs/api.md#every-call): wired from the app's database. */
export async function todoFeature(api: FastifyInstance): Promise<void> {
  const service = todoService(todoRepository(api.deps.database));
  await api.register(todoRoutes, { service });
}
