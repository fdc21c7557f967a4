import {
  type bulkTodoTasksRequestSchema,
  type createTodoTaskRequestSchema,
  type moveTodoTaskRequestSchema,
  TODO_CHECKLIST_MAX,
  TODO_CONFLICT_FIELDS,
  TODO_LABELS_MAX,
  TODO_UPCOMING_DAYS,
  TODOS_MAX,
  type TodoChecklistItem,
  type TodoConflictField,
  type TodoDue,
  type TodoListRole,
  type TodoTask,
  type TodoTasksResponse,
  type todoTasksQuerySchema,
  type UpdateTodoTaskResponse,
  type updateTodoTaskRequestSchema,
} from '@site/contract';
import type { z } from 'zod';
import { badRequest, forbidden, HttpError, notFound } from '../../../core/http-errors.js';
import { isoNow } from '../../../core/time.js';
import { labelKey, type TodoRow } from '../todo-core.repository.js';
import { appendTo, type Placed, type Placement, place, placementOf } from '../todo-keys.js';
import { dayWindow, dueColumns } from './due.js';
import { type ResolvedCreate, resolveQuickAdd } from './quick-add.js';
import { decodeCursor, encodeCursor } from './task-views.repository.js';
import type { TaskQueries, TasksRepository } from './tasks.repository.js';

/**
 * One task of an import: a create request once read (`at` is always the bottom), and when it was
 * completed if it comes in done (null: open).
 */
export type ImportedTask = Omit<ResolvedCreate, 'at'> & { completed_at: string | null };

/** A due date as the recurrence functions take it. */
export type TaskDue = TodoDue;

/*
 * The recurrence seam: the shapes of the contract's todo-recurrence.ts (`nextDue`,
 * `checkRecurrence`, `ruleAfterCompletion`), injected so the service does not depend on one rule
 * engine and tests can pass their own. features/todo/index.ts chooses them.
 */

/** The next due date after completing the occurrence `due` at `completedAt`; null when there is none. */
export type NextDue = (rule: string, basis: 'due' | 'completion', due: TaskDue, completedAt: Date) => TaskDue | null;

/** A rule accepted (in its canonical form, which is stored) or refused with a sentence for the 400. */
export type CheckRecurrence = (rule: string, now: Date) => { ok: true; rule: string } | { ok: false; message: string };

/** The rule to keep once an occurrence is completed (COUNT goes down); null after the last. */
export type RuleAfterCompletion = (rule: string) => string | null;

export interface TasksServiceOptions {
  nextDue: NextDue;
  checkRecurrence: CheckRecurrence;
  ruleAfterCompletion: RuleAfterCompletion;
  now?: () => number;
  limits?: { tasks: number; labels: number; checklist: number };
}

type DueValue = { date: string; time: string | null; zone: string } | null;

/** Two values of one field of a task; a due date is the same date, time and zone. */
function sameValue(a: string | number | DueValue, b: string | number | DueValue | undefined): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b;
  return a.date === b.date && a.time === b.time && a.zone === b.zone;
}

// One answer for "no such task" and "a task you cannot see", so ids reveal nothing.
export const TASK_NOT_FOUND = 'Task not found';
const LIST_NOT_FOUND = 'List not found';
const VIEW_ONLY = 'You can only view this list';

const writable = (role: TodoListRole) => role === 'owner' || role === 'editor';

type TasksQuery = z.output<typeof todoTasksQuerySchema>;

