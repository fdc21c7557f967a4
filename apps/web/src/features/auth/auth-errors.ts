import { ApiError } from '../../lib/api-client';

/** What a failed login or signup shows: messages under fields and/or one alert above the form. */
export interface FormFailure {
  fields: Record<string, string>;
  alert: string | null;
}

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const USER_NOT_FOUND = 'User not found';
export const ACCOUNT_TAKEN = 'Username or email is already taken';
export const LOGIN_FAILED = 'Could not log in. Please try again.';
export const SIGNUP_FAILED = 'Could not create your account. Please try again.';

function unexpected(error: unknown, fallback: string): FormFailure {
  // docs/product.md#messages logs these; the user also gets a readable message instead of a silent form.
  console.error(fallback, error);
  return { fields: {}, alert: error instanceof ApiError && error.isNetworkError ? error.message : fallback };
}

/** docs/product.md#messages error catalogue for login, with docs/api.md's statuses. */
export function describeLoginFailure(error: unknown): FormFailure {
  if (!(error instanceof ApiError)) return unexpected(error, LOGIN_FAILED);
  switch (error.status) {
    case 401:
      return { fields: { username: INVALID_CREDENTIALS, password: INVALID_CREDENTIALS }, alert: null };
    case 404:
      return { fields: { username: USER_NOT_FOUND }, alert: null };
    case 429:
      return { fields: {}, alert: error.message };
    case 400:
      if (error.fields) return { fields: error.fields, alert: null };
      return { fields: {}, alert: error.message };
    default:
      return unexpected(error, LOGIN_FAILED);
  }
}

export function describeSignupFailure(error: unknown): FormFailure {
  if (!(error instanceof ApiError)) return unexpected(error, SIGNUP_FAILED);
  switch (error.status) {
    case 409:
      return { fields: { username: ACCOUNT_TAKEN, email: ACCOUNT_TAKEN }, alert: null };
    case 400:
      if (error.fields) return { fields: error.fields, alert: null };
      return { fields: {}, alert: error.message };
    case 429:
      return { fields: {}, alert: error.message };
    default:
      return unexpected(error, SIGNUP_FAILED);
  }
}
