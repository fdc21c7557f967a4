import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProjectFormInput, portfolioApi } from './portfolio-api';

export const portfolioKeys = { all: ['portfolio'] as const };

export const useProjects = () =>
  useQuery({ queryKey: portfolioKeys.all, queryFn: ({ signal }) => portfolioApi.list(signal) });

function usePortfolioMutation<TInput>(
  mutationFn: (input: TInput) => Promise<unknown>,
  success: string,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      notifications.show({ color: 'teal', message: success });
      return queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
    },
    onError: (error) => {
      console.error(failure, error);
      notifications.show({ color: 'red', title: failure, message: error.message });
    },
  });
}

export const useCreateProject = () =>
  usePortfolioMutation(
    (input: ProjectFormInput) => portfolioApi.create(input),
    'Project added',
    'Could not add the project',
  );
export const useUpdateProject = () =>
  usePortfolioMutation(
    ({ id, input }: { id: number; input: ProjectFormInput }) => portfolioApi.update(id, input),
    'Project saved',
    'Could not save the project',
  );
export const useDeleteProject = () =>
  usePortfolioMutation((id: number) => portfolioApi.remove(id), 'Project deleted', 'Could not delete the project');
