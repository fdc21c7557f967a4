import { type LoginRequest, loginResponseSchema } from '@site/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useLogin() {
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      apiRequest('POST', '/api/login', { body: credentials, schema: loginResponseSchema }),
    // Wrong passwords and rate limits must not be retried.
    retry: false,
  });
}
