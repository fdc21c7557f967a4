import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AccountResponse } from '@site/contract';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { Modal } from '../../../components/Modal';
import { PasswordField } from '../../../components/PasswordField';
import { useDeleteAccount } from '../api/use-account';
import { formFailure } from '../form-errors';
import { AccountSection } from './AccountSection';

export const ADMIN_CANNOT_DELETE = 'The admin account cannot be deleted: the site needs it.';

/** The danger zone: deleting the account (password confirmed in a modal); never the admin's. */
export function DeleteAccountSection({ account }: { account: AccountResponse }) {
  const remove = useDeleteAccount();
  const [opened, setOpened] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => (value ? null : 'Password is required') },
  });

  const close = () => {
    setOpened(false);
    setAlert(null);
    form.reset();
    remove.reset();
  };

  const submit = form.onSubmit(({ password }) => {
    setAlert(null);
    remove.mutate(
      { password },
      {
        onError: (error) => {
          const failure = formFailure(error, 'password');
          form.setErrors(failure.fields);
          setAlert(failure.alert);
        },
      },
    );
  });

  return (
    <AccountSection title="Danger zone" danger>
      <Text size="sm">
        Deleting your account removes it and everything it owns, for good, and logs you out everywhere. Export your data
        first if you want to keep it.
      </Text>
      {account.is_admin && (
        <Text size="sm" c="dimmed" id="delete-account-reason">
          {ADMIN_CANNOT_DELETE}
        </Text>
      )}
      <Group>
        <Button
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={account.is_admin}
          aria-describedby={account.is_admin ? 'delete-account-reason' : undefined}
          onClick={() => setOpened(true)}
        >
          Delete my account
        </Button>
      </Group>

      <Modal opened={opened} onClose={close} title="Delete my account" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              This deletes <strong>{account.username}</strong> with all its to-dos, games, places, watchlist and
              wallets. It cannot be undone.
            </Text>
            <FormAlert>{alert}</FormAlert>
            <PasswordField
              label="Your password"
              autoComplete="current-password"
              data-autofocus
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </AccountSection>
  );
}
