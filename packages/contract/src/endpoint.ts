import type { z } from 'zod';
import type { ApiRoute } from './routes.js';

/** Error statuses an endpoint may answer with (each as `apiErrorSchema`, docs/api.md). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

/** What an endpoint takes and answers, and how the OpenAPI document describes it. */
export interface EndpointSpec {
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  /** The body's content types when it is not (only) JSON; OpenAPI `consumes`. */
  readonly consumes?: readonly string[];
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  readonly body?: z.ZodType;
  /** The 200 answer's JSON; absent when the answer is not JSON (an image). */
  readonly response?: z.ZodType;
  /** The error statuses it can answer, listed in the OpenAPI document. */
  readonly errors?: readonly ErrorStatus[];
}

/** One API call: its route (method, path, access, claimed user parameter) and its schemas. */
export type Endpoint<R extends ApiRoute = ApiRoute, S extends EndpointSpec = EndpointSpec> = S & { readonly route: R };

type Output<S, K extends 'query' | 'body'> = S extends { [P in K]: infer T extends z.ZodType } ? z.output<T> : never;

/**
 * A route whose seed user parameter (`claimedUser`) its query or body schema does not declare as
 * an optional number is a type error: the server reads that field to check it against the session.
 */
type ClaimedUserDeclared<R extends ApiRoute, S> = R extends {
  claimedUser: { in: infer Where extends 'query' | 'body'; name: infer Name extends string };
}
  ? [Output<S, Where>] extends [never]
    ? { claimedUserParam: `route takes "${Name}" in its ${Where} but the endpoint has no ${Where} schema` }
    : Name extends keyof Output<S, Where>
      ? Output<S, Where>[Name] extends number | undefined
        ? unknown
        : { claimedUserParam: `${Where}.${Name} must be an optional id` }
      : { claimedUserParam: `the ${Where} schema has no "${Name}" field` }
  : unknown;

/**
 * Describes an endpoint once; the server registers it from this (apps/server/src/core/endpoint.ts).
 * Marked free of side effects so that a bundle importing a constant of a module drops that
 * module's unused endpoints, and with them its schemas and zod (docs/decisions.md#main-thread-work-after-the-first-paint).
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const R extends ApiRoute, const S extends EndpointSpec>(
  route: R,
  spec: S & ClaimedUserDeclared<R, S>,
): Endpoint<R, S> {
  return { ...spec, route };
}

/** What a handler receives after validation: zod's output. */
export type EndpointQuery<E extends Endpoint> = E extends { query: infer T extends z.ZodType } ? z.output<T> : unknown;
export type EndpointBody<E extends Endpoint> = E extends { body: infer T extends z.ZodType } ? z.output<T> : unknown;
export type EndpointParams<E extends Endpoint> = E extends { params: infer T extends z.ZodType }
  ? z.output<T>
  : unknown;
/** What a handler returns for the serializer: the response schema's input (anything without one). */
export type EndpointReply<E extends Endpoint> = E extends { response: infer T extends z.ZodType }
  ? z.input<T>
  : unknown;
