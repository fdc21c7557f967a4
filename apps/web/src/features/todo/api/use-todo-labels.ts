import { notifications } from '@mantine/notifications';
import type { TodoColour, TodoLabel } from '@site/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Every to-do key starts with 'todo', so `['todo']` reaches them all. */
export const todoLabelKeys = { all: ['todo', 'labels'] as const };

export const todoLabelQueries = {
  /** My label list, in order, with colours and open counts. */
  labels: () =>
    queryOptions({
      queryKey: todoLabelKeys.all,
      queryFn: ({ signal }) => callEndpoint('todo.labels', { signal }),
    }),
};

export function useTodoLabels() {
  return useQuery(todoLabelQueries.labels());
}

function reportFailure(failure: string, error: Error) {
  console.error(failure, error);
  notifications.show({ color: 'red', title: failure, message: error.message });
}

/** Changes the cached labels at once and gives back what they were, for a rollback. */
function useChangeLabels() {
  const queryClient = useQueryClient();
  const { queryKey } = todoLabelQueries.labels();
  return {
    change: async (update: (labels: TodoLabel[]) => TodoLabel[]) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (data) => data && { labels: update(data.labels) });
      return { previous };
    },
    restore: (previous: { labels: TodoLabel[] } | undefined) => {
      if (previous) queryClient.setQueryData(queryKey, previous);
    },
    // A rename or a deletion changes the tasks' labels: every to-do query is refetched.
    refetchAll: () => queryClient.invalidateQueries({ queryKey: ['todo'] }),
  };
}

export interface UpdateTodoLabelInput {
  label: TodoLabel;
  changes: { name?: string; colour?: TodoColour };
}

/** Recolours or renames a label (on all my tasks): shown at once, put back if refused. */
export function useUpdateTodoLabel() {
  const labels = useChangeLabels();
  return useMutation({
    mutationFn: ({ label, changes }: UpdateTodoLabelInput) =>
      callEndpoint('todo.updateLabel', { params: { name: label.name }, body: changes }),
    onMutate: ({ label, changes }) =>
      labels.change((list) => {
        const name = changes.name?.trim();
        const changed = { ...label, ...changes, ...(name === undefined ? {} : { name }) };
        // Renaming into an existing label merges the two (docs/api.md): one row stays.
        const merged = list.filter(
          (item) => item.name === label.name || item.name.toLowerCase() !== changed.name.toLowerCase(),
        );
        return merged.map((item) => (item.name === label.name ? changed : item));
      }),
    onError: (error, { label }, context) => {
      labels.restore(context?.previous);
      reportFailure(`Could not change the label ${label.name}`, error);
    },
    onSettled: labels.refetchAll,
  });
}

/** Deletes a label and takes it off my tasks: gone at once, back if refused. */
export function useDeleteTodoLabel() {
  const labels = useChangeLabels();
  return useMutation({
    mutationFn: (label: TodoLabel) => callEndpoint('todo.removeLabel', { params: { name: label.name } }),
    onMutate: (label) => labels.change((list) => list.filter((item) => item.name !== label.name)),
    onError: (error, label, context) => {
      labels.restore(context?.previous);
      reportFailure(`Could not delete the label ${label.name}`, error);
    },
    onSuccess: (_answer, label) => notifications.show({ color: 'teal', message: `Label ${label.name} deleted` }),
    onSettled: labels.refetchAll,
  });
}
