import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * What sign-in offers on this server; asked when the login form is first shown (the form is a lazy
 * chunk), never by the first page. Fixed for the server's lifetime.
 */
export function useAuthOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'options'] as const,
    queryFn: ({ signal }) => callEndpoint('auth.options', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** 'Forgot password?': the server e-mails a reset link; its answer is the same for any address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => callEndpoint('passwordReset.request', { body: { email } }),
  });
}
