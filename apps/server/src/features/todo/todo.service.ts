import {
  type CreateTodoRequest,
  type ListTodosResponse,
  TODOS_MAX,
  type Todo,
  type UpdateTodoRequest,
} from '@site/contract';
import { badRequest, notFound } from '../../core/http-errors.js';
import type { TodoRepository } from './todo.repository.js';

// One message for "no such item" and "someone else's item", so ids reveal nothing.
const NOT_FOUND = 'Todo item not found';

export function todoService(repository: TodoRepository, max = TODOS_MAX) {
  return {
    async list(userId: number): Promise<ListTodosResponse> {
      const items = await repository.listForUser(userId);
      return { todos: items.filter((t) => !t.completed), completed: items.filter((t) => t.completed) };
    },

    async create(userId: number, input: Required<Pick<CreateTodoRequest, 'title' | 'description'>>): Promise<Todo> {
      const created = await repository.create(userId, input, max);
      // 400 like the wallet and saved-location caps (docs/api.md#limits).
      if (!created)
        throw badRequest(`You can have at most ${max.toLocaleString('en-US')} to-dos. Delete some to add more.`);
      return created;
    },

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

export type TodoService = ReturnType<typeof todoService>;
