import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/FormAlert';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { PasswordField } from '../../components/PasswordField';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useAuthModals } from '../auth';
import { passwordResetApi } from './api/account-api';
import { formFailure } from './form-errors';
import { confirmError, newPasswordError, PASSWORD_HINT } from './password-rules';

export const LINK_NOT_VALID = 'This reset link is not valid any more';

/** The server's verdict on the link itself (a 400), as opposed to a failure to get one (network, 5xx, 429). */
const linkRefused = (error: Error | null) =>
  error instanceof ApiError && error.status === 400 && !error.fields?.new_password;

/** A reset link's token, as the contract accepts it (base64url); anything else is not worth asking about. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

function Frame({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" maw={480} mx="auto" w="100%">
      <Title order={1}>Set a new password</Title>
      <Card withBorder radius="md" padding="lg">
        {children}
      </Card>
    </Stack>
  );
}

function InvalidLink({ message }: { message?: string }) {
  return (
    <FormAlert title={LINK_NOT_VALID}>
      <Text size="sm">
        {message ?? 'It may have been used already, or it is more than an hour old.'} Ask the site’s admin for a new
        link or use 'Forgot password?' in the login form if it is offered.
      </Text>
    </FormAlert>
  );
}

/** /reset-password?token=…: a one-time link from the admin or an e-mail (docs/api.md#password-reset). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = TOKEN_PATTERN.test(token);
  const check = useQuery({
    queryKey: ['password-reset', token] as const,
    queryFn: () => passwordResetApi.check(token),
    enabled: wellFormed,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (!wellFormed) {
    return (
      <Frame>
        <InvalidLink message="The link is incomplete: copy the whole link into the address bar." />
      </Frame>
    );
  }
  if (check.isPending) {
    return (
      <Frame>
        <PageLoader label="Checking the reset link…" />
      </Frame>
    );
  }
  if (check.isError) {
    return (
      <Frame>
        {linkRefused(check.error) ? (
          <InvalidLink />
        ) : (
          <LoadError title="Could not check the link" error={check.error} onRetry={() => check.refetch()} />
        )}
      </Frame>
    );
  }
  return (
    <Frame>
      <NewPasswordForm token={token} username={check.data.username} expiresAt={check.data.expires_at} />
    </Frame>
  );
}

function NewPasswordForm({ token, username, expiresAt }: { token: string; username: string; expiresAt: string }) {
  const { openLogin } = useAuthModals();
  const confirm = useMutation({ mutationFn: passwordResetApi.confirm });
  const form = useForm({
    initialValues: { new_password: '', confirm: '' },
    validate: { new_password: newPasswordError, confirm: confirmError },
  });

  if (confirm.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCheck size={18} />} title="Your password is set" role="status">
          <Text size="sm">
            Log in as <strong>{confirm.data.username}</strong> with the new password. Every earlier session of the
            account has ended.
          </Text>
        </Alert>
        <Button onClick={openLogin} data-autofocus>
          Log in
        </Button>
      </Stack>
    );
  }

  // A 400 not about the password is a link that went bad while the form was open (used elsewhere, expired).
  const tokenGone = linkRefused(confirm.error);
  const failure = confirm.isError ? formFailure(confirm.error, 'new_password') : null;
  const submit = form.onSubmit(({ new_password }) =>
    confirm.mutate(
      { token, new_password },
      { onError: (error) => form.setErrors(formFailure(error, 'new_password').fields) },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Set a new password">
      <Stack gap="md">
        <Text size="sm">
          For the account <strong>{username}</strong>. The link works once, until {formatDateTime(expiresAt)}.
        </Text>
        {tokenGone ? <InvalidLink message={confirm.error?.message} /> : <FormAlert>{failure?.alert}</FormAlert>}
        {/* For password managers: which account this new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PasswordField
          label="New password"
          description={PASSWORD_HINT}
          autoComplete="new-password"
          data-autofocus
          {...form.getInputProps('new_password')}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...form.getInputProps('confirm')} />
        <Button type="submit" loading={confirm.isPending}>
          Set password
        </Button>
      </Stack>
    </form>
  );
}
