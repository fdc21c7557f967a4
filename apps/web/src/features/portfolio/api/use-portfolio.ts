import { notifications } from '@mantine/notifications';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProjectFormInput, portfolioApi } from './portfolio-api';

/** Key and function of each query of the portfolio feature, for hooks, prefetches and cache updates. */
export const portfolioQueries = {
  /** The list as a visitor gets it (what the server draws the page with). */
  projects: () =>
    queryOptions({ queryKey: ['portfolio'] as const, queryFn: ({ signal }) => portfolioApi.list(signal) }),
  /** The admin's list: the same call, which then holds the drafts too (the server reads the session). */
  allProjects: () =>
    queryOptions({ queryKey: ['portfolio', 'all'] as const, queryFn: ({ signal }) => portfolioApi.list(signal) }),
  project: (slug: string) =>
    queryOptions({
      queryKey: ['portfolio', 'project', slug] as const,
      queryFn: ({ signal }) => portfolioApi.project(slug, signal),
    }),
};

export const useProjects = (isAdmin = false) =>
  useQuery({
    queryKey: isAdmin ? portfolioQueries.allProjects().queryKey : portfolioQueries.projects().queryKey,
    queryFn: ({ signal }) => portfolioApi.list(signal),
    // The admin's list is asked once the session says admin: the public list stays on screen
    // meanwhile, instead of a loader in place of the cards the page was drawn with. Not the other
    // way: after Log Out the admin's drafts must not stay on screen while the public list loads.
    placeholderData: isAdmin ? keepPreviousData : undefined,
  });
export const useProject = (slug: string) => useQuery(portfolioQueries.project(slug));

/**
 * `failure` is a toast title; null for a change made in a modal, whose form shows its own failure
 * (a toast would cover the modal's buttons).
 */
function usePortfolioMutation<TInput>(
  mutationFn: (input: TInput) => Promise<unknown>,
  success: string,
  failure: string | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      notifications.show({ color: 'teal', message: success });
      return queryClient.invalidateQueries({ queryKey: portfolioQueries.projects().queryKey });
    },
    onError: (error) => {
      if (failure === null) return;
      console.error(failure, error);
      notifications.show({ color: 'red', title: failure, message: error.message });
    },
  });
}

export const useCreateProject = () =>
  usePortfolioMutation((input: ProjectFormInput) => portfolioApi.create(input), 'Project added', null);
export const useUpdateProject = () =>
  usePortfolioMutation(
    ({ id, input }: { id: number; input: ProjectFormInput }) => portfolioApi.update(id, input),
    'Project saved',
    null,
  );
export const useReorderProjects = () =>
  usePortfolioMutation((ids: number[]) => portfolioApi.order(ids), 'Order saved', null);
export const useDeleteProject = () =>
  usePortfolioMutation((id: number) => portfolioApi.remove(id), 'Project deleted', 'Could not delete the project');
