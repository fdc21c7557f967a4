/** A failed API call: the server's error body, or status 0 when the server could not be reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 for a network failure. */
    readonly status: number,
    message: string,
    /** Per-field validation messages, keyed by request field name. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** A 2xx answer that its endpoint's response schema refused. */
  get isUnexpectedAnswer(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