export function tasksService(repository: TasksRepository, options: TasksServiceOptions) {
  const now = options.now ?? Date.now;
  const limits = options.limits ?? { tasks: TODOS_MAX, labels: TODO_LABELS_MAX, checklist: TODO_CHECKLIST_MAX };
  const capMessage = () =>
    `You can have at most ${limits.tasks.toLocaleString('en-US')} to-dos. Delete some to add more.`;
  const labelsFull = () => `You can have at most ${limits.labels} labels. Delete one to add another.`;

  /** A task I may change (404 when I cannot see it, 403 when I only view its list). */
  async function writableTask(q: TaskQueries, userId: number, taskId: number): Promise<TodoRow> {
    const found = await q.taskAccess(userId, taskId);
    if (!found) throw notFound(TASK_NOT_FOUND);
    if (!writable(found.role)) throw forbidden(VIEW_ONLY);
    return found.row;
  }

  /** The owner of the list tasks go to (null: my Inbox), checking I may add to it. */
  async function targetOwner(q: TaskQueries, userId: number, listId: number | null): Promise<number> {
    if (listId === null) return userId;
    const access = await q.listAccess(userId, listId);
    if (!access) throw notFound(LIST_NOT_FOUND);
    if (!writable(access.role)) throw forbidden(VIEW_ONLY);
    return access.ownerId;
  }

  /** The recurrence to store (its rule in canonical form), or null; a 400 for one that cannot be. */
  function checkedRecurrence(
    recurrence: { rule: string; basis: 'due' | 'completion' } | null | undefined,
    due: TaskDue | null,
  ): { rule: string; basis: 'due' | 'completion' } | null {
    if (!recurrence) return null;
    if (due === null)
      throw badRequest('A repeating task needs a due date', { due: 'A repeating task needs a due date' });
    const checked = options.checkRecurrence(recurrence.rule, new Date(now()));
    if (!checked.ok) throw badRequest(checked.message, { recurrence: checked.message });
    return { rule: checked.rule, basis: recurrence.basis };
  }

  async function setLabels(q: TaskQueries, userId: number, row: TodoRow, labels: string[]) {
    if ((await q.ensureLabels(userId, labels, limits.labels)) === 'full') throw badRequest(labelsFull());
    await q.setLabels(row.id, row.user_id, labels);
  }

  async function placeTask(q: TaskQueries, ownerId: number, listId: number | null, id: number, at: Placement) {
    const placed = place(await q.sequence(ownerId, listId), id, at);
    if (!placed) throw badRequest('The task to place it next to is not in that list');
    await q.writePositions(placed);
  }

  const dueOf = (row: TodoRow): TaskDue | null =>
    row.due_date === null ? null : { date: row.due_date, time: row.due_time, zone: row.due_zone ?? 'UTC' };

  /** Completes or reopens; a repeating task logs the completion and moves to its next due date. */
  async function setCompleted(q: TaskQueries, row: TodoRow, completed: boolean): Promise<void> {
    const at = isoNow(now());
    if (!completed) {
      if (row.completed === 1) await q.update([row.id], { completed: 0, completed_at: null });
      return;
    }
    if (row.completed === 1) return;
    const due = dueOf(row);
    if (row.recurrence !== null && due !== null) {
      await q.logCompletion(row.id, row.user_id, at, row.due_date);
      const basis = row.recurrence_basis ?? 'due';
      const next = options.nextDue(row.recurrence, basis, due, new Date(now()));
      if (next !== null) {
        // The last occurrence of a counted rule keeps the new due date without repeating after it.
        const rule = options.ruleAfterCompletion(row.recurrence);
        await q.update([row.id], {
          ...dueColumns(next),
          recurrence: rule,
          recurrence_basis: rule === null ? null : basis,
        });
        return;
      }
    }
    await q.update([row.id], { completed: 1, completed_at: at });
  }

  /** Inserts one task's row as `create` writes it (`completedAt`: an imported task already done). */
  async function insertTask(
    q: TaskQueries,
    userId: number,
    owner: number,
    input: Pick<ResolvedCreate, 'title' | 'description' | 'list_id' | 'due' | 'priority'>,
    recurrence: { rule: string; basis: 'due' | 'completion' } | null,
    completedAt: string | null,
  ): Promise<number> {
    const at = isoNow(now());
    return q.insert({
      user_id: owner,
      title: input.title,
      description: input.description,
      completed: completedAt === null ? 0 : 1,
      completed_at: completedAt,
      created_at: at,
      updated_at: at,
      list_id: input.list_id,
      created_by: userId,
      ...dueColumns(input.due),
      priority: input.priority,
      recurrence: recurrence?.rule ?? null,
      recurrence_basis: recurrence?.basis ?? null,
    });
  }

  /**
   * docs/product.md#offline: the later change per field wins. The fields of an earlier edit (`base`
   * and `edited_at` given) that someone changed since, on a task written after the edit was made.
   * The task has one `updated_at`, so a later change to any field dates them all.
   */
  function newerOnServer(row: TodoRow, request: z.output<typeof updateTodoTaskRequestSchema>): TodoConflictField[] {
    const { base, edited_at: editedAt } = request;
    if (!base || !editedAt || Date.parse(row.updated_at) <= Date.parse(editedAt)) return [];
    const current = { title: row.title, description: row.description, priority: row.priority, due: dueOf(row) };
    return TODO_CONFLICT_FIELDS.filter(
      (field) => request[field] !== undefined && base[field] !== undefined && !sameValue(current[field], base[field]),
    );
  }

  async function answer(q: TaskQueries, id: number): Promise<TodoTask> {
    return (await q.toTasks([await q.row(id)]))[0] as TodoTask;
  }

  return {
    async tasks(userId: number, input: TasksQuery): Promise<TodoTasksResponse> {
      // The list or label must be one the caller may see. The check runs beside the page and its
      // count, which read only what the caller may see, so a view waits one round trip less.
      const allowed = Promise.all([
        input.list_id === undefined || repository.listAccess(userId, input.list_id).then(Boolean),
        input.view !== 'label' || input.label === undefined || repository.labelKnown(userId, input.label),
      ]).then(([list, label]) => {
        if (!list) throw notFound(LIST_NOT_FOUND);
        if (!label) throw notFound('No label with that name');
      });
      const cursor = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
      if (input.cursor !== undefined && cursor === undefined) {
        await allowed;
        throw badRequest('Cursor is not valid', { cursor: 'Cursor is not valid' });
      }
      const zone = input.tz ?? 'UTC';
      const window = dayWindow(now(), zone, input.view === 'today' ? 1 : TODO_UPCOMING_DAYS);
      const request = {
        userId,
        view: input.view,
        listId: input.view === 'list' || input.view === 'completed' ? input.list_id : undefined,
        labelKey: input.label === undefined ? undefined : labelKey(input.label),
        search: input.q,
        window,
        cursor,
        limit: input.limit,
      };
      const [, { rows, next, openCount }] = await Promise.all([allowed, repository.view(request)]);
      return {
        tasks: await repository.toTasks(rows),
        next_cursor: next ? encodeCursor(next) : null,
        open_count: openCount,
      };
    },

    async create(userId: number, request: z.output<typeof createTodoTaskRequestSchema>): Promise<TodoTask> {
      const input = await resolveQuickAdd(request, now(), (name) => repository.listNamed(userId, name));
      const recurrence = checkedRecurrence(input.recurrence, input.due);
      const owner = await targetOwner(repository, userId, input.list_id);
      const id = await repository.transaction([owner, userId], async (q) => {
        if ((await targetOwner(q, userId, input.list_id)) !== owner) throw notFound(LIST_NOT_FOUND);
        if ((await q.countOwned(owner)) >= limits.tasks) throw badRequest(capMessage());
        const id = await insertTask(q, userId, owner, input, recurrence, null);
        await placeTask(q, owner, input.list_id, id, { where: input.at });
        await setLabels(q, userId, await q.row(id), input.labels);
        await q.refreshSearch([id]);
        return id;
      });
      return answer(repository, id);
    },

    /**
     * Why a task as read from an import could not be created (its repetition refused, or one
     * without a due date), or null: the same checks `create` makes, so an import can skip the
     * line instead of refusing the whole file.
     */
    refusal(input: Pick<ResolvedCreate, 'due' | 'recurrence'>): string | null {
      try {
        checkedRecurrence(input.recurrence, input.due);
        return null;
      } catch (error) {
        if (error instanceof HttpError) return error.message;
        throw error;
      }
    },

    /**
     * Adds many tasks at once (an import), all or nothing, in one transaction: each at the bottom
     * of its list in the order given, by the rules of `create`. Over the to-do cap of any list's
     * owner it adds none and says how many would fit. Returns the new ids in order.
     * Everything a row needs (its position after its list's end, due columns, search text) is
     * worked out first, then the rows go in multi-row INSERTs: a few dozen statements under the
     * owners' locks for 5,000 tasks, not several per task (docs/decisions.md, "To-do import in batches").
     */
    async createMany(userId: number, inputs: ImportedTask[]): Promise<number[]> {
      if (inputs.length === 0) return [];
      const listIds = [...new Set(inputs.map((input) => input.list_id))];
      const ownerOf = new Map<number | null, number>();
      for (const listId of listIds) ownerOf.set(listId, await targetOwner(repository, userId, listId));
      return repository.transaction([...ownerOf.values(), userId], async (q) => {
        const arriving = new Map<number, number>();
        for (const listId of listIds) {
          const owner = await targetOwner(q, userId, listId);
          if (owner !== ownerOf.get(listId)) throw notFound(LIST_NOT_FOUND);
          arriving.set(owner, (arriving.get(owner) ?? 0) + inputs.filter((i) => i.list_id === listId).length);
        }
        for (const [owner, count] of arriving) {
          const room = Math.max(0, limits.tasks - (await q.countOwned(owner)));
          if (count > room)
            throw badRequest(
              `${capMessage()} This import has ${count.toLocaleString('en-US')} tasks; ${room.toLocaleString('en-US')} fit.`,
            );
        }
        if (
          (await q.ensureLabels(
            userId,
            inputs.flatMap((i) => i.labels),
            limits.labels,
          )) === 'full'
        )
          throw badRequest(labelsFull());
        const recurrences = inputs.map((input) => checkedRecurrence(input.recurrence, input.due));
        // Each list's order is read once and the new tasks get keys after its end, in the order
        // given; until they have ids they stand in it as -1 - their index. When no key fits, the
        // existing tasks are renumbered too (appendTo), and those keys are written first.
        const positions: string[] = new Array(inputs.length);
        for (const listId of listIds) {
          const owner = ownerOf.get(listId) as number;
          const standIns = inputs.flatMap((input, i) => (input.list_id === listId ? [-1 - i] : []));
          const renumbered: Placed[] = [];
          for (const placed of appendTo(await q.sequence(owner, listId), standIns)) {
            if (placed.id < 0) positions[-1 - placed.id] = placed.position;
            else renumbered.push(placed);
          }
          await q.writePositions(renumbered);
        }
        const at = isoNow(now());
        return q.insertMany(
          inputs.map((input, i) => ({
            values: {
              user_id: ownerOf.get(input.list_id) as number,
              title: input.title,
              description: input.description,
              completed: input.completed_at === null ? 0 : 1,
              completed_at: input.completed_at,
              created_at: at,
              updated_at: at,
              list_id: input.list_id,
              created_by: userId,
              ...dueColumns(input.due),
              priority: input.priority,
              recurrence: recurrences[i]?.rule ?? null,
              recurrence_basis: recurrences[i]?.basis ?? null,
              position: positions[i] as string,
            },
            labels: input.labels,
          })),
        );
      });
    },

    async update(
      userId: number,
      taskId: number,
      request: z.output<typeof updateTodoTaskRequestSchema>,
    ): Promise<UpdateTodoTaskResponse> {
      const before = await writableTask(repository, userId, taskId);
      let conflicts: TodoConflictField[] = [];
      let input = request;
      await repository.transaction([before.user_id, userId], async (q) => {
        const row = await writableTask(q, userId, taskId);
        // Read under the lock, so an edit made between the check and the write cannot slip past it.
        conflicts = newerOnServer(row, request);
        if (conflicts.length > 0)
          input = Object.fromEntries(
            Object.entries(request).filter(([field]) => !(conflicts as string[]).includes(field)),
          ) as typeof request;
        const due = input.due === undefined ? dueOf(row) : input.due;
        // Taking the due date away ends the repetition with it, unless a rule comes along (a 400 then).
        const recurrence =
          input.recurrence !== undefined
            ? checkedRecurrence(input.recurrence, due)
            : input.due === null || row.recurrence === null
              ? null
              : { rule: row.recurrence, basis: row.recurrence_basis ?? 'due' };
        await q.update([taskId], {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.priority !== undefined ? { priority: input.priority } : {}),
          ...(input.due !== undefined ? dueColumns(input.due) : {}),
          recurrence: recurrence?.rule ?? null,
          recurrence_basis: recurrence?.basis ?? null,
        });
        if (input.labels !== undefined) await setLabels(q, userId, row, input.labels);
        await q.refreshSearch([taskId]);
      });
      const task = await answer(repository, taskId);
      return request.base === undefined ? task : { ...task, conflicts };
    },

    async remove(userId: number, taskId: number): Promise<void> {
      const before = await writableTask(repository, userId, taskId);
      await repository.transaction([before.user_id], async (q) => {
        await writableTask(q, userId, taskId);
        await q.remove([taskId]);
      });
    },

    async complete(userId: number, taskId: number, completed: boolean): Promise<TodoTask> {
      const before = await writableTask(repository, userId, taskId);
      await repository.transaction([before.user_id], async (q) => {
        await setCompleted(q, await writableTask(q, userId, taskId), completed);
      });
      return answer(repository, taskId);
    },

    /**
     * Moves a task to a list and between two of its tasks. The key is computed inside a
     * transaction holding the list owner's lock, so concurrent moves never get equal keys.
     */
    async move(userId: number, taskId: number, input: z.output<typeof moveTodoTaskRequestSchema>): Promise<TodoTask> {
      const listId = input.list_id ?? null;
      const before = await writableTask(repository, userId, taskId);
      const owner = await targetOwner(repository, userId, listId);
      await repository.transaction([before.user_id, owner], async (q) => {
        const row = await writableTask(q, userId, taskId);
        if ((await targetOwner(q, userId, listId)) !== owner) throw notFound(LIST_NOT_FOUND);
        if (row.user_id !== owner && (await q.countOwned(owner)) >= limits.tasks) throw badRequest(capMessage());
        if (row.list_id !== listId) await q.moveTo([taskId], listId, owner);
        await placeTask(q, owner, listId, taskId, placementOf(input, 'bottom'));
      });
      return answer(repository, taskId);
    },

    /** One action on many tasks, all or nothing: any id I cannot change is a 404 and nothing changes. */
    /** TodoMVC's "Clear completed": the caller's own completed tasks, or one writable list's. */
    async clearCompleted(userId: number, listId: number | null | undefined): Promise<{ count: number }> {
      const owner = listId === undefined ? userId : await targetOwner(repository, userId, listId);
      const count = await repository.transaction([owner, userId], async (q) => {
        if (listId !== undefined && (await targetOwner(q, userId, listId)) !== owner) throw notFound(LIST_NOT_FOUND);
        return q.removeCompleted(owner, listId);
      });
      return { count };
    },

    async bulk(
      userId: number,
      input: z.output<typeof bulkTodoTasksRequestSchema>,
    ): Promise<{ count: number; tasks: TodoTask[] }> {
      const ids = [...new Set(input.ids.map(Number))];
      const notMine = () => notFound('Some of these tasks were not found');
      // One query for all the tasks, before (to know whose rows to lock) and again under the locks.
      const writableRows = async (q: TaskQueries) => {
        const found = await q.tasksAccess(userId, ids);
        return ids.map((id) => {
          const access = found.get(id);
          if (!access || !writable(access.role)) throw notMine();
          return access.row;
        });
      };
      const owners = (await writableRows(repository)).map((row) => row.user_id);
      const target = input.action === 'move' ? await targetOwner(repository, userId, input.list_id ?? null) : userId;
      await repository.transaction([...owners, target, userId], async (q) => {
        const rows = await writableRows(q);
        switch (input.action) {
          case 'complete':
          case 'uncomplete':
            for (const row of rows) await setCompleted(q, row, input.action === 'complete');
            break;
          case 'delete':
            await q.remove(ids);
            break;
          case 'move': {
            const listId = input.list_id ?? null;
            if ((await targetOwner(q, userId, listId)) !== target) throw notFound(LIST_NOT_FOUND);
            const arriving = rows.filter((r) => r.user_id !== target).length;
            if (arriving > 0 && (await q.countOwned(target)) + arriving > limits.tasks) throw badRequest(capMessage());
            const moving = rows.filter((r) => r.list_id !== listId).map((r) => r.id);
            // At the end of the list, in the order named: the list is read once, not per task.
            const sequence = await q.sequence(target, listId);
            await q.moveTo(moving, listId, target);
            await q.writePositions(appendTo(sequence, moving));
            break;
          }
          case 'label':
            for (const row of rows) await setLabels(q, userId, row, [...(await q.labelsOf(row.id)), input.label]);
            await q.refreshSearch(ids);
            break;
          case 'unlabel':
            await q.removeLabel(ids, input.label);
            await q.refreshSearch(ids);
            break;
          case 'reschedule':
            await q.update(ids, {
              ...dueColumns(input.due),
              ...(input.due === null ? { recurrence: null, recurrence_basis: null } : {}),
            });
            break;
        }
      });
      if (input.action === 'delete') return { count: ids.length, tasks: [] };
      return { count: ids.length, tasks: await repository.toTasks(await repository.rows(ids)) };
    },

    async addChecklistItem(userId: number, taskId: number, title: string): Promise<TodoChecklistItem> {
      const before = await writableTask(repository, userId, taskId);
      const id = await repository.transaction([before.user_id], async (q) => {
        const row = await writableTask(q, userId, taskId);
        if ((await q.checklistCount(taskId)) >= limits.checklist)
          throw badRequest(`A task can have at most ${limits.checklist} checklist items`);
        const sequence = await q.checklistSequence(taskId);
        const id = await q.insertChecklistItem(taskId, row.user_id, title);
        await q.writeChecklistPositions(place(sequence, id, { where: 'bottom' }) ?? []);
        await q.touch(taskId);
        return id;
      });
      return { id, title, done: false };
    },

    async updateChecklistItem(
      userId: number,
      taskId: number,
      itemId: number,
      input: {
        title?: string | undefined;
        done?: boolean | undefined;
        after_id?: number | null;
        before_id?: number | null;
      },
    ): Promise<TodoChecklistItem> {
      const before = await writableTask(repository, userId, taskId);
      await repository.transaction([before.user_id], async (q) => {
        await writableTask(q, userId, taskId);
        if (!(await q.checklistItem(taskId, itemId))) throw notFound('Checklist item not found');
        await q.updateChecklistItem(itemId, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.done !== undefined ? { done: input.done ? 1 : 0 } : {}),
        });
        if (input.after_id != null || input.before_id != null) {
          const placed = place(await q.checklistSequence(taskId), itemId, placementOf(input, 'bottom'));
          if (!placed) throw badRequest('The item to place it next to is not on this checklist');
          await q.writeChecklistPositions(placed);
        }
        await q.touch(taskId);
      });
      const item = await repository.checklistItem(taskId, itemId);
      if (!item) throw notFound('Checklist item not found');
      return { id: item.id, title: item.title, done: item.done === 1 };
    },

    async removeChecklistItem(userId: number, taskId: number, itemId: number): Promise<void> {
      const before = await writableTask(repository, userId, taskId);
      await repository.transaction([before.user_id], async (q) => {
        await writableTask(q, userId, taskId);
        if (!(await q.removeChecklistItem(taskId, itemId))) throw notFound('Checklist item not found');
        await q.touch(taskId);
      });
    },
  };
}

export type TasksService = ReturnType<typeof tasksService>;
