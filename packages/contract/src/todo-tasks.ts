import { z } from 'zod';
import { idSchema, successSchema, userText } from './common.js';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';
import { todoChipFields, todoDescriptionSchema, todoSchema, todoTitleSchema } from './todo.js';
import {
  TODO_BULK_MAX,
  TODO_CHECKLIST_TITLE_MAX,
  TODO_DUE_DATE_MAX,
  TODO_DUE_DATE_MIN,
  TODO_LABEL_NAME_MAX,
  TODO_PAGE_DEFAULT,
  TODO_PAGE_MAX,
  TODO_QUICK_MAX,
  TODO_RECURRENCE_MAX,
  TODO_SEARCH_MAX,
  TODO_TASK_LABELS_MAX,
} from './todo-limits.js';
import { reorderFields, todoColourSchema } from './todo-lists.js';
import { canonicalTimeZone, isValidTimeZone } from './weather-constants.js';

/**
 * Tasks, their checklists and labels (docs/api.md#to-do-lists-sharing-and-tasks). A task is the
 * seed's to-do (same id, fields and owner: `user` is the owner of its list) with more fields; the
 * seed's `description` is the task's notes (Markdown).
 */

/** A calendar date that is real and within the range a due date may take. */
export const todoDateSchema = z
  .string({ error: 'Date must be text like 2026-03-14' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must look like 2026-03-14')
  .refine((date) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const t = new Date(Date.UTC(y, m - 1, d));
    return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
  }, 'Date is not a real calendar date')
  .refine(
    (date) => date >= TODO_DUE_DATE_MIN && date <= TODO_DUE_DATE_MAX,
    `Date must be between ${TODO_DUE_DATE_MIN} and ${TODO_DUE_DATE_MAX}`,
  );

/** A wall-clock time, 24-hour. */
export const todoTimeSchema = z
  .string({ error: 'Time must be text like 09:30' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must look like 09:30 (24-hour)');

/** An IANA zone, answered under its current name. */
export const todoZoneSchema = z
  .string({ error: 'Time zone must be text' })
  .trim()
  .refine(isValidTimeZone, 'Time zone must be an IANA time zone such as Europe/Paris')
  .transform(canonicalTimeZone);

/**
 * When a task is due: a date, optionally a time, read in `zone` (the zone it was set in, so a
 * 09:00 task stays at 09:00 there). Null: no due date.
 */
export const todoDueSchema = z.object(
  {
    date: todoDateSchema,
    time: todoTimeSchema.nullable().default(null),
    zone: todoZoneSchema,
  },
  { error: 'Due must be { date, time, zone } or null' },
);
export type TodoDue = z.output<typeof todoDueSchema>;

export const todoPrioritySchema = z
  .number({ error: 'Priority must be 1, 2, 3 or 4' })
  .int('Priority must be 1, 2, 3 or 4')
  .min(1, 'Priority must be 1, 2, 3 or 4')
  .max(4, 'Priority must be 1, 2, 3 or 4');

export const todoLabelNameSchema = userText({ label: 'Label', max: TODO_LABEL_NAME_MAX, required: true });

/** A task's labels as typed; the same name in another case is the same label (kept once). */
export const todoTaskLabelsSchema = z
  .array(todoLabelNameSchema, { error: 'Labels must be a list of names' })
  .max(TODO_TASK_LABELS_MAX, `A task can have at most ${TODO_TASK_LABELS_MAX} labels`);

/**
 * A repeating task: `rule` is an RRULE body (`FREQ=WEEKLY;BYDAY=MO`); `basis` says whether the
 * next due date counts from the due date (`due`) or from when it was completed (`completion`).
 * The server refuses (400) a rule its checker does not accept. Needs a due date.
 */
export const todoRecurrenceSchema = z.object(
  {
    rule: z
      .string({ error: 'Recurrence rule must be text' })
      .trim()
      .min(1, 'Recurrence rule is required')
      .max(TODO_RECURRENCE_MAX, `Recurrence rule must be at most ${TODO_RECURRENCE_MAX} characters`),
    basis: z.enum(['due', 'completion'], { error: 'Basis must be due or completion' }).default('due'),
  },
  { error: 'Recurrence must be { rule, basis } or null' },
);

export const todoChecklistItemSchema = z.object({ id: z.number().int(), title: z.string(), done: z.boolean() });
export type TodoChecklistItem = z.infer<typeof todoChecklistItemSchema>;

export const todoTaskSchema = todoSchema.extend({
  ...todoChipFields,
  /** In order. */
  checklist: z.array(todoChecklistItemSchema),
  /** Sort key within its list (compare as plain strings). */
  position: z.string(),
  completed_at: z.string().nullable(),
  /** Who added it (an editor of a shared list, or the owner); null once that account is gone. */
  created_by: z.number().int().nullable(),
});
export type TodoTask = z.infer<typeof todoTaskSchema>;

export const TODO_VIEWS = ['inbox', 'today', 'upcoming', 'list', 'label', 'completed', 'search'] as const;
export type TodoView = (typeof TODO_VIEWS)[number];

/**
 * GET /api/todo/tasks. Views: `inbox` and `list` (open tasks in manual order), `today` (open, due
 * today or before in `tz`, overdue first), `upcoming` (open, due today and the next days, by due
 * time), `label` (open tasks I can see with `label`), `completed` (newest completed first; `list_id`
 * narrows it to one list), `search` (tasks whose title, notes or labels hold every word of `q` at the
 * start of a word, in any order, any case or accent). `cursor` is the previous page's `next_cursor`.
 */
export const todoTasksQuerySchema = z
  .object({
    view: z.enum(TODO_VIEWS, { error: `View must be one of: ${TODO_VIEWS.join(', ')}` }),
    list_id: idSchema.optional(),
    label: todoLabelNameSchema.optional(),
    q: z
      .string({ error: 'Search must be text' })
      .trim()
      .min(1, 'Search text is required')
      .max(TODO_SEARCH_MAX, `Search text must be at most ${TODO_SEARCH_MAX} characters`)
      .optional(),
    cursor: z.string({ error: 'Cursor must be text' }).max(500, 'Cursor is not valid').optional(),
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(TODO_PAGE_MAX, `Limit must be at most ${TODO_PAGE_MAX}`)
      .default(TODO_PAGE_DEFAULT),
    /** The caller's zone for `today` and `upcoming` (UTC when absent). */
    tz: todoZoneSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.view === 'list' && query.list_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['list_id'], message: 'The list view needs list_id' });
    if (query.view === 'label' && query.label === undefined)
      ctx.addIssue({ code: 'custom', path: ['label'], message: 'The label view needs label' });
    if (query.view === 'search' && query.q === undefined)
      ctx.addIssue({ code: 'custom', path: ['q'], message: 'The search view needs q' });
  });
export type TodoTasksQuery = z.input<typeof todoTasksQuerySchema>;

export const todoTasksResponseSchema = z.object({
  tasks: z.array(todoTaskSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** Open tasks in the view across all pages (for `completed`: the open tasks of its scope). */
  open_count: z.number().int(),
});
export type TodoTasksResponse = z.infer<typeof todoTasksResponseSchema>;

export const todoTaskParamsSchema = z.object({ id: idSchema });
export const todoChecklistItemParamsSchema = z.object({ id: idSchema, itemId: idSchema });

const listIdField = idSchema.nullable();

/**
 * POST /api/todo/tasks — into the Inbox (`list_id` null or absent) or a list I own or edit (404
 * otherwise). New labels join my label list. `at`: top or bottom of the list (default bottom).
 */
export const createTodoTaskRequestSchema = z
  .object({
    /** Required unless `quick` gives one. */
    title: todoTitleSchema.optional(),
    description: todoDescriptionSchema.default(''),
    list_id: listIdField.default(null),
    due: todoDueSchema.nullable().default(null),
    priority: todoPrioritySchema.default(4),
    labels: todoTaskLabelsSchema.default([]),
    recurrence: todoRecurrenceSchema.nullable().default(null),
    at: z.enum(['top', 'bottom'], { error: 'At must be top or bottom' }).default('bottom'),
    /**
     * A quick-add line (docs/api.md#quick-add), read by the contract's grammar
     * (todo-quick-add.ts) as the browser reads it, in `tz`: what it finds (title, due date, repeat,
     * `#list` by name, `@labels`, `p1`–`p4`) takes the place of the fields sent beside it.
     */
    quick: z
      .string({ error: 'Quick add must be text' })
      .trim()
      .min(1, 'Quick add text is required')
      .max(TODO_QUICK_MAX, `Quick add text must be at most ${TODO_QUICK_MAX} characters`)
      .optional(),
    /** The zone `quick` is read in ("tomorrow 9am"); UTC when absent. */
    tz: todoZoneSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.title === undefined && body.quick === undefined)
      ctx.addIssue({ code: 'custom', path: ['title'], message: 'Title is required' });
  });
export type CreateTodoTaskRequest = z.input<typeof createTodoTaskRequestSchema>;

/**
 * PATCH /api/todo/tasks/:id — any subset; `labels` replaces the task's labels; null clears `due`
 * or `recurrence`. Moving to another list or completing have their own calls.
 */
export const updateTodoTaskRequestSchema = z.object({
  title: todoTitleSchema.optional(),
  description: todoDescriptionSchema.optional(),
  due: todoDueSchema.nullable().optional(),
  priority: todoPrioritySchema.optional(),
  labels: todoTaskLabelsSchema.optional(),
  recurrence: todoRecurrenceSchema.nullable().optional(),
  /**
   * An edit made earlier (offline, docs/product.md#offline): the values of the edited fields the
   * client saw (`base`) and when it was made (`edited_at`). A field whose value is no longer
   * `base`'s, on a task changed after `edited_at`, keeps the server's value and is named in the
   * answer's `conflicts`: the later change per field wins.
   */
  base: z
    .object({
      title: z.string({ error: 'Base title must be text' }).optional(),
      description: z.string({ error: 'Base description must be text' }).optional(),
      priority: z.number({ error: 'Base priority must be a number' }).optional(),
      due: z
        .object(
          { date: z.string(), time: z.string().nullable(), zone: z.string() },
          { error: 'Base due must be { date, time, zone } or null' },
        )
        .nullable()
        .optional(),
    })
    .optional(),
  edited_at: z.iso.datetime({ offset: true, error: 'Edited at must be an ISO date and time' }).optional(),
});
export type UpdateTodoTaskRequest = z.input<typeof updateTodoTaskRequestSchema>;

/** The fields an edit with `base` can keep the server's value of. */
export const TODO_CONFLICT_FIELDS = ['title', 'description', 'priority', 'due'] as const;
export type TodoConflictField = (typeof TODO_CONFLICT_FIELDS)[number];

/** PATCH's answer: the task, and with `base`, the fields that kept the server's newer value. */
export const updateTodoTaskResponseSchema = todoTaskSchema.extend({
  conflicts: z.array(z.enum(TODO_CONFLICT_FIELDS)).optional(),
});
export type UpdateTodoTaskResponse = z.infer<typeof updateTodoTaskResponseSchema>;

/**
 * POST /api/todo/tasks/:id/complete — `completed: true` on a repeating task logs the completion
 * and moves its due date to the next occurrence (it stays open); on the last occurrence it
 * completes.
 */
export const completeTodoTaskRequestSchema = z.object({
  completed: z.boolean({ error: 'Completed must be true or false' }),
});

/** POST /api/todo/tasks/:id/move — to a list (null: Inbox) and between two of its tasks. */
export const moveTodoTaskRequestSchema = z.object({
  list_id: listIdField,
  ...reorderFields,
});
export type MoveTodoTaskRequest = z.input<typeof moveTodoTaskRequestSchema>;

const bulkIds = z
  .array(idSchema, { error: 'Ids must be a list of task ids' })
  .min(1, 'Name at least one task')
  .max(TODO_BULK_MAX, `At most ${TODO_BULK_MAX} tasks at once`);

/**
 * POST /api/todo/tasks/bulk — one action on many tasks, all or nothing: if any id is not a task
 * I may change, the answer is 404 and nothing changes.
 */
export const bulkTodoTasksRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ ids: bulkIds, action: z.literal(['complete', 'uncomplete', 'delete']) }),
    z.object({ ids: bulkIds, action: z.literal('move'), list_id: listIdField }),
    z.object({ ids: bulkIds, action: z.literal(['label', 'unlabel']), label: todoLabelNameSchema }),
    z.object({ ids: bulkIds, action: z.literal('reschedule'), due: todoDueSchema.nullable() }),
  ],
  { error: 'Action must be one of: complete, uncomplete, delete, move, label, unlabel, reschedule' },
);
export type BulkTodoTasksRequest = z.input<typeof bulkTodoTasksRequestSchema>;

