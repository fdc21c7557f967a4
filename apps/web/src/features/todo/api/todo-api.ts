import type { CreateTodoRequest, ListTodosResponse, Todo, UpdateTodoRequest } from '@site/contract';
import { routes } from '@site/contract/routes';
import { callApi } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/contract-schemas';

// zod and these schemas load with the first call, not with the page (docs/decisions.md#main-thread-work-after-the-first-paint).
const schemas = lazySchemas(() => import('./todo-schemas'));

/** docs/api.md#every-call (To-do) calls. The server takes the owner from the session; `user` is only checked. */
export const todoApi = {
  list: (signal?: AbortSignal): Promise<ListTodosResponse> =>
    callApi(routes.todo.list, { schema: schemas((c) => c.listTodosResponseSchema), signal }),
  create: (input: CreateTodoRequest): Promise<Todo> =>
    callApi(routes.todo.create, { body: input, schema: schemas((c) => c.todoSchema) }),
  update: (input: UpdateTodoRequest): Promise<Todo> =>
    callApi(routes.todo.update, { body: input, schema: schemas((c) => c.todoSchema) }),
  complete: (todoId: number): Promise<Todo> =>
    callApi(routes.todo.complete, { body: { todo_id: todoId }, schema: schemas((c) => c.todoSchema) }),
  remove: (todoId: number) =>
    callApi(routes.todo.remove, { body: { todo_id: todoId }, schema: schemas((c) => c.deleteTodoResponseSchema) }),
};
