/**
 * The contract's `CSRF_COOKIE` and `CSRF_HEADER` (csrf.test.ts checks they are equal). Kept here
 * because a value imported from `@site/contract` brings the contract's zod schemas, and zod, into
 * the first page's JavaScript; the shell needs these two strings, not the schemas.
 */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
