import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconWifiOff } from '@tabler/icons-react';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useOnline } from '../../../hooks/use-online';
import { restoreTodoChanges, TODO_CHANGE } from './todo-changes';

export const OFFLINE_EDITING = "You're offline — changes are kept on this device and sent when you reconnect";

const changesText = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'}`;

/**
 * docs/product.md#offline: above the to-do page, what happens to the changes made there: offline,
 * that they are kept (and how many wait); online, "Syncing N changes…" while the queue is sent,
 * then "All changes saved".
 */
export function TodoSyncStatus() {
  const client = useQueryClient();
  useEffect(() => restoreTodoChanges(client), [client]);
  const online = useOnline();
  const waiting = useIsMutating({ mutationKey: [TODO_CHANGE] });
  // "All changes saved" only after this page has had changes to send.
  const [hadWaiting, setHadWaiting] = useState(false);
  useEffect(() => {
    if (waiting > 0) setHadWaiting(true);
  }, [waiting]);

  // One live region that stays, so each change of state is read out.
  return (
    <div role="status" aria-live="polite">
      {!online ? (
        <Alert color="yellow" variant="light" icon={<IconWifiOff />}>
          {OFFLINE_EDITING}
          {waiting > 0 && ` (${changesText(waiting)} waiting).`}
        </Alert>
      ) : waiting > 0 ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Syncing {changesText(waiting)}…</Text>
        </Group>
      ) : hadWaiting ? (
        <Group gap="xs">
          <IconCircleCheck size={16} color="var(--mantine-color-green-filled)" aria-hidden />
          <Text size="sm">All changes saved</Text>
        </Group>
      ) : null}
    </div>
  );
}
