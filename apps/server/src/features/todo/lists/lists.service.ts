import {
  type CreateTodoListRequest,
  type PutTodoListMemberRequest,
  TODO_DEFAULT_COLOUR,
  TODO_LIST_MEMBERS_MAX,
  TODO_LISTS_MAX,
  type TodoList,
  type TodoListMembersResponse,
  type TodoListsResponse,
  type updateTodoListRequestSchema,
} from '@site/contract';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../../core/http-errors.js';
import { isoNow } from '../../../core/time.js';
import type { ListAccess } from '../todo-core.repository.js';
import { place, placementOf } from '../todo-keys.js';
import type { ListQueries, ListsRepository } from './lists.repository.js';

// One answer for "no such list" and "a list you cannot see", so ids reveal nothing.
export const LIST_NOT_FOUND = 'List not found';
const OWNER_ONLY = 'Only the list’s owner can do this';

export interface ListLimits {
  lists: number;
  members: number;
}

export function listsService(
  repository: ListsRepository,
  limits: ListLimits = { lists: TODO_LISTS_MAX, members: TODO_LIST_MEMBERS_MAX },
) {
  /** My access to a list; 404 when I have none. */
  async function access(q: ListQueries, userId: number, listId: number): Promise<ListAccess> {
    const found = await q.access(userId, listId);
    if (!found) throw notFound(LIST_NOT_FOUND);
    return found;
  }
  async function ownerAccess(q: ListQueries, userId: number, listId: number): Promise<ListAccess> {
    const found = await access(q, userId, listId);
    if (found.role !== 'owner') throw forbidden(OWNER_ONLY);
    return found;
  }
  async function one(q: ListQueries, userId: number, listId: number): Promise<TodoList> {
    const { lists } = await q.overview(userId);
    const list = lists.find((l) => l.id === listId);
    if (!list) throw notFound(LIST_NOT_FOUND);
    return list;
  }
  async function membersOf(q: ListQueries, listId: number): Promise<TodoListMembersResponse> {
    return { owner: await q.owner(listId), members: await q.members(listId) };
  }

  return {
    async lists(userId: number): Promise<TodoListsResponse> {
      const { inboxOpen, lists } = await repository.overview(userId);
      return { inbox: { open_count: inboxOpen }, lists };
    },

    async create(userId: number, input: CreateTodoListRequest): Promise<TodoList> {
      const id = await repository.transaction([userId], async (q) => {
        if ((await q.countOwned(userId)) >= limits.lists)
          throw badRequest(`You can have at most ${limits.lists} lists. Delete one to add another.`);
        const sequence = await q.sequence(userId);
        const id = await q.insert(userId, {
          name: input.name,
          colour: input.colour ?? TODO_DEFAULT_COLOUR,
          position: 'a0',
        });
        await q.writePositions(place(sequence, id, { where: 'bottom' }) ?? []);
        return id;
      });
      return one(repository, userId, id);
    },

    async update(
      userId: number,
      listId: number,
      input: z.output<typeof updateTodoListRequestSchema>,
    ): Promise<TodoList> {
      const { ownerId } = await ownerAccess(repository, userId, listId);
      await repository.transaction([ownerId], async (q) => {
        await ownerAccess(q, userId, listId);
        await q.update(listId, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.colour !== undefined ? { colour: input.colour } : {}),
          ...(input.archived !== undefined ? { archived_at: input.archived ? isoNow() : null } : {}),
        });
        if (input.after_id != null || input.before_id != null) {
          const placed = place(await q.sequence(userId), listId, placementOf(input, 'bottom'));
          if (!placed) throw notFound('The list to place it next to was not found');
          await q.writePositions(placed);
        }
      });
      return one(repository, userId, listId);
    },

    async remove(userId: number, listId: number): Promise<void> {
      await ownerAccess(repository, userId, listId);
      await repository.transaction([userId], async (q) => {
        await ownerAccess(q, userId, listId);
        await q.remove(listId);
      });
    },

    async members(userId: number, listId: number): Promise<TodoListMembersResponse> {
      await access(repository, userId, listId);
      return membersOf(repository, listId);
    },

    async putMember(userId: number, listId: number, input: PutTodoListMemberRequest): Promise<TodoListMembersResponse> {
      await ownerAccess(repository, userId, listId);
      const member = await repository.userByUsername(input.username);
      if (!member) throw notFound('No user with that username');
      if (member.id === userId) throw badRequest('You own this list; share it with someone else');
      return repository.transaction([userId], async (q) => {
        await ownerAccess(q, userId, listId);
        const result = await q.putMember(listId, member.id, input.role, limits.members);
        if (result === 'full')
          throw badRequest(`A list can be shared with at most ${limits.members} people. Remove someone first.`);
        return membersOf(q, listId);
      });
    },

    /** The owner removes anyone; a member may remove themself (leave). */
    async removeMember(userId: number, listId: number, memberId: number): Promise<void> {
      const found = await access(repository, userId, listId);
      if (found.role !== 'owner' && memberId !== userId) throw forbidden(OWNER_ONLY);
      if (!(await repository.removeMember(listId, memberId))) throw notFound('That user is not a member of this list');
    },
  };
}

export type ListsService = ReturnType<typeof listsService>;
