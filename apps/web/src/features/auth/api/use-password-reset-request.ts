import { authOptionsResponseSchema, passwordResetRequestResponseSchema } from '@site/contract';
import { routes } from '@site/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * What sign-in offers on this server; asked when the login form is first shown (the form is a lazy
 * chunk), never by the first page. Fixed for the server's lifetime.
 */
export function useAuthOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'options'] as const,
    queryFn: ({ signal }) => callApi(routes.auth.options, { schema: authOptionsResponseSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** 'Forgot password?': the server e-mails a reset link; its answer is the same for any address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      callApi(routes.passwordReset.request, { body: { email }, schema: passwordResetRequestResponseSchema }),
  });
}
