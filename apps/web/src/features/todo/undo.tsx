import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';

/** How long an Undo stays offered (Gmail and Todoist keep theirs a few seconds). */
export const UNDO_MS = 5000;

let undoCount = 0;

/**
 * Shows `message` with an Undo button for UNDO_MS; pressing it closes the notification and calls
 * `undo` (once). The notification's own autoClose times it, so tests drive it with fake timers.
 * Returns the notification's id.
 */
export function showUndo(message: string, undo: () => unknown): string {
  const id = `todo-undo-${++undoCount}`;
  let done = false;
  notifications.show({
    id,
    autoClose: UNDO_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => {
            if (done) return;
            done = true;
            notifications.hide(id);
            undo();
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
  return id;
}

/** `showUndo` for components (a stable function). */
export function useUndoToast() {
  return useCallback(showUndo, []);
}
