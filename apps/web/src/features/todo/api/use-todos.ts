import { notifications } from '@mantine/notifications';
import type { ListTodosResponse, Todo } from '@site/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type OfflineCopyMeta, withOfflineCopy } from '../../../lib/offline-copy';
import { todoApi } from './todo-api';

/** Key and function of each query of the to-do feature, for hooks, prefetches and cache updates. */
export const todoQueries = {
  /** The open and the completed items, newest first. */
  lists: () =>
    queryOptions({
      queryKey: ['todo'] as const,
      // docs/product.md#offline: offline, the last list read-only.
      queryFn: ({ signal }) => withOfflineCopy('todo', () => todoApi.list(signal)),
      meta: { offlineCopy: 'todo' } satisfies OfflineCopyMeta,
      networkMode: 'offlineFirst',
    }),
};

/** The signed-in user's lists (the page asks only once someone is signed in). */
export function useTodos() {
  return useQuery({
    ...todoQueries.lists(),
    // Keep showing the current list while it refreshes, so changes never flash a loader.
    placeholderData: keepPreviousData,
  });
}

/** Puts a changed item into the cached lists at once (open or completed, newest first), then refetches. */
function placeItem(data: ListTodosResponse | undefined, item: Todo): ListTodosResponse | undefined {
  if (!data) return data;
  const others = (list: Todo[]) => list.filter((t) => t.id !== item.id);
  const insert = (list: Todo[]) => [...others(list), item].sort((a, b) => b.id - a.id);
  return item.completed
    ? { todos: others(data.todos), completed: insert(data.completed) }
    : { todos: insert(data.todos), completed: others(data.completed) };
}

function useTodoMutation<TInput>(mutationFn: (input: TInput) => Promise<Todo | { todo_id: number }>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      queryClient.setQueryData(todoQueries.lists().queryKey, (data) => {
        if ('id' in result) return placeItem(data, result);
        return (
          data && {
            todos: data.todos.filter((t) => t.id !== result.todo_id),
            completed: data.completed.filter((t) => t.id !== result.todo_id),
          }
        );
      });
      return queryClient.invalidateQueries({ queryKey: todoQueries.lists().queryKey });
    },
    onError: (error) => {
      console.error(failure, error);
      notifications.show({ color: 'red', title: failure, message: error.message });
    },
  });
}

export const useCreateTodo = () => useTodoMutation(todoApi.create, 'Could not add the item');
export const useUpdateTodo = () => useTodoMutation(todoApi.update, 'Could not save the item');
export const useCompleteTodo = () => useTodoMutation(todoApi.complete, 'Could not mark the item complete');
export const useDeleteTodo = () => useTodoMutation(todoApi.remove, 'Could not delete the item');
