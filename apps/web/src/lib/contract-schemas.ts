import type { ResponseSchema } from './api-client';

/** The first page's few contract schemas, and zod, in a chunk of their own, loaded on first use. */
export type Contract = typeof import('./first-page-schemas');

export function loadContract(): Promise<Contract> {
  return import('./first-page-schemas');
}

/**
 * A response schema of the contract loaded on demand, for the calls the first page makes (`/api/me`,
 * `/api/health`, log out): `callApi(routes.auth.me, { schema: lazySchema((c) => c.meResponseSchema) })`.
 * The app pages are lazy chunks already and import their schemas directly.
 */
export function lazySchema<T>(pick: (contract: Contract) => ResponseSchema<T>): () => Promise<ResponseSchema<T>> {
  return () => loadContract().then(pick);
}
