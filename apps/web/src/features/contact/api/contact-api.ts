import type { ContactInboxQuery, ContactRequest } from '@site/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** docs/api.md#contact: the form's calls (public) and the inbox's (the admin's). */
export const contactApi = {
  form: (signal?: AbortSignal) => callEndpoint('contact.form', { signal }),
  send: (body: ContactRequest) => callEndpoint('contact.send', { body }),
  inbox: (query: ContactInboxQuery, signal?: AbortSignal) =>
    callEndpoint('contact.inbox', { query: { ...query }, signal }),
  mark: (id: number, read: boolean) => callEndpoint('contact.mark', { params: { id }, body: { read } }),
  remove: (id: number) => callEndpoint('contact.remove', { params: { id } }),
};

export const contactQueries = {
  /**
   * The form's token (its time is when the visitor started writing). It is never stale by time: a
   * sent message or a refused token asks for a new one.
   */
  form: () =>
    queryOptions({
      queryKey: ['contact', 'form'] as const,
      queryFn: ({ signal }) => contactApi.form(signal),
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      retry: false,
    }),
  inbox: (query: ContactInboxQuery) =>
    queryOptions({
      queryKey: ['contact', 'inbox', query] as const,
      queryFn: ({ signal }) => contactApi.inbox(query, signal),
    }),
};

export const useContactForm = (enabled: boolean) => useQuery({ ...contactQueries.form(), enabled });

/** A page of the inbox; the previous page stays on screen while the next one loads. */
export const useInbox = (query: ContactInboxQuery) =>
  useQuery({ ...contactQueries.inbox(query), placeholderData: keepPreviousData });

/** Marking or deleting: the inbox (and its unread count) refetches. */
function useInboxMutation<A, T>(mutationFn: (input: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contact', 'inbox'] }),
  });
}

export const useMarkMessage = () =>
  useInboxMutation(({ id, read }: { id: number; read: boolean }) => contactApi.mark(id, read));
export const useRemoveMessage = () => useInboxMutation((id: number) => contactApi.remove(id));
