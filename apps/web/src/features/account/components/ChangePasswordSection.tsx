import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { PasswordField } from '../../../components/PasswordField';
import { useChangePassword } from '../api/use-account';
import { formFailure } from '../form-errors';
import { confirmError, newPasswordError, PASSWORD_HINT } from '../password-rules';
import { AccountSection } from './AccountSection';

const initialValues = { current_password: '', new_password: '', confirm: '' };

/** 'Change password': the current one, the new one twice; every other session ends (docs/api.md#account). */
export function ChangePasswordSection() {
  const changePassword = useChangePassword();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues,
    validate: {
      current_password: (value) => (value ? null : 'Current password is required'),
      new_password: newPasswordError,
      confirm: confirmError,
    },
  });

  const submit = form.onSubmit(({ current_password, new_password }) => {
    setAlert(null);
    changePassword.mutate(
      { current_password, new_password },
      {
        onSuccess: () => form.reset(),
        onError: (error) => {
          const failure = formFailure(error, 'current_password');
          form.setErrors(failure.fields);
          setAlert(failure.alert);
        },
      },
    );
  });

  const ended = changePassword.data?.ended_sessions ?? 0;
  return (
    <AccountSection title="Change password" description="Changing it logs you out on every other device.">
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="sm" maw={420}>
          {changePassword.isSuccess && (
            <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status">
              Your password was changed.{' '}
              {ended === 0
                ? 'You had no other sessions to end.'
                : `Your other sessions were ended (${ended}): sign in there again with the new password.`}
            </Alert>
          )}
          <FormAlert>{alert}</FormAlert>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
          <PasswordField
            label="New password"
            description={PASSWORD_HINT}
            autoComplete="new-password"
            {...form.getInputProps('new_password')}
          />
          <PasswordField label="Confirm new password" autoComplete="new-password" {...form.getInputProps('confirm')} />
          <Button type="submit" loading={changePassword.isPending} style={{ alignSelf: 'flex-start' }}>
            Change password
          </Button>
        </Stack>
      </form>
    </AccountSection>
  );
}
