import type {
  BulkTodoTasksRequest,
  CreateTodoRequest,
  CreateTodoTaskRequest,
  MoveTodoTaskRequest,
  TodoTasksQuery,
  UpdateTodoRequest,
  UpdateTodoTaskRequest,
} from '@site/contract';
import { callEndpoint } from '../../../lib/api-client';

/** docs/api.md#every-call (To-do) calls. The server takes the owner from the session; `user` is only checked. */
export const todoApi = {
  list: (signal?: AbortSignal) => callEndpoint('todo.list', { signal }),
  // `key`: an Idempotency-Key, so a change sent again (a queue taken up after a reload) is done once.
  create: (input: CreateTodoRequest, key?: string) => callEndpoint('todo.create', { body: input, idempotencyKey: key }),
  update: (input: UpdateTodoRequest, key?: string) => callEndpoint('todo.update', { body: input, idempotencyKey: key }),
  complete: (todoId: number, key?: string) =>
    callEndpoint('todo.complete', { body: { todo_id: todoId }, idempotencyKey: key }),
  remove: (todoId: number, key?: string) =>
    callEndpoint('todo.remove', { body: { todo_id: todoId }, idempotencyKey: key }),
};

/** docs/api.md#to-do-lists-sharing-and-tasks: the tasks of a view, and a task's own calls. */
export const taskApi = {
  tasks: (query: TodoTasksQuery, signal?: AbortSignal) => callEndpoint('todo.tasks', { query, signal }),
  create: (body: CreateTodoTaskRequest, key?: string) => callEndpoint('todo.createTask', { body, idempotencyKey: key }),
  update: (id: number, body: UpdateTodoTaskRequest, key?: string) =>
    callEndpoint('todo.updateTask', { params: { id }, body, idempotencyKey: key }),
  complete: (id: number, completed: boolean, key?: string) =>
    callEndpoint('todo.completeTask', { params: { id }, body: { completed }, idempotencyKey: key }),
  remove: (id: number, key?: string) => callEndpoint('todo.removeTask', { params: { id }, idempotencyKey: key }),
  move: (id: number, body: MoveTodoTaskRequest, key?: string) =>
    callEndpoint('todo.moveTask', { params: { id }, body, idempotencyKey: key }),
  bulk: (body: BulkTodoTasksRequest) => callEndpoint('todo.bulkTasks', { body }),
  /** Deletes completed tasks: all of mine, or (`list_id`) one list's, null the Inbox. */
  clearCompleted: (listId?: number | null) =>
    callEndpoint('todo.clearCompleted', { body: listId === undefined ? {} : { list_id: listId } }),
  addChecklistItem: (id: number, title: string) =>
    callEndpoint('todo.addChecklistItem', { params: { id }, body: { title } }),
  updateChecklistItem: (id: number, itemId: number, body: { title?: string; done?: boolean }) =>
    callEndpoint('todo.updateChecklistItem', { params: { id, itemId }, body }),
  removeChecklistItem: (id: number, itemId: number) =>
    callEndpoint('todo.removeChecklistItem', { params: { id, itemId } }),
};
