import type { CreateTodoRequest, ListTodosResponse, Todo, UpdateTodoRequest } from '@site/contract';
import { notFound } from '../../core/http-errors.js';
import type { TodoRepository } from './todo.repository.js';

// One message for "no such item" and "someone else's item", so ids reveal nothing.
const NOT_FOUND = 'Todo item not found';

export function todoService(repository: TodoRepository) {
  return {
    async list(userId: number): Promise<ListTodosResponse> {
      const items = await repository.listForUser(userId);
      return { todos: items.filter((t) => !t.completed), completed: items.filter((t) => t.completed) };
    },

    create: (userId: number, input: Required<Pick<CreateTodoRequest, 'title' | 'description'>>) =>
      repository.create(userId, input),

    async update(userId: number, input: UpdateTodoRequest): Promise<Todo> {
      const updated = await repository.update(userId, input.todo_id, input);
      if (!updated) throw notFound(NOT_FOUND);
      return updated;
    },

    async complete(userId: number, todoId: number): Promise<Todo> {
      const updated = await repository.update(userId, todoId, { completed: true });
      if (!updated) throw notFound(NOT_FOUND);
      return updated;
    },

    async remove(userId: number, todoId: number): Promise<void> {
      if (!(await repository.delete(userId, todoId))) throw notFound(NOT_FOUND);
    },
  };
}
