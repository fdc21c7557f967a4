import { ApiError } from '../../lib/api-client';

/**
 * How a failed account form shows the server's answer: its field messages under the fields they
 * name, a refused password (401/403 without fields) under `passwordField`, anything else as one
 * alert above the form (returned).
 */
export function formFailure(
  error: unknown,
  passwordField: string,
): { fields: Record<string, string>; alert: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, alert: 'Something went wrong. Please try again.' };
  if (error.fields && Object.keys(error.fields).length > 0) return { fields: error.fields, alert: null };
  if (error.status === 403 || error.status === 401) return { fields: { [passwordField]: error.message }, alert: null };
  return { fields: {}, alert: error.message };
}
