import { notifications } from '@mantine/notifications';
import type {
  CreateTodoListRequest,
  TodoList,
  TodoListMember,
  TodoListMembersResponse,
  TodoListsResponse,
  TodoMemberRole,
  UpdateTodoListRequest,
} from '@site/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Prefixes of the lists' keys. Every to-do key starts with 'todo', so `['todo']` reaches them all. */
export const todoListKeys = {
  all: ['todo', 'lists'] as const,
  members: (listId: number) => ['todo', 'lists', listId, 'members'] as const,
};

/** Key and function of each query of the lists, for hooks, prefetches and cache updates. */
export const todoListQueries = {
  /** My lists in their order, then the lists shared with me, and the Inbox's open count. */
  lists: () =>
    queryOptions({
      queryKey: [...todoListKeys.all, 'overview'] as const,
      queryFn: ({ signal }) => callEndpoint('todo.lists', { signal }),
    }),
  /** Who a list is shared with. */
  members: (listId: number) =>
    queryOptions({
      queryKey: todoListKeys.members(listId),
      queryFn: ({ signal }) => callEndpoint('todo.members', { params: { id: listId }, signal }),
    }),
};

export function useTodoLists() {
  return useQuery(todoListQueries.lists());
}

/** Who a list is shared with; idle while `listId` is null (the dialog is closed). */
export function useTodoListMembers(listId: number | null) {
  return useQuery({ ...todoListQueries.members(listId ?? 0), enabled: listId !== null });
}

function reportFailure(failure: string, error: Error) {
  console.error(failure, error);
  notifications.show({ color: 'red', title: failure, message: error.message });
}

type ListsUpdater = (lists: TodoList[]) => TodoList[];

/**
 * Changes the cached overview at once and gives back what it held, so a failed call puts it back
 * (the optimistic update of TanStack Query's guide).
 */
async function changeLists(queryClient: QueryClient, update: ListsUpdater) {
  const { queryKey } = todoListQueries.lists();
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData(queryKey);
  queryClient.setQueryData(queryKey, (data) => data && { ...data, lists: update(data.lists) });
  return { previous };
}

function restoreLists(queryClient: QueryClient, previous: TodoListsResponse | undefined) {
  if (previous) queryClient.setQueryData(todoListQueries.lists().queryKey, previous);
}

const replaceList = (list: TodoList) => (lists: TodoList[]) => lists.map((item) => (item.id === list.id ? list : item));

/** Creates a list (not optimistic: it needs its id); a refusal such as the list limit is left to the form. */
export function useCreateTodoList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTodoListRequest) => callEndpoint('todo.createList', { body }),
    onSuccess: (list) => {
      const { queryKey } = todoListQueries.lists();
      // A new list goes at the end of my own lists, before the ones shared with me.
      queryClient.setQueryData(queryKey, (data) => {
        if (!data) return data;
        const own = data.lists.filter((item) => item.role === 'owner');
        const shared = data.lists.filter((item) => item.role !== 'owner');
        return { ...data, lists: [...own, list, ...shared] };
      });
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}

export interface UpdateTodoListInput {
  list: TodoList;
  changes: Omit<UpdateTodoListRequest, 'after_id' | 'before_id'>;
}

/** Renames, recolours, archives or unarchives a list, shown at once and put back if refused. */
export function useUpdateTodoList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ list, changes }: UpdateTodoListInput) =>
      callEndpoint('todo.updateList', { params: { id: list.id }, body: changes }),
    onMutate: ({ list, changes }) =>
      changeLists(queryClient, (lists) =>
        lists.map((item) => (item.id === list.id ? { ...item, ...trimmed(changes) } : item)),
      ),
    onError: (error, { list }, context) => {
      restoreLists(queryClient, context?.previous);
      reportFailure(`Could not change ${list.name}`, error);
    },
    onSuccess: (list) => {
      queryClient.setQueryData(
        todoListQueries.lists().queryKey,
        (data) => data && { ...data, lists: replaceList(list)(data.lists) },
      );
    },
    // Archiving changes which tasks the views show: every to-do query is refetched.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['todo'] }),
  });
}

const trimmed = (changes: UpdateTodoListInput['changes']) =>
  changes.name === undefined ? changes : { ...changes, name: changes.name.trim() };

/** Where a list goes: right before one of my lists, or right after one (docs/api.md: one is enough). */
export type ListPlace = { before_id: number } | { after_id: number };

export interface MoveTodoListInput {
  list: TodoList;
  to: ListPlace;
}

/**
 * The neighbour a list moves next to among my own lists in the same section (archived or not),
 * or null when it is already at that end.
 */
export function moveNeighbour(lists: readonly TodoList[], list: TodoList, direction: 'up' | 'down') {
  const section = lists.filter((item) => item.role === 'owner' && item.archived === list.archived);
  const index = section.findIndex((item) => item.id === list.id);
  if (index < 0) return null;
  return section[direction === 'up' ? index - 1 : index + 1] ?? null;
}

