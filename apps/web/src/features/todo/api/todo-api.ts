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
  create: (input: CreateTodoRequest) => callEndpoint('todo.create', { body: input }),
  update: (input: UpdateTodoRequest) => callEndpoint('todo.update', { body: input }),
  complete: (todoId: number) => callEndpoint('todo.complete', { body: { todo_id: todoId } }),
  remove: (todoId: number) => callEndpoint('todo.remove', { body: { todo_id: todoId } }),
};

/** docs/api.md#to-do-lists-sharing-and-tasks: the tasks of a view, and a task's own calls. */
export const taskApi = {
  tasks: (query: TodoTasksQuery, signal?: AbortSignal) => callEndpoint('todo.tasks', { query, signal }),
  create: (body: CreateTodoTaskRequest) => callEndpoint('todo.createTask', { body }),
  update: (id: number, body: UpdateTodoTaskRequest) => callEndpoint('todo.updateTask', { params: { id }, body }),
  complete: (id: number, completed: boolean) =>
    callEndpoint('todo.completeTask', { params: { id }, body: { completed } }),
  remove: (id: number) => callEndpoint('todo.removeTask', { params: { id } }),
  move: (id: number, body: MoveTodoTaskRequest) => callEndpoint('todo.moveTask', { params: { id }, body }),
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
