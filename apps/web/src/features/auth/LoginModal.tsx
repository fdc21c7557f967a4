import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '../../components/FormAlert';
import { Modal } from '../../components/Modal';
import { PasswordField } from '../../components/PasswordField';
import { useLogin } from './api/use-login';
import { useAuthOptions } from './api/use-password-reset-request';
import { describeLoginFailure } from './auth-errors';
import { AUTH_MODAL_SIZE } from './auth-modal-size';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { completeSignIn } from './session';

interface LoginModalProps {
  opened: boolean;
  onClose: () => void;
  onSwitchToSignup?: () => void;
}

interface LoginValues {
  username: string;
  password: string;
}

const initialValues: LoginValues = { username: '', password: '' };

export function LoginModal({ opened, onClose, onSwitchToSignup }: LoginModalProps) {
  const login = useLogin();
  const [alert, setAlert] = useState<string | null>(null);
  // 'Forgot password?' needs a server that can send e-mail (SMTP_URL); asked once the form shows.
  const options = useAuthOptions(opened);
  const [forgot, setForgot] = useState(false);
  const form = useForm<LoginValues>({
    initialValues,
    // docs/product.md: both fields are required and an incomplete form is never sent.
    validate: {
      username: (value) => (value.trim() ? null : 'Username is required'),
      password: (value) => (value ? null : 'Password is required'),
    },
  });

  const close = () => {
    form.reset();
    setAlert(null);
    login.reset();
    setForgot(false);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setAlert(null);
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (result) =>
          completeSignIn({ token: result.token, userId: result.user_id, username: result.username }),
        onError: (error) => {
          const failure = describeLoginFailure(error);
          form.setErrors(failure.fields);
          setAlert(failure.alert);
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={forgot ? 'Reset your password' : 'Login'}
      size={AUTH_MODAL_SIZE}
      centered
    >
      {forgot ? (
        <ForgotPasswordForm onBack={() => setForgot(false)} />
      ) : (
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
            <PasswordField label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
            {options.data?.password_reset_by_email && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setForgot(true)}
                style={{ alignSelf: 'flex-end' }}
                mt={-8}
              >
                Forgot password?
              </Anchor>
            )}
            <Button type="submit" loading={login.isPending} fullWidth mt="xs">
              Login
            </Button>
            {onSwitchToSignup && (
              <Text size="sm" c="dimmed" ta="center">
                No account yet?{' '}
                <Anchor component="button" type="button" size="sm" onClick={onSwitchToSignup}>
                  Create one
                </Anchor>
              </Text>
            )}
          </Stack>
        </form>
      )}
    </Modal>
  );
}
