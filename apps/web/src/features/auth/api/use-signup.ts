import type { SignupRequest } from '@site/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

export function useSignup() {
  return useMutation({
    mutationFn: (account: SignupRequest) => callEndpoint('auth.signup', { body: account }),
    retry: false,
  });
}
