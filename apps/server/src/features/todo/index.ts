import { checkRecurrence, nextDue, ruleAfterCompletion } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import { labelsRepository } from './labels/labels.repository.js';
import { labelsRoutes } from './labels/labels.routes.js';
import { labelsService } from './labels/labels.service.js';
import { listsRepository } from './lists/lists.repository.js';
import { listsRoutes } from './lists/lists.routes.js';
import { listsService } from './lists/lists.service.js';
import { tasksRepository } from './tasks/tasks.repository.js';
import { tasksRoutes } from './tasks/tasks.routes.js';
import { tasksService } from './tasks/tasks.service.js';
import { todoRepository } from './todo.repository.js';
import { todoRoutes } from './todo.routes.js';
import { todoService } from './todo.service.js';
import { todoAnswers } from './todo-answers.js';
import { transferRepository } from './transfer/transfer.repository.js';
import { transferRoutes } from './transfer/transfer.routes.js';
import { transferService } from './transfer/transfer.service.js';

/** The to-do app (docs/api.md#every-call, docs/api.md#to-do-lists-sharing-and-tasks): wired from the app's database. */
export async function todoFeature(api: FastifyInstance): Promise<void> {
  const database = api.deps.database;
  const repository = todoRepository(database);
  const service = todoService(repository);
  api.deps.accountData.register('todos', {
    exportRows: (userId) => repository.exportRows(userId),
  });
  await api.register(todoRoutes, { service, answers: todoAnswers(database, (userId) => service.list(userId)) });
  await api.register(listsRoutes, { service: listsService(listsRepository(database)) });
  const tasksRepo = tasksRepository(database);
  // The contract's recurring rules (todo-recurrence.ts), the same the browser reads.
  const tasks = tasksService(tasksRepo, { nextDue, checkRecurrence, ruleAfterCompletion });
  await api.register(tasksRoutes, { service: tasks });
  await api.register(transferRoutes, {
    service: transferService(transferRepository(database), {
      tasks,
      findList: (userId, name) => tasksRepo.listNamed(userId, name),
    }),
    publicUrl: api.deps.config.publicUrl,
  });
  await api.register(labelsRoutes, { service: labelsService(labelsRepository(database)) });
}
