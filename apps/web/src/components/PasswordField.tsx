import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId } from 'react';

/**
 * Mantine's PasswordInput does not mark its input invalid or point it at the error text (it
 * passes withAria=false to its inner Input); this adds both so screen readers announce errors.
 */
export function PasswordField({ id, error, description, ...props }: PasswordInputProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const describedBy = [error ? `${inputId}-error` : null, description ? `${inputId}-description` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      id={inputId}
      error={error}
      description={description}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...props}
    />
  );
}
