/**
 * An error whose status and message are safe to show to the client. It is an answer, not a fault:
 * nobody reads its stack, so none is captured. Capturing one was the largest single cost of a
 * refused request (`npm run bench:http`, docs/decisions.md#refusals-cost-no-more-than-answers).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the error answer carries (e.g. `Retry-After` on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    const stackFrames = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackFrames;
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, fields);
