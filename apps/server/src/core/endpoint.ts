import {
  type Access,
  apiErrorSchema,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointReply,
} from '@site/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  LogLevel,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import { type AuthUser, assertClaimedUser, refuseCrossSiteStateChange, requireAdmin, requireUser } from './access.js';

/** The signed-in user as the handler of an endpoint with this access gets it. */
export type ActingUser<A extends Access> = A extends 'user' | 'admin'
  ? AuthUser
  : A extends 'optional-user'
    ? AuthUser | undefined
    : undefined;

/** The request with the endpoint's validated query, body and path parameters. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
  Params: EndpointParams<E>;
}>;

export interface EndpointContext<E extends Endpoint> {
  /**
   * Who acts: the signed-in user, after the seed's `user` / `userid` / `user_id` parameter (if
   * the route takes one and it was sent) was checked to name them.
   */
  user: ActingUser<E['route']['access']>;
  reply: FastifyReply;
}

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  context: EndpointContext<E>,
) => Promise<EndpointReply<E>>;

/** Route options an endpoint may add to what its definition implies. */
export interface EndpointOptions {
  /** Run after the access check (e.g. a rate limit that should refuse before the body is read). */
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  /** Run after validation (e.g. a rate limit that counts only well-formed requests). */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  bodyLimit?: number;
  config?: FastifyContextConfig;
  /** The lowest level this route's request lines are written at (Fastify's route `logLevel`). */
  logLevel?: LogLevel;
}

// A Fastify instance of any type provider (route plugins use the zod one).
// biome-ignore lint/suspicious/noExplicitAny: the provider's types do not matter here.
type AnyFastifyInstance = FastifyInstance<any, any, any, any, any>;

const accessHooks: Record<Access, onRequestHookHandler | undefined> = {
  public: undefined,
  'optional-user': undefined,
  user: requireUser,
  admin: requireAdmin,
};

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The Fastify schema of an endpoint: OpenAPI text, request schemas, and the answers it can give. */
export function endpointSchema(endpoint: Endpoint) {
  const errors = Object.fromEntries((endpoint.errors ?? []).map((status) => [status, apiErrorSchema]));
  const response = endpoint.response ? { 200: endpoint.response, ...errors } : errors;
  return {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
    ...(endpoint.consumes === undefined ? {} : { consumes: [...endpoint.consumes] }),
    ...(endpoint.params === undefined ? {} : { params: endpoint.params }),
    ...(endpoint.query === undefined ? {} : { querystring: endpoint.query }),
    ...(endpoint.body === undefined ? {} : { body: endpoint.body }),
    ...(Object.keys(response).length === 0 ? {} : { response }),
  };
}

/** The acting user of a request to `endpoint`, with the seed user parameter checked (403 if it names someone else). */
function actingUser(endpoint: Endpoint, request: FastifyRequest): AuthUser | undefined {
  const { access, claimedUser } = endpoint.route;
  if (access === 'public' || (access === 'optional-user' && !request.user)) return undefined;
  const source = claimedUser ? (claimedUser.in === 'query' ? request.query : request.body) : undefined;
  const claimed = claimedUser
    ? (source as Record<string, number | undefined> | undefined)?.[claimedUser.name]
    : undefined;
  return assertClaimedUser(request, claimed);
}

/**
 * Registers `endpoint` (from the contract) on `app`, which is mounted at `/api`: its method and
 * path, its schemas and OpenAPI description, the standard error answers it lists, the access
 * check (`requireUser` / `requireAdmin` as the first onRequest hook), the cross-site refusal of a
 * GET that changes state (`changesState`), and the acting user handed to `handler`.
 */
export function route<E extends Endpoint>(app: AnyFastifyInstance, endpoint: E, handler: EndpointHandler<E>): void;
export function route<E extends Endpoint>(
  app: AnyFastifyInstance,
  endpoint: E,
  options: EndpointOptions,
  handler: EndpointHandler<E>,
): void;
export function route<E extends Endpoint>(
  app: AnyFastifyInstance,
  endpoint: E,
  optionsOrHandler: EndpointOptions | EndpointHandler<E>,
  maybeHandler?: EndpointHandler<E>,
): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler;
  if (!handler) throw new Error(`${endpoint.route.method} ${endpoint.route.path}: no handler`);
  const accessHook = accessHooks[endpoint.route.access];
  const crossSiteHook = endpoint.route.changesState
    ? refuseCrossSiteStateChange(app.deps.config.corsOrigins)
    : undefined;
  const onRequest = [...asArray(accessHook), ...asArray(crossSiteHook), ...asArray(options.onRequest)];
  const preHandler = asArray(options.preHandler);

  const routeOptions: RouteOptions = {
    method: endpoint.route.method,
    url: endpoint.route.path,
    schema: endpointSchema(endpoint),
    ...(onRequest.length > 0 ? { onRequest } : {}),
    ...(preHandler.length > 0 ? { preHandler } : {}),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.config === undefined ? {} : { config: options.config }),
    ...(options.logLevel === undefined ? {} : { logLevel: options.logLevel }),
    handler: async (request, reply) => {
      const user = actingUser(endpoint, request) as ActingUser<E['route']['access']>;
      return handler(request as EndpointRequest<E>, { user, reply });
    },
  };
  app.route(routeOptions);
}
