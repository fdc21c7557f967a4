import { type SignupRequest, signupResponseSchema } from '@site/contract';
import { routes } from '@site/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export function useSignup() {
  return useMutation({
    mutationFn: (account: SignupRequest) =>
      callApi(routes.auth.signup, { body: account, schema: signupResponseSchema }),
    retry: false,
  });
}