/** The tasks as they are after the action (none for `delete`), and how many it touched. */
export const bulkTodoTasksResponseSchema = z.object({ count: z.number().int(), tasks: z.array(todoTaskSchema) });

/**
 * POST /api/todo/tasks/clear-completed — deletes completed tasks, as TodoMVC's "Clear completed":
 * every one the caller owns, or with `list_id` those of one list they may change (null: the Inbox).
 */
export const clearCompletedRequestSchema = z.object({ list_id: listIdField.optional() });
export const clearCompletedResponseSchema = z.object({ count: z.number().int() });

export const checklistTitleSchema = userText({ label: 'Title', max: TODO_CHECKLIST_TITLE_MAX, required: true });

/** POST /api/todo/tasks/:id/checklist — added at the end. */
export const createChecklistItemRequestSchema = z.object({ title: checklistTitleSchema });

/** PATCH /api/todo/tasks/:id/checklist/:itemId — any subset; neighbours reorder. */
export const updateChecklistItemRequestSchema = z.object({
  title: checklistTitleSchema.optional(),
  done: z.boolean({ error: 'Done must be true or false' }).optional(),
  ...reorderFields,
});

export const todoLabelSchema = z.object({
  name: z.string(),
  colour: todoColourSchema,
  /** My open tasks (and open tasks shared with me) with this label. */
  open_count: z.number().int(),
});
export type TodoLabel = z.infer<typeof todoLabelSchema>;

