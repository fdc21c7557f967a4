import {
  type CreateTodoRequest,
  deleteTodoResponseSchema,
  type ListTodosResponse,
  listTodosResponseSchema,
  type Todo,
  todoSchema,
  type UpdateTodoRequest,
} from '@site/contract';
import { apiRequest } from '../../../lib/api-client';

/** Seed §7 To-do calls. The server takes the owner from the session; `user` is only checked. */
export const todoApi = {
  list: (signal?: AbortSignal): Promise<ListTodosResponse> =>
    apiRequest('GET', '/api/todo', { schema: listTodosResponseSchema, signal }),
  create: (input: CreateTodoRequest): Promise<Todo> =>
    apiRequest('POST', '/api/todo/', { body: input, schema: todoSchema }),
  update: (input: UpdateTodoRequest): Promise<Todo> =>
    apiRequest('PATCH', '/api/todo/', { body: input, schema: todoSchema }),
  complete: (todoId: number): Promise<Todo> =>
    apiRequest('PUT', '/api/todo/', { body: { todo_id: todoId }, schema: todoSchema }),
  remove: (todoId: number) =>
    apiRequest('DELETE', '/api/todo/', { body: { todo_id: todoId }, schema: deleteTodoResponseSchema }),
};
