import type { CreateTodoRequest, UpdateTodoRequest } from '@site/contract';
import { callEndpoint } from '../../../lib/api-client';

/** docs/api.md#every-call (To-do) calls. The server takes the owner from the session; `user` is only checked. */
export const todoApi = {
  list: (signal?: AbortSignal) => callEndpoint('todo.list', { signal }),
  create: (input: CreateTodoRequest) => callEndpoint('todo.create', { body: input }),
  update: (input: UpdateTodoRequest) => callEndpoint('todo.update', { body: input }),
  complete: (todoId: number) => callEndpoint('todo.complete', { body: { todo_id: todoId } }),
  remove: (todoId: number) => callEndpoint('todo.remove', { body: { todo_id: todoId } }),
};
