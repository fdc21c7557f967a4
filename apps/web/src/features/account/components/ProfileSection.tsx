import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AccountResponse } from '@site/contract';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { PasswordField } from '../../../components/PasswordField';
import { StatList } from '../../../components/StatList';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useChangeEmail } from '../api/use-account';
import { formFailure } from '../form-errors';
import { AccountSection } from './AccountSection';

export const EMAIL_TAKEN = 'Email is already taken';

/** Username, e-mail and join date, and the form that changes the e-mail (password required). */
export function ProfileSection({ account }: { account: AccountResponse }) {
  const changeEmail = useChangeEmail();
  const [editing, setEditing] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm({
    initialValues: { email: account.email, password: '' },
    validate: {
      email: (value) =>
        !value.trim()
          ? 'Email is required'
          : !/^\S+@\S+$/.test(value.trim())
            ? 'Enter a valid email'
            : value.trim() === account.email
              ? 'This is already your email'
              : null,
      password: (value) => (value ? null : 'Password is required'),
    },
  });

  const close = () => {
    setEditing(false);
    setAlert(null);
    form.reset();
    changeEmail.reset();
  };

  const submit = form.onSubmit((values) => {
    setAlert(null);
    changeEmail.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: ({ email }) => {
          setEditing(false);
          setSaved(true);
          form.setInitialValues({ email, password: '' });
          form.reset();
        },
        onError: (error) => {
          if (isApiError(error, 409)) return form.setFieldError('email', EMAIL_TAKEN);
          const failure = formFailure(error, 'password');
          form.setErrors(failure.fields);
          setAlert(failure.alert);
        },
      },
    );
  });

  return (
    <AccountSection title="Profile">
      <StatList
        cols={{ base: 1, sm: 3 }}
        stats={[
          { label: 'Username', value: account.username },
          { label: 'Email', value: account.email },
          { label: 'Member since', value: formatDate(account.created_at) },
        ]}
      />
      {saved && !editing && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCheck size={18} />}
          role="status"
          withCloseButton
          onClose={() => setSaved(false)}
        >
          Your email is now {account.email}.
        </Alert>
      )}
      {editing ? (
        <form onSubmit={submit} noValidate aria-label="Change email">
          <Stack gap="sm" maw={420}>
            <FormAlert>{alert}</FormAlert>
            <TextInput
              label="New email"
              type="email"
              autoComplete="email"
              data-autofocus
              {...form.getInputProps('email')}
            />
            <PasswordField
              label="Your password"
              description="To confirm it is you"
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            <Group gap="sm">
              <Button type="submit" loading={changeEmail.isPending}>
                Save email
              </Button>
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group>
          <Button
            variant="default"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Change email
          </Button>
        </Group>
      )}
    </AccountSection>
  );
}
