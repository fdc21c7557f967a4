import { type SignupRequest, signupResponseSchema } from '@site/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useSignup() {
  return useMutation({
    mutationFn: (account: SignupRequest) =>
      apiRequest('POST', '/api/signup', { body: account, schema: signupResponseSchema }),
    retry: false,
  });
}
