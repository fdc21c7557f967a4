import { Button, Group, Modal, Text } from '@mantine/core';
import type { Todo } from '@site/contract';

interface ConfirmDeleteModalProps {
  todo: Todo | null;
  onCancel: () => void;
  onConfirm: (todo: Todo) => void;
  deleting: boolean;
}

/** Deleting cannot be undone, so it asks first. */
export function ConfirmDeleteModal({ todo, onCancel, onConfirm, deleting }: ConfirmDeleteModalProps) {
  return (
    <Modal opened={todo !== null} onClose={onCancel} title="Delete item" centered>
      <Text>
        Are you sure you want to delete <strong>{todo?.title}</strong>? This cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button color="red" loading={deleting} onClick={() => todo && onConfirm(todo)}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
