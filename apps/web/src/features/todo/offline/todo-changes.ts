import { notifications } from '@mantine/notifications';
import type {
  CreateTodoRequest,
  CreateTodoTaskRequest,
  TodoConflictField,
  TodoTask,
  UpdateTodoRequest,
  UpdateTodoTaskRequest,
} from '@site/contract';
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Mutation,
  type MutationKey,
  onlineManager,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { isNetworkFailure, keepOfflineCopy, readOfflineCopy } from '../../../lib/offline-copy';
import { taskApi, todoApi } from '../api/todo-api';
import type { TodoViewRef } from '../todo-views';

/*
 * docs/product.md#offline: every change to a task is a TanStack Query mutation of one scope, so
 * they go to the server one at a time in the order they were made. Offline they wait paused
 * (networkMode 'online'); the paused ones are kept in local storage (per user, so Log Out clears
 * them with the other offline copies) and taken up again after a reload; onlineManager sends them
 * when the browser is back online. Their functions are mutation defaults, so a change restored
 * from storage finds its function by its key.
 */

/** The first part of every queued change's key. */
export const TODO_CHANGE = 'todo-change';
const SCOPE = { id: 'todo-changes' };
const QUEUE_COPY = 'todo-queue';
const IDS_COPY = 'todo-temp-ids';

/** The time an edit was made and the fields as the client saw them, for a change that waits. */
export interface Stamp {
  edited_at?: string;
}

export interface CreateTaskVars extends Stamp {
  body: CreateTodoTaskRequest;
  /** The view the person is looking at: the new task shows there at once. */
  view: TodoViewRef;
  temp_id?: number;
}
export interface UpdateTaskVars extends Stamp {
  task: TodoTask;
  changes: UpdateTodoTaskRequest;
}
export interface CompleteTaskVars {
  task: TodoTask;
  completed: boolean;
}
export interface MoveTaskVars {
  task: TodoTask;
  list_id: number | null;
  before_id?: number | null;
  after_id?: number | null;
}
export type CreateTodoVars = CreateTodoRequest & { temp_id?: number };

// --- Ids of tasks added offline -------------------------------------------------------------

let lastTempId = 0;

/**
 * A task shown before the server has it gets a negative id, unique across reloads (the clock's
 * milliseconds), so a change queued for it after a reload still names the right one.
 */
export function newTempId(): number {
  lastTempId = Math.max(lastTempId + 1, Date.now());
  return -lastTempId;
}

/** A new task's or item's change as it is made: it carries the id its row is shown under until saved. */
export const withTempId = <T extends { temp_id?: number }>(vars: T): T => ({
  ...vars,
  temp_id: vars.temp_id ?? newTempId(),
});

const savedIds = () => new Map(readOfflineCopy<Array<[number, number]>>(IDS_COPY) ?? []);

/** The server's id for a task added offline, once its creation has gone through. */
export function recordSavedId(tempId: number, id: number): void {
  const ids = savedIds();
  ids.set(tempId, id);
  // The latest few are enough: a change names a task added offline only until it is saved.
  keepOfflineCopy(IDS_COPY, [...ids].slice(-200));
}

/**
 * The id to send: a task added offline is named by the id the server gave it. None yet means its
 * creation was refused: the change is refused with it (a 404, as for a task deleted elsewhere).
 */
export function serverId(id: number): number {
  if (id >= 0) return id;
  const saved = savedIds().get(id);
  if (saved === undefined) throw new ApiError(404, 'The task it changes was not saved');
  return saved;
}

const optionalId = (id: number | null | undefined) => (id == null ? undefined : serverId(id));

// --- What each change sends ---------------------------------------------------------------

const CONFLICT_FIELDS = ['title', 'description', 'priority', 'due'] as const satisfies TodoConflictField[];

/** The values of the fields an edit changes, as the client saw them before it. */
export function baseOf(task: TodoTask, changes: UpdateTodoTaskRequest) {
  return Object.fromEntries(CONFLICT_FIELDS.filter((f) => changes[f] !== undefined).map((f) => [f, task[f]]));
}

const FIELD_NAMES: Record<TodoConflictField, string> = {
  title: 'title',
  description: 'notes',
  priority: 'priority',
  due: 'due date',
};