/** GET /api/todo/labels — my label list, in order. */
export const todoLabelsResponseSchema = z.object({ labels: z.array(todoLabelSchema) });

export const todoLabelParamsSchema = z.object({ name: todoLabelNameSchema });

/** PATCH /api/todo/labels/:name — recolour, or rename it on all my tasks (merging into an existing label of that name). */
export const updateTodoLabelRequestSchema = z.object({
  name: todoLabelNameSchema.optional(),
  colour: todoColourSchema.optional(),
});

const errors = [400, 401, 403, 404] as const;
const tags = ['todo'];

export const todoTaskEndpoints = {
  tasks: endpoint(routes.todo.tasks, {
    tags,
    summary: 'Tasks of a view (inbox, today, upcoming, list, label, completed, search), paged',
    query: todoTasksQuerySchema,
    response: todoTasksResponseSchema,
    errors: [400, 401, 404],
  }),
  createTask: endpoint(routes.todo.createTask, {
    tags,
    summary: 'Add a task to the Inbox or a list',
    body: createTodoTaskRequestSchema,
    response: todoTaskSchema,
    errors,
  }),
  updateTask: endpoint(routes.todo.updateTask, {
    tags,
    summary: 'Edit a task',
    params: todoTaskParamsSchema,
    body: updateTodoTaskRequestSchema,
    response: updateTodoTaskResponseSchema,
    errors,
  }),
  removeTask: endpoint(routes.todo.removeTask, {
    tags,
    summary: 'Delete a task',
    params: todoTaskParamsSchema,
    response: successSchema,
    errors,
  }),
  completeTask: endpoint(routes.todo.completeTask, {
    tags,
    summary: 'Complete or reopen a task (a repeating task moves to its next due date)',
    params: todoTaskParamsSchema,
    body: completeTodoTaskRequestSchema,
    response: todoTaskSchema,
    errors,
  }),
  moveTask: endpoint(routes.todo.moveTask, {
    tags,
    summary: 'Move a task to a list and between two of its tasks',
    params: todoTaskParamsSchema,
    body: moveTodoTaskRequestSchema,
    response: todoTaskSchema,
    errors,
  }),
  clearCompleted: endpoint(routes.todo.clearCompleted, {
    tags,
    summary: 'Delete completed tasks: all of mine, or one list’s',
    body: clearCompletedRequestSchema,
    response: clearCompletedResponseSchema,
    errors,
  }),
  bulkTasks: endpoint(routes.todo.bulkTasks, {
    tags,
    summary: 'One action on many tasks, all or nothing',
    body: bulkTodoTasksRequestSchema,
    response: bulkTodoTasksResponseSchema,
    errors,
  }),
  addChecklistItem: endpoint(routes.todo.addChecklistItem, {
    tags,
    summary: 'Add a checklist item to a task',
    params: todoTaskParamsSchema,
    body: createChecklistItemRequestSchema,
    response: todoChecklistItemSchema,
    errors,
  }),
  updateChecklistItem: endpoint(routes.todo.updateChecklistItem, {
    tags,
    summary: 'Edit, tick or reorder a checklist item',
    params: todoChecklistItemParamsSchema,
    body: updateChecklistItemRequestSchema,
    response: todoChecklistItemSchema,
    errors,
  }),
  removeChecklistItem: endpoint(routes.todo.removeChecklistItem, {
    tags,
    summary: 'Delete a checklist item',
    params: todoChecklistItemParamsSchema,
    response: successSchema,
    errors,
  }),
  labels: endpoint(routes.todo.labels, {
    tags,
    summary: 'My labels with colours and open counts',
    response: todoLabelsResponseSchema,
    errors: [401],
  }),
  updateLabel: endpoint(routes.todo.updateLabel, {
    tags,
    summary: 'Recolour or rename a label (renames it on my tasks)',
    params: todoLabelParamsSchema,
    body: updateTodoLabelRequestSchema,
    response: todoLabelSchema,
    errors,
  }),
  removeLabel: endpoint(routes.todo.removeLabel, {
    tags,
    summary: 'Delete a label and take it off my tasks',
    params: todoLabelParamsSchema,
    response: successSchema,
    errors,
  }),
};
