import { notifications } from '@mantine/notifications';
import type { BulkTodoTasksRequest } from '@site/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * One action on many tasks (`POST /api/todo/tasks/bulk`, all or nothing). Not optimistic: the
 * server refuses the whole batch or does all of it, and its answer says how many it touched.
 * Every to-do query is refetched after, since counts, views and labels all move.
 */
export function useBulkTasks(failure: string | ((request: BulkTodoTasksRequest) => string)) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkTodoTasksRequest) => callEndpoint('todo.bulkTasks', { body }),
    onError: (error, request) => {
      const title = typeof failure === 'string' ? failure : failure(request);
      console.error(title, error);
      notifications.show({ color: 'red', title, message: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['todo'] }),
  });
}
