import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN } from '@site/contract';
import { useState } from 'react';
import { FormAlert } from '../../components/FormAlert';
import { Modal } from '../../components/Modal';
import { PasswordField } from '../../components/PasswordField';
import { useSignup } from './api/use-signup';
import { describeSignupFailure } from './auth-errors';
import { AUTH_MODAL_SIZE } from './auth-modal-size';
import { completeSignIn } from './session';

interface SignupModalProps {
  opened: boolean;
  onClose: () => void;
  onSwitchToLogin?: () => void;
}

interface SignupValues {
  username: string;
  email: string;
  password: string;
}

const initialValues: SignupValues = { username: '', email: '', password: '' };

function requiredErrors(values: SignupValues): Partial<Record<keyof SignupValues, string>> {
  const errors: Partial<Record<keyof SignupValues, string>> = {};
  if (!values.username.trim()) errors.username = 'Username is required';
  if (!values.email.trim()) errors.email = 'Email is required';
  if (!values.password) errors.password = 'Password is required';
  return errors;
}

export function SignupModal({ opened, onClose, onSwitchToLogin }: SignupModalProps) {
  const signup = useSignup();
  const [alert, setAlert] = useState<string | null>(null);
  // No `validate` here: docs/product.md shows the required messages yet still sends the request, so
  // the checks run in the submit handler instead of blocking it.
  const form = useForm<SignupValues>({ initialValues });

  const close = () => {
    form.reset();
    setAlert(null);
    signup.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setAlert(null);
    const missing = requiredErrors(values);
    form.setErrors(missing);
    // A completely empty form can only fail; everything else goes to the server, whose
    // per-field messages (length, format, reserved names) then replace the local ones.
    if (Object.keys(missing).length === 3) return;
    signup.mutate(
      { username: values.username.trim(), email: values.email.trim(), password: values.password },
      {
        onSuccess: (result) =>
          completeSignIn({ token: result.token, userId: result.user_id, username: result.username }),
        onError: (error) => {
          const failure = describeSignupFailure(error);
          form.setErrors({ ...missing, ...failure.fields });
          setAlert(failure.alert);
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="Signup" size={AUTH_MODAL_SIZE} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert>{alert}</FormAlert>
          <TextInput
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            data-autofocus
            {...form.getInputProps('username')}
          />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordField
            label="Password"
            description={`At least ${PASSWORD_MIN} characters`}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={signup.isPending} fullWidth mt="xs">
            Signup
          </Button>
          {onSwitchToLogin && (
            <Text size="sm" c="dimmed" ta="center">
              Already have an account?{' '}
              <Anchor component="button" type="button" size="sm" onClick={onSwitchToLogin}>
                Log in
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
