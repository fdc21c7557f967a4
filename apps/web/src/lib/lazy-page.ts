import { type ComponentType, lazy } from 'react';

/** docs/product.md#constants: a lazily loaded chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading chunk timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * React.lazy for a named export, so modules keep named exports and the component keeps its
 * props type: `lazyPage(() => import('./TodoPage'), 'TodoPage')`.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const module = await withTimeout(load(), CHUNK_TIMEOUT_MS);
    // biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound; the export keeps its props type.
    return { default: module[name] as M[K] & ComponentType<any> };
  });
}
