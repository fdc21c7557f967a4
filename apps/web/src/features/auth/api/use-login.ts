import type { LoginRequest } from '@site/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

export function useLogin() {
  return useMutation({
    mutationFn: (credentials: LoginRequest) => callEndpoint('auth.login', { body: credentials }),
    // Wrong passwords and rate limits must not be retried.
    retry: false,
  });
}
