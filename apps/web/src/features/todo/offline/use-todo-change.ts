import { type MutateOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  afterSaved,
  afterSettled,
  pendingChanges,
  prepareTodoChanges,
  type QueuedChange,
  queued,
  reportFailure,
  restoreTodoChanges,
  willWait,
} from './todo-changes';

interface TodoChangeOptions<TVars, TResult, TContext> {
  change: { key: readonly unknown[]; fn: (vars: TVars, key?: string) => Promise<TResult> };
  /** The notification's title when the server refuses the change. */
  failure: string;
  /** Shows the change at once; answers what `rollback` needs to take it back. */
  onMutate?: (client: QueryClient, vars: TVars) => TContext | Promise<TContext>;
  rollback?: (client: QueryClient, context: TContext | undefined) => void;
  onSuccess?: (client: QueryClient, result: TResult, vars: TVars) => void;
  /** Adds what the change carries when it is made (a temporary id; the edit time when it will wait). */
  prepare?: (vars: TVars, waits: boolean) => TVars;
}

/**
 * One to-do change (docs/product.md#offline): applied at once, queued behind the changes made
 * before it and sent when the browser is online (todo-changes.ts). `mutateAsync` of a change that
 * waits settles at once, so a form saving it can close; its outcome comes later as a notification.
 */
export function useTodoChange<TVars, TResult, TContext = unknown>(
  options: TodoChangeOptions<TVars, TResult, TContext>,
) {
  const client = useQueryClient();
  // During render: the mutation's options are resolved with its key's defaults as it is built.
  prepareTodoChanges(client);
  useEffect(() => restoreTodoChanges(client), [client]);
  const { change, failure, onMutate, rollback, onSuccess, prepare } = options;
  // Its function is the key's default (todo-changes.ts), which sends the input with its request key.
  const mutation = useMutation<TResult, Error, QueuedChange<TVars>, TContext | undefined>({
    mutationKey: change.key,
    onMutate: ({ input }) => onMutate?.(client, input),
    onError: (error, _vars, context) => {
      // The page goes back as it was only when no change waits on top of this one; otherwise
      // the server's answer, asked for once the queue is through, shows what stands.
      if (pendingChanges(client) <= 1) rollback?.(client, context);
      reportFailure(error, failure);
    },
    onSuccess: (result, { input }) => {
      afterSaved(client, result, input);
      onSuccess?.(client, result, input);
    },
    onSettled: () => afterSettled(client),
  });
  type Options = MutateOptions<TResult, Error, TVars, TContext | undefined>;
  const prepared = (vars: TVars) => {
    const waits = willWait(client);
    return { vars: queued(prepare ? prepare(vars, waits) : vars), waits };
  };
  return {
    ...mutation,
    variables: mutation.variables?.input,
    mutate: (vars: TVars, mutateOptions?: Options) => mutation.mutate(prepared(vars).vars, unwrapped(mutateOptions)),
    mutateAsync: (vars: TVars, mutateOptions?: Options): Promise<TResult | undefined> => {
      const { vars: sent, waits } = prepared(vars);
      const done = mutation.mutateAsync(sent, unwrapped(mutateOptions));
      if (!waits) return done;
      done.catch(() => {}); // said by its notification
      return Promise.resolve(undefined);
    },
  };
}

/** A caller's options for one change, given its input where the mutation has the queued change. */
function unwrapped<TResult, TVars, TContext>(
  options: MutateOptions<TResult, Error, TVars, TContext> | undefined,
): MutateOptions<TResult, Error, QueuedChange<TVars>, TContext> | undefined {
  if (!options) return undefined;
  const { onSuccess, onError, onSettled } = options;
  return {
    ...(onSuccess && { onSuccess: (result, vars, context, m) => onSuccess(result, vars.input, context, m) }),
    ...(onError && { onError: (error, vars, context, m) => onError(error, vars.input, context, m) }),
    ...(onSettled && {
      onSettled: (result, error, vars, context, m) => onSettled(result, error, vars.input, context, m),
    }),
  };
}
