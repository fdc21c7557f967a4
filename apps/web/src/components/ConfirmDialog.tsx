import { Button, Group, Text } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  /** The label of the button that closes the dialog without acting; 'Cancel' unless told. */
  cancelLabel?: string;
  onCancel: () => void;
  onConfirm: () => void;
  loading?: boolean;
}

/** Asks before something that cannot be undone; the cancel button has the focus so Enter is safe. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  onCancel,
  onConfirm,
  loading,
}: ConfirmDialogProps) {
  // Callers clear what the dialog is about as they close it; the closing animation keeps showing
  // the last question instead of one with its subject gone.
  const shown = useRef(children);
  if (opened) shown.current = children;
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text component="div">{opened ? children : shown.current}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
