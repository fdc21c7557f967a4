import { PASSWORD_MAX, PASSWORD_MIN } from '@site/contract';

/** The contract's rules for a new password, as the account and reset forms check them before sending. */
export function newPasswordError(value: string): string | null {
  if (!value) return 'Password is required';
  if (value.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (value.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  return null;
}

export const confirmError = (value: string, values: { new_password: string }) =>
  value === values.new_password ? null : 'The passwords do not match';

export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters`;
