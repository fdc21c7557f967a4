import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { FormAlert } from '../../components/FormAlert';
import { ApiError } from '../../lib/api-client';
import { useRequestPasswordReset } from './api/use-password-reset-request';

interface ForgotPasswordFormProps {
  /** Back to the login form. */
  onBack: () => void;
}

/** The login modal's 'Forgot password?' side: one e-mail field, and the server's neutral answer. */
export function ForgotPasswordForm({ onBack }: ForgotPasswordFormProps) {
  const request = useRequestPasswordReset();
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) =>
        !value.trim() ? 'Email is required' : /^\S+@\S+$/.test(value.trim()) ? null : 'Enter a valid email',
    },
  });

  const submit = form.onSubmit(({ email }) =>
    request.mutate(email.trim(), {
      onError: (error) => {
        if (error instanceof ApiError && error.fields?.email) form.setFieldError('email', error.fields.email);
      },
    }),
  );

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} role="status">
          {request.data.message}
        </Alert>
        <Button variant="default" onClick={onBack} fullWidth>
          Back to login
        </Button>
      </Stack>
    );
  }

  const failure = request.error instanceof ApiError && request.error.fields?.email ? null : request.error;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Enter the e-mail address of your account and we will send you a link to set a new password.
        </Text>
        <FormAlert>{failure?.message}</FormAlert>
        <TextInput label="Email" type="email" autoComplete="email" data-autofocus {...form.getInputProps('email')} />
        <Button type="submit" loading={request.isPending} fullWidth>
          Send reset link
        </Button>
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Back to login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
