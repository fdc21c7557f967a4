import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconWifiOff } from '@tabler/icons-react';
import { useIsMutating, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useOnline } from '../../../hooks/use-online';
import { restoreTodoChanges, TODO_CHANGE } from './todo-changes';

export const OFFLINE_EDITING = "You're offline — changes are kept on this device and sent when you reconnect";

const changesText = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'}`;

/**
 * docs/product.md#offline: above the to-do page, what happens to the changes made there: offline,
 * that they are kept (and how many wait); online, once changes had to wait (made offline, kept from
 * before a reload, or met a network failure), "Syncing N changes…" while they are sent, then "All
 * changes saved". A change sent at once needs no line: the row already shows it.
 */
export function TodoSyncStatus() {
  const client = useQueryClient();
  useEffect(() => restoreTodoChanges(client), [client]);
  const online = useOnline();
  const waiting = useIsMutating({ mutationKey: [TODO_CHANGE] });
  const held = useMutationState({
    filters: { mutationKey: [TODO_CHANGE] },
    select: (mutation) => mutation.state.isPaused || mutation.state.failureCount > 0,
  }).some(Boolean);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (held || (waiting > 0 && !online)) setWaited(true);
  }, [held, waiting, online]);

  // One live region that stays, so each change of state is read out; it takes no room (and adds no
  // gap to the page's stack) while it has nothing to say.
  return (
    <div role="status" aria-live="polite" style={{ display: 'contents' }}>
      {!online ? (
        <Alert color="yellow" variant="light" icon={<IconWifiOff />}>
          {OFFLINE_EDITING}
          {waiting > 0 && ` (${changesText(waiting)} waiting).`}
        </Alert>
      ) : !waited ? null : waiting > 0 ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Syncing {changesText(waiting)}…</Text>
        </Group>
      ) : (
        <Group gap="xs">
          <IconCircleCheck size={16} color="var(--mantine-color-green-filled)" aria-hidden />
          <Text size="sm">All changes saved</Text>
        </Group>
      )}
    </div>
  );
}