/** "Kept the newer change to the title made elsewhere" (docs/product.md#offline). */
export function conflictMessage(fields: TodoConflictField[]): string {
  const names = fields.map((f) => FIELD_NAMES[f]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `Kept the newer ${names.length > 1 ? 'changes' : 'change'} to the ${list} made elsewhere`;
}

/** Each queued change: its key, what it sends, and what its answer means to the cache. */
export const changes = {
  createTask: {
    key: [TODO_CHANGE, 'create-task'],
    fn: ({ body }: CreateTaskVars, key?: string) => taskApi.create(body, key),
  },
  updateTask: {
    key: [TODO_CHANGE, 'update-task'],
    fn: ({ task, changes, edited_at }: UpdateTaskVars, key?: string) =>
      taskApi.update(
        serverId(task.id),
        { ...changes, ...(edited_at && { base: baseOf(task, changes), edited_at }) },
        key,
      ),
  },
  completeTask: {
    key: [TODO_CHANGE, 'complete-task'],
    fn: ({ task, completed }: CompleteTaskVars, key?: string) => taskApi.complete(serverId(task.id), completed, key),
  },
  removeTask: {
    key: [TODO_CHANGE, 'remove-task'],
    fn: (task: TodoTask, key?: string) => taskApi.remove(serverId(task.id), key),
  },
  moveTask: {
    key: [TODO_CHANGE, 'move-task'],
    fn: (input: MoveTaskVars, key?: string) => {
      const before_id = optionalId(input.before_id);
      const after_id = optionalId(input.after_id);
      return taskApi.move(
        serverId(input.task.id),
        {
          list_id: input.list_id,
          ...(before_id !== undefined && { before_id }),
          ...(after_id !== undefined && { after_id }),
        },
        key,
      );
    },
  },
  createTodo: {
    key: [TODO_CHANGE, 'create-todo'],
    fn: ({ temp_id: _, ...input }: CreateTodoVars, key?: string) => todoApi.create(input, key),
  },
  updateTodo: {
    key: [TODO_CHANGE, 'update-todo'],
    fn: (input: UpdateTodoRequest, key?: string) => todoApi.update({ ...input, todo_id: serverId(input.todo_id) }, key),
  },
  completeTodo: {
    key: [TODO_CHANGE, 'complete-todo'],
    fn: (todoId: number, key?: string) => todoApi.complete(serverId(todoId), key),
  },
  removeTodo: {
    key: [TODO_CHANGE, 'remove-todo'],
    fn: (todoId: number, key?: string) => todoApi.remove(serverId(todoId), key),
  },
} satisfies Record<string, { key: MutationKey; fn: (vars: never, key?: string) => Promise<unknown> }>;

/**
 * A change as it is queued: what it changes, and the Idempotency-Key it is sent with, kept with
 * it, so a change sent again (its answer lost to a reload or a dropped connection) is done once.
 */
export interface QueuedChange<TVars> {
  input: TVars;
  request_key: string;
}

/** A random key (not `crypto.randomUUID`, which a page served over plain HTTP lacks). */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const queued = <TVars>(input: TVars): QueuedChange<TVars> => ({ input, request_key: newRequestKey() });

/** A change kept by an earlier version of the page is its input alone, sent without a key. */
const isQueued = (vars: unknown): vars is QueuedChange<unknown> =>
  typeof vars === 'object' && vars !== null && 'request_key' in vars && 'input' in vars;

export const inputOf = (vars: unknown): unknown => (isQueued(vars) ? vars.input : vars);

/** Sends a queued change with its key. */
function send(fn: (vars: never, key?: string) => Promise<unknown>, vars: unknown): Promise<unknown> {
  return isQueued(vars) ? fn(vars.input as never, vars.request_key) : fn(vars as never);
}

// --- The cache after an answer --------------------------------------------------------------

interface Row {
  id: number;
}

/** Puts the saved task in the place of the one shown under its temporary id, in every to-do view. */
function replaceTemporary(client: QueryClient, tempId: number, saved: Row): void {
  const swap = <T extends Row>(rows: T[]) => rows.map((row) => (row.id === tempId ? { ...row, ...saved } : row));
  client.setQueriesData<unknown>({ queryKey: ['todo'] }, (data: unknown): unknown => {
    if (!data || typeof data !== 'object') return data;
    if ('pages' in data && Array.isArray(data.pages))
      return { ...data, pages: data.pages.map((page: { tasks: Row[] }) => ({ ...page, tasks: swap(page.tasks) })) };
    if ('todos' in data && 'completed' in data)
      return { ...data, todos: swap(data.todos as Row[]), completed: swap(data.completed as Row[]) };
    return data;
  });
}

/** After an answer: a task added offline is known by its id; an edit that met a newer one says so. */
export function afterSaved(client: QueryClient, result: unknown, vars: unknown): void {
  const tempId = (vars as { temp_id?: unknown } | undefined)?.temp_id;
  if (typeof tempId === 'number' && result && typeof result === 'object' && 'id' in result) {
    recordSavedId(tempId, (result as Row).id);
    replaceTemporary(client, tempId, result as Row);
  }
  const conflicts = (result as { conflicts?: TodoConflictField[] } | undefined)?.conflicts;
  if (conflicts && conflicts.length > 0)
    notifications.show({ color: 'yellow', title: 'Changed elsewhere', message: conflictMessage(conflicts) });
}

/** How many changes are waiting or under way (this one included while its callbacks run). */
export const pendingChanges = (client: QueryClient) => client.isMutating({ mutationKey: [TODO_CHANGE] });

/** A change the server refused (4xx and 5xx; a network failure keeps it queued): dropped, and said. */
export function reportFailure(error: Error, failure: string): void {
  notifications.show({ color: 'red', title: failure, message: error.message });
}

/** Once the last waiting change is answered, every to-do view asks the server again. */
export function afterSettled(client: QueryClient): Promise<void> | undefined {
  if (pendingChanges(client) > 1) return;
  return client.invalidateQueries({ queryKey: ['todo'] });
}

/** Whether a change made now waits (offline, or behind others): it then carries its edit time. */
export const willWait = (client: QueryClient) => !onlineManager.isOnline() || pendingChanges(client) > 0;

// --- Defaults, storage and resuming ---------------------------------------------------------

/**
 * What a proxy answers when the site did not: the instance went away mid-request (502), none was
 * ready or the one asked was stopping (503), or it took too long (504) (docs/deploy.md).
 */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/**
 * A change whose answer never came: a network failure, a proxy's answer in place of the site's, or
 * its request cut off as the page went away (a reload aborts it). It stays queued and is sent again
 * with its key, so the server does it once whether or not the first request reached it.
 */
const unanswered = (error: unknown) =>
  isNetworkFailure(error) ||
  (error instanceof ApiError && GATEWAY_FAILURES.has(error.status)) ||
  (error instanceof DOMException && error.name === 'AbortError');

const prepared = new WeakSet<QueryClient>();

/**
 * Registers each change's function, scope and retry for `client` (once): a change left unanswered
 * is retried until it goes through (offline it waits paused); a refusal is final.
 */
export function prepareTodoChanges(client: QueryClient): void {
  if (prepared.has(client)) return;
  prepared.add(client);
  for (const change of Object.values(changes)) {
    client.setMutationDefaults(change.key, {
      mutationFn: (vars: unknown) => send(change.fn, vars),
      scope: SCOPE,
      networkMode: 'online',
      retry: (_count, error) => unanswered(error),
      retryDelay: (count) => Math.min(1000 * 2 ** count, 30_000),
      // For a change restored from storage; the hooks give their own, which do the same and more.
      onSuccess: (result, vars) => afterSaved(client, result, inputOf(vars)),
      onError: (error) => reportFailure(error, 'Could not save a change made offline'),
      onSettled: () => afterSettled(client),
    });
  }
}

const isTodoChange = (mutation: Mutation<unknown, Error, unknown, unknown>) =>
  mutation.options.mutationKey?.[0] === TODO_CHANGE;

/** The changes not yet answered, without their callbacks' context (cache snapshots, not needed again). */
function queueOf(client: QueryClient): DehydratedState {
  const state = dehydrate(client, {
    shouldDehydrateQuery: () => false,
    shouldDehydrateMutation: (m) => isTodoChange(m) && m.state.status === 'pending',
  });
  return {
    queries: [],
    mutations: state.mutations.map((m) => ({
      ...m,
      state: { ...m.state, context: undefined, failureReason: null, error: null, isPaused: true },
    })),
  };
}

const restored = new WeakSet<QueryClient>();

/**
 * Takes up the changes kept from an earlier page (once per client), keeps the queue in storage
 * from then on, and sends what waits if the browser is online.
 */
export function restoreTodoChanges(client: QueryClient): void {
  prepareTodoChanges(client);
  if (restored.has(client)) return;
  restored.add(client);
  // onlineManager starts online whatever the browser says; a page loaded offline would try at once.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const kept = readOfflineCopy<DehydratedState>(QUEUE_COPY);
  if (kept?.mutations.length) hydrate(client, kept);
  // A page that offers an offline copy keeps it with the changes that wait, for a reload offline.
  client.getQueryCache().subscribe((event) => {
    const name = (event.query.meta as { offlineCopy?: unknown } | undefined)?.offlineCopy;
    if (event.type !== 'updated' || event.action.type !== 'success' || typeof name !== 'string') return;
    if (pendingChanges(client) > 0) keepOfflineCopy(name, event.query.state.data);
  });
  let written = '';
  // The client lives as long as the page: so does this subscription.
  client.getMutationCache().subscribe((event) => {
    if (!event.mutation || !isTodoChange(event.mutation)) return;
    const queue = queueOf(client);
    const text = JSON.stringify(queue);
    if (text === written) return;
    written = text;
    keepOfflineCopy(QUEUE_COPY, queue);
  });
  void client.resumePausedMutations();
}
