import { z } from 'zod';
import { claimedUserField, idSchema, userText } from './common.js';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';

import { TODO_DESCRIPTION_MAX, TODO_TITLE_MAX } from './todo-limits.js';

export { TODO_DESCRIPTION_MAX, TODO_TITLE_MAX };
/** A user has at most this many to-dos, open and completed together; creating more answers 400 (docs/api.md#limits). */
export const TODOS_MAX = 5000;

/** docs/api.md#text: one line, no control or text-direction override characters. */
export const todoTitleSchema = userText({ label: 'Title', max: TODO_TITLE_MAX, required: true });

/** docs/api.md#text: line breaks and tabs allowed. */
export const todoDescriptionSchema = userText({ label: 'Description', max: TODO_DESCRIPTION_MAX, multiline: true });

/**
 * What a task adds to the seed's item for the chips of its row (docs/api.md#to-do-lists-sharing-and-tasks):
 * its list, due date, priority, labels and repetition. Every task has them (todo-tasks.ts).
 */
export const todoChipFields = {
  /** Null: the owner's Inbox. */
  list_id: z.number().int().nullable(),
  due: z.object({ date: z.string(), time: z.string().nullable(), zone: z.string() }).nullable(),
  /** 1 most urgent … 4 none. */
  priority: z.number().int(),
  labels: z.array(z.string()),
  recurrence: z.object({ rule: z.string(), basis: z.enum(['due', 'completion']) }).nullable(),
};

export const todoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  completed: z.boolean(),
  /** The owner's user id (docs/api.md#compatibility-promise "owning user"). */
  user: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  // Beside the seed's fields, so the default view draws the chips the other views draw. This
  // server always sends them; optional, as the seed's shape never had them (a client written for
  // it, or a copy kept from before, holds items without them).
  ...z.object(todoChipFields).partial().shape,
});
export type Todo = z.infer<typeof todoSchema>;

/** GET /api/todo?user= — the seed splits items into open and completed lists, newest first. */
export const listTodosQuerySchema = z.object({ user: claimedUserField });
export const listTodosResponseSchema = z.object({
  todos: z.array(todoSchema),
  completed: z.array(todoSchema),
});
export type ListTodosResponse = z.infer<typeof listTodosResponseSchema>;

/** POST /api/todo/ */
export const createTodoRequestSchema = z.object({
  user: claimedUserField,
  title: todoTitleSchema,
  description: todoDescriptionSchema.default(''),
});
export type CreateTodoRequest = z.input<typeof createTodoRequestSchema>;

/** PATCH /api/todo/ — the edit form sends every field; any subset is accepted. */
export const updateTodoRequestSchema = z.object({
  user: claimedUserField,
  todo_id: idSchema,
  title: todoTitleSchema.optional(),
  description: todoDescriptionSchema.optional(),
  completed: z.boolean({ error: 'Completed must be true or false' }).optional(),
});
export type UpdateTodoRequest = z.infer<typeof updateTodoRequestSchema>;

/** PUT /api/todo/ marks complete; DELETE /api/todo/ removes. Both name the item by todo_id. */
export const todoIdRequestSchema = z.object({ user: claimedUserField, todo_id: idSchema });
export type TodoIdRequest = z.infer<typeof todoIdRequestSchema>;

export const deleteTodoResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  todo_id: z.number().int(),
});

const todoErrors = [400, 401, 403, 404] as const;

/** docs/api.md#every-call (To-do): one path, a method per action; the owner always comes from the session. */
export const todoEndpoints = {
  list: endpoint(routes.todo.list, {
    tags: ['todo'],
    summary: 'The signed-in user’s items: open and completed, newest first',
    query: listTodosQuerySchema,
    response: listTodosResponseSchema,
    errors: todoErrors,
  }),
  create: endpoint(routes.todo.create, {
    tags: ['todo'],
    summary: 'Add an item',
    body: createTodoRequestSchema,
    response: todoSchema,
    errors: todoErrors,
  }),
  update: endpoint(routes.todo.update, {
    tags: ['todo'],
    summary: 'Edit an item’s title, description or completed flag',
    body: updateTodoRequestSchema,
    response: todoSchema,
    errors: todoErrors,
  }),
  complete: endpoint(routes.todo.complete, {
    tags: ['todo'],
    summary: 'Mark an item complete',
    body: todoIdRequestSchema,
    response: todoSchema,
    errors: todoErrors,
  }),
  remove: endpoint(routes.todo.remove, {
    tags: ['todo'],
    summary: 'Delete an item',
    body: todoIdRequestSchema,
    response: deleteTodoResponseSchema,
    errors: todoErrors,
  }),
};
