import { type LoginRequest, loginResponseSchema } from '@site/contract';
import { routes } from '@site/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export function useLogin() {
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      callApi(routes.auth.login, { body: credentials, schema: loginResponseSchema }),
    // Wrong passwords and rate limits must not be retried.
    retry: false,
  });
}
