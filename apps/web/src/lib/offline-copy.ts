import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { readSession } from './storage';

/**
 * The app's own offline copies (docs/architecture.md#service-worker-and-offline): the last answer
 * of a few calls, kept in local storage per signed-in user, shown read-only while the browser is
 * offline (docs/product.md#offline). The service worker caches no /api answers. Log Out clears
 * local storage, and with it every copy; so does a session found ended (storage.ts clearSession).
 */
const PREFIX = 'offlineCopy';

function storageKey(name: string): string {
  return `${PREFIX}:${readSession()?.userId ?? 'visitor'}:${name}`;
}

export function keepOfflineCopy(name: string, data: unknown): void {
  try {
    localStorage.setItem(storageKey(name), JSON.stringify(data));
  } catch (error) {
    // Storage can be full or unavailable: the app works without the copy.
    console.warn(`Could not keep an offline copy of ${name}`, error);
  }
}

export function readOfflineCopy<T>(name: string): T | undefined {
  try {
    const text = localStorage.getItem(storageKey(name));
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

export function dropOfflineCopy(name: string): void {
  try {
    localStorage.removeItem(storageKey(name));
  } catch {
    // Nothing to drop.
  }
}

/** The browser says it is offline (the same signal the pages' offline notices use). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A request that never got an answer (ApiError status 0), as opposed to a refusal by the server. */
export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Runs `load` and keeps its answer as the copy `name`; when it fails because the browser is offline,
 * answers the copy from the last success instead (or the failure, if there is none). Online, a
 * failure stays a failure: a copy is only shown together with the offline notice.
 */
export async function withOfflineCopy<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    const data = await load();
    keepOfflineCopy(name, data);
    return data;
  } catch (error) {
    if (isOffline() && isNetworkFailure(error)) {
      const copy = readOfflineCopy<T>(name);
      if (copy !== undefined) return copy;
    }
    throw error;
  }
}

/** A query's `meta` naming the offline copy its answers are kept as (withOfflineCopy in its queryFn). */
export interface OfflineCopyMeta extends Record<string, unknown> {
  offlineCopy: string;
}

/**
 * Keeps the answers a page was drawn with (docs/decisions.md#pages-rendered-with-their-data) as
 * offline copies, as their queries' functions would have, without asking for them again: each
 * once the query's first component has mounted (with the query's options, and so its `meta`; a
 * page's part is hydrated after the frame around it). `drawn`: the drawn queries' hashes. Returns
 * the unsubscribe.
 */
export function keepDrawnOfflineCopies(client: QueryClient, drawn: readonly string[]): () => void {
  const waiting = new Set(drawn);
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || !waiting.delete(event.query.queryHash)) return;
    const name = (event.query.meta as Partial<OfflineCopyMeta> | undefined)?.offlineCopy;
    if (typeof name === 'string' && event.query.state.data !== undefined) keepOfflineCopy(name, event.query.state.data);
  });
}
