import { z } from 'zod';
import { idSchema, successSchema, userText } from './common.js';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';
import { TODO_COLOURS, TODO_LIST_NAME_MAX } from './todo-limits.js';

/**
 * To-do lists and sharing (docs/api.md#to-do-lists-sharing-and-tasks). The Inbox is not a list:
 * it is the tasks with `list_id: null`, always there, never renamed, archived, deleted or shared.
 * Only a list's owner manages the list; editors change its tasks, viewers read them. A list the
 * caller can neither own nor see answers 404, as if it did not exist.
 */

export const todoColourSchema = z.enum(TODO_COLOURS, {
  error: `Colour must be one of: ${TODO_COLOURS.join(', ')}`,
});

export const todoListNameSchema = userText({ label: 'Name', max: TODO_LIST_NAME_MAX, required: true });

/** What the caller may do with a list: `owner` everything, `editor` its tasks, `viewer` read. */
export const todoListRoleSchema = z.enum(['owner', 'editor', 'viewer']);
export type TodoListRole = z.infer<typeof todoListRoleSchema>;

/** The role an owner gives a member. */
export const todoMemberRoleSchema = z.enum(['editor', 'viewer'], { error: 'Role must be editor or viewer' });
export type TodoMemberRole = z.infer<typeof todoMemberRoleSchema>;

export const todoUserRefSchema = z.object({ id: z.number().int(), username: z.string() });

export const todoListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  colour: todoColourSchema,
  /** Sort key of the owner's manual order (compare as plain strings, not with locale rules). */
  position: z.string(),
  archived: z.boolean(),
  role: todoListRoleSchema,
  owner: todoUserRefSchema,
  /** Open (not completed) tasks in the list. */
  open_count: z.number().int(),
});
export type TodoList = z.infer<typeof todoListSchema>;

/** GET /api/todo/lists — my lists and lists shared with me, in order; archived ones are flagged. */
export const todoListsResponseSchema = z.object({
  inbox: z.object({ open_count: z.number().int() }),
  lists: z.array(todoListSchema),
});
export type TodoListsResponse = z.infer<typeof todoListsResponseSchema>;

export const todoListParamsSchema = z.object({ id: idSchema });
export const todoListMemberParamsSchema = z.object({ id: idSchema, userId: idSchema });

/** POST /api/todo/lists — a new list goes at the end of my lists. */
export const createTodoListRequestSchema = z.object({
  name: todoListNameSchema,
  colour: todoColourSchema.optional(),
});
export type CreateTodoListRequest = z.input<typeof createTodoListRequestSchema>;

/**
 * Neighbours for a manual reorder: `after_id` = the item it goes right after, `before_id` = the
 * item it goes right before. One is enough (the other neighbour is looked up); both must be
 * adjacent in that order. Null or absent: not moved.
 */
export const reorderFields = {
  after_id: idSchema.nullish(),
  before_id: idSchema.nullish(),
};

/** PATCH /api/todo/lists/:id — owner only; any subset. */
export const updateTodoListRequestSchema = z.object({
  name: todoListNameSchema.optional(),
  colour: todoColourSchema.optional(),
  archived: z.boolean({ error: 'Archived must be true or false' }).optional(),
  ...reorderFields,
});
export type UpdateTodoListRequest = z.input<typeof updateTodoListRequestSchema>;

export const todoListMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: todoMemberRoleSchema,
  added_at: z.string(),
});
export type TodoListMember = z.infer<typeof todoListMemberSchema>;

/** GET (and PUT) /api/todo/lists/:id/members — the owner and the people the list is shared with. */
export const todoListMembersResponseSchema = z.object({
  owner: todoUserRefSchema,
  members: z.array(todoListMemberSchema),
});
export type TodoListMembersResponse = z.infer<typeof todoListMembersResponseSchema>;

/** PUT /api/todo/lists/:id/members — share with a user, or change their role (owner only). */
export const putTodoListMemberRequestSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  role: todoMemberRoleSchema,
});
export type PutTodoListMemberRequest = z.input<typeof putTodoListMemberRequestSchema>;

const errors = [400, 401, 403, 404] as const;
const tags = ['todo'];

export const todoListEndpoints = {
  lists: endpoint(routes.todo.lists, {
    tags,
    summary: 'My to-do lists and the lists shared with me, with open counts and the Inbox’s',
    response: todoListsResponseSchema,
    errors: [401],
  }),
  createList: endpoint(routes.todo.createList, {
    tags,
    summary: 'Create a list',
    body: createTodoListRequestSchema,
    response: todoListSchema,
    errors,
  }),
  updateList: endpoint(routes.todo.updateList, {
    tags,
    summary: 'Rename, recolour, archive or reorder a list (owner only)',
    params: todoListParamsSchema,
    body: updateTodoListRequestSchema,
    response: todoListSchema,
    errors,
  }),
  removeList: endpoint(routes.todo.removeList, {
    tags,
    summary: 'Delete a list and its tasks (owner only)',
    params: todoListParamsSchema,
    response: successSchema,
    errors,
  }),
  members: endpoint(routes.todo.members, {
    tags,
    summary: 'Who a list is shared with',
    params: todoListParamsSchema,
    response: todoListMembersResponseSchema,
    errors,
  }),
  putMember: endpoint(routes.todo.putMember, {
    tags,
    summary: 'Share a list with a user, or change their role (owner only)',
    params: todoListParamsSchema,
    body: putTodoListMemberRequestSchema,
    response: todoListMembersResponseSchema,
    errors,
  }),
  removeMember: endpoint(routes.todo.removeMember, {
    tags,
    summary: 'Stop sharing a list with a user (owner), or leave it (the member themself)',
    params: todoListMemberParamsSchema,
    response: successSchema,
    errors,
  }),
};