/** `lists` with `list` taken out and put back at `to` (unchanged when that neighbour is not there). */
export function placeList(lists: readonly TodoList[], list: TodoList, to: ListPlace): TodoList[] {
  const rest = lists.filter((item) => item.id !== list.id);
  const anchor = rest.findIndex((item) => item.id === ('before_id' in to ? to.before_id : to.after_id));
  if (anchor < 0) return [...lists];
  const at = 'before_id' in to ? anchor : anchor + 1;
  return [...rest.slice(0, at), list, ...rest.slice(at)];
}

/** Moves one of my lists next to another (menu or drag), shown at once and put back if refused. */
export function useMoveTodoList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ list, to }: MoveTodoListInput) =>
      callEndpoint('todo.updateList', { params: { id: list.id }, body: to }),
    onMutate: ({ list, to }) => changeLists(queryClient, (lists) => placeList(lists, list, to)),
    onError: (error, { list }, context) => {
      restoreLists(queryClient, context?.previous);
      reportFailure(`Could not move ${list.name}`, error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: todoListQueries.lists().queryKey }),
  });
}

/** Deletes a list and its tasks; gone from the side bar at once, back if refused. */
export function useDeleteTodoList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: TodoList) => callEndpoint('todo.removeList', { params: { id: list.id } }),
    onMutate: (list) => changeLists(queryClient, (lists) => lists.filter((item) => item.id !== list.id)),
    onError: (error, list, context) => {
      restoreLists(queryClient, context?.previous);
      reportFailure(`Could not delete ${list.name}`, error);
    },
    onSuccess: (_answer, list) => {
      notifications.show({ color: 'teal', message: `List ${list.name} deleted` });
      queryClient.removeQueries({ queryKey: todoListKeys.members(list.id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['todo'] }),
  });
}

type MembersUpdater = (members: TodoListMember[]) => TodoListMember[];

async function changeMembers(queryClient: QueryClient, listId: number, update: MembersUpdater) {
  const queryKey = todoListKeys.members(listId);
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData<TodoListMembersResponse>(queryKey);
  queryClient.setQueryData<TodoListMembersResponse>(
    queryKey,
    (data) => data && { ...data, members: update(data.members) },
  );
  return { previous };
}

function restoreMembers(queryClient: QueryClient, listId: number, previous: TodoListMembersResponse | undefined) {
  if (previous) queryClient.setQueryData(todoListKeys.members(listId), previous);
}

export interface PutMemberInput {
  listId: number;
  username: string;
  role: TodoMemberRole;
}

/** Id of a member shown before the server has answered with the real one. */
export const PENDING_MEMBER_ID = -1;

/**
 * Shares a list with a user or changes their role: shown at once, replaced by the server's list of
 * members, put back if refused. Callers show the refusal (an unknown username) by the form.
 */
export function usePutTodoListMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, username, role }: PutMemberInput) =>
      callEndpoint('todo.putMember', { params: { id: listId }, body: { username: username.trim(), role } }),
    onMutate: ({ listId, username, role }) =>
      changeMembers(queryClient, listId, (members) => {
        const name = username.trim().toLowerCase();
        const known = members.some((member) => member.username.toLowerCase() === name);
        return known
          ? members.map((member) => (member.username.toLowerCase() === name ? { ...member, role } : member))
          : [
              ...members,
              { id: PENDING_MEMBER_ID, username: username.trim(), role, added_at: new Date(0).toISOString() },
            ];
      }),
    onError: (_error, { listId }, context) => restoreMembers(queryClient, listId, context?.previous),
    onSuccess: (answer, { listId }) => {
      queryClient.setQueryData(todoListKeys.members(listId), answer);
    },
  });
}

export interface RemoveMemberInput {
  listId: number;
  member: Pick<TodoListMember, 'id' | 'username'>;
  /** The member is the signed-in user leaving a list shared with them. */
  leaving?: boolean;
}

/** Stops sharing a list with someone (the owner), or leaves it (the member); at once, back if refused. */
export function useRemoveTodoListMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, member }: RemoveMemberInput) =>
      callEndpoint('todo.removeMember', { params: { id: listId, userId: member.id } }),
    onMutate: async ({ listId, member, leaving }) => {
      const members = await changeMembers(queryClient, listId, (list) => list.filter((item) => item.id !== member.id));
      const lists = leaving
        ? await changeLists(queryClient, (list) => list.filter((item) => item.id !== listId))
        : undefined;
      return { members: members.previous, lists: lists?.previous };
    },
    onError: (error, { listId, member, leaving }, context) => {
      restoreMembers(queryClient, listId, context?.members);
      restoreLists(queryClient, context?.lists);
      reportFailure(leaving ? 'Could not leave the list' : `Could not remove ${member.username}`, error);
    },
    onSettled: (_answer, _error, { leaving }) =>
      // Leaving takes the list's tasks out of my views too.
      queryClient.invalidateQueries({ queryKey: leaving ? ['todo'] : todoListQueries.lists().queryKey }),
  });
}
