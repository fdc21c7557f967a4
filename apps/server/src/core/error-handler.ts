import type { ApiErrorBody } from '@site/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from './http-errors.js';

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  413: 'Request body is too large',
  414: 'The address is too long',
  415: 'Unsupported content type',
  429: 'Too many requests',
};

export function errorBody(code: number, message: string, fields?: Record<string, string>): ApiErrorBody {
  return fields && Object.keys(fields).length > 0
    ? { success: false, code, message, fields }
    : { success: false, code, message };
}

/** Turns zod issues (one per failing path) into `{ field: message }`, first message per field wins. */
function validationFields(error: { validation: { instancePath: string; message?: string }[] }) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const key = issue.instancePath.slice(issue.instancePath.startsWith('/') ? 1 : 0).replaceAll('/', '.') || '_';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** Fastify's own client-error codes and the readable message we answer each with. */
function fastifyClientError(error: FastifyError): { status: number; message: string } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'Request body is not valid JSON' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'Request body is empty but the content type is JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: 'Request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Unsupported content type' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'Content-Length does not match the body' };
    default:
      return undefined;
  }
}

/**
 * One error format for every failure (docs/api.md): client mistakes keep their 4xx status and a
 * readable message; anything else is logged and answered with a bland 500.
 */
export function registerErrorHandling(app: FastifyInstance) {
  // A failed validation is an answer: the handler below writes it from `error.validation`, so
  // Fastify's joined message is not made, and an HttpError captures no stack (its largest cost).
  app.setSchemaErrorFormatter(() => badRequest('Invalid request'));
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // First: a failed validation is an HttpError too (the formatter above), answered from its issues.
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      const first = Object.values(fields)[0];
      const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
      return reply.code(400).send(errorBody(400, first ? `Invalid ${where}: ${first}` : `Invalid ${where}`, fields));
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message, error.fields));
    }
    const known = fastifyClientError(error);
    if (known) return reply.code(known.status).send(errorBody(known.status, known.message));

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(status, STATUS_MESSAGES[status] ?? error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(500, 'Something went wrong on our side. Please try again.'));
  });
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals (bad percent-encoding in the path, a path
 * parameter over maxParamLength) come before any hook or handler, so without this they would be
 * answered in Fastify's format instead of ours.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.code(400).send(errorBody(400, 'The address is not valid: it has a malformed %-escape'));
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(414).send(errorBody(414, 'A part of the address is too long'));
  }
  request.log.error({ err: error }, 'router error');
  return reply.code(500).send(errorBody(500, 'Something went wrong on our side. Please try again.'));
}

export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorBody(404, `No API route ${request.method} ${request.url.split('?')[0] ?? ''}`));
}
