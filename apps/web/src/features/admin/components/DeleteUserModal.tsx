import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { AdminUser } from '@site/contract';
import { useState } from 'react';
import { Modal } from '../../../components/Modal';

interface DeleteUserModalProps {
  user: AdminUser | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (user: AdminUser) => void;
}

/** Deleting a user needs their username typed out: a slip of the mouse must not delete anyone. */
export function DeleteUserModal({ user, pending, onCancel, onConfirm }: DeleteUserModalProps) {
  // What was typed, and for whom: another user starts with an empty field.
  const [entry, setEntry] = useState<{ id: number | undefined; text: string }>({ id: undefined, text: '' });
  const typed = entry.id === user?.id ? entry.text : '';
  const matches = user !== null && typed.trim() === user.username;

  return (
    <Modal opened={user !== null} onClose={onCancel} title="Delete user" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && user) onConfirm(user);
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            This deletes <strong>{user?.username}</strong> ({user?.email}) and everything they own: to-dos, Sudoku
            games, places, watchlist and wallets. It cannot be undone.
          </Text>
          <TextInput
            label={`Type ${user?.username ?? 'the username'} to confirm`}
            value={typed}
            onChange={(event) => setEntry({ id: user?.id, text: event.currentTarget.value })}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={pending}>
              Delete user
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
