import {
  type CreateTodoRequest,
  deleteTodoResponseSchema,
  type ListTodosResponse,
  listTodosResponseSchema,
  type Todo,
  todoSchema,
  type UpdateTodoRequest,
} from '@site/contract';
import { routes } from '@site/contract/routes';
import { callApi } from '../../../lib/api-client';

/** docs/api.md#every-call (To-do) calls. The server takes the owner from the session; `user` is only checked. */
export const todoApi = {
  list: (signal?: AbortSignal): Promise<ListTodosResponse> =>
    callApi(routes.todo.list, { schema: listTodosResponseSchema, signal }),
  create: (input: CreateTodoRequest): Promise<Todo> => callApi(routes.todo.create, { body: input, schema: todoSchema }),
  update: (input: UpdateTodoRequest): Promise<Todo> => callApi(routes.todo.update, { body: input, schema: todoSchema }),
  complete: (todoId: number): Promise<Todo> =>
    callApi(routes.todo.complete, { body: { todo_id: todoId }, schema: todoSchema }),
  remove: (todoId: number) =>
    callApi(routes.todo.remove, { body: { todo_id: todoId }, schema: deleteTodoResponseSchema }),
};
