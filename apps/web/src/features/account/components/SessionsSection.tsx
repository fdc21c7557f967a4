import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AccountSession } from '@site/contract';
import { IconDeviceDesktop, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { formatDateTime } from '../../../lib/dates';
import { useEndAllSessions, useEndSession, useSessions } from '../api/use-account';
import { AccountSection } from './AccountSection';

function SessionRow({ session, onEnd }: { session: AccountSession; onEnd: (session: AccountSession) => void }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={session.client}>
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: 1 }}>
          <IconDeviceDesktop size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text fw={600} size="sm" title={session.user_agent ?? undefined}>
                {session.client}
              </Text>
              {session.current && (
                <Badge size="sm" variant="light" color="teal">
                  This device
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {session.ip ? `Address ${session.ip}` : 'Address unknown'}
            </Text>
            <Text size="xs" c="dimmed">
              Signed in {formatDateTime(session.created_at)}
            </Text>
            <Text size="xs" c="dimmed">
              Last used {formatDateTime(session.last_used_at)}
            </Text>
          </Stack>
        </Group>
        {/* This device's session ends with Log Out, which also clears what the browser keeps. */}
        {!session.current && (
          <Button
            size="xs"
            variant="default"
            onClick={() => onEnd(session)}
            aria-label={`End session: ${session.client}`}
          >
            End
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The user's sessions: end one (asked first), or log out everywhere (this device too). */
export function SessionsSection() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endAll = useEndAllSessions();
  const [toEnd, setToEnd] = useState<AccountSession | null>(null);
  const [askAll, setAskAll] = useState(false);

  return (
    <AccountSection title="Sessions" description="Where your account is signed in, most recently used first.">
      {sessions.isPending ? (
        <PageLoader label="Loading your sessions…" />
      ) : sessions.isError ? (
        <LoadError title="Could not load your sessions" error={sessions.error} onRetry={() => sessions.refetch()} />
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {sessions.data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} onEnd={setToEnd} />
          ))}
        </Stack>
      )}
      <Group>
        <Button color="red" variant="light" leftSection={<IconLogout size={16} />} onClick={() => setAskAll(true)}>
          Log out everywhere
        </Button>
      </Group>

      <ConfirmDialog
        opened={toEnd !== null}
        title="End session"
        confirmLabel="End session"
        loading={endSession.isPending}
        onCancel={() => {
          setToEnd(null);
          endSession.reset();
        }}
        onConfirm={() => toEnd && endSession.mutate(toEnd.id, { onSuccess: () => setToEnd(null) })}
      >
        End the session of <strong>{toEnd?.client}</strong>
        {toEnd?.ip ? ` at ${toEnd.ip}` : ''}? That device will have to log in again.
        {endSession.isError && (
          <Text c="red" size="sm" mt="sm" role="alert">
            {endSession.error.message}
          </Text>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        opened={askAll}
        title="Log out everywhere"
        confirmLabel="Log out everywhere"
        loading={endAll.isPending}
        onCancel={() => {
          setAskAll(false);
          endAll.reset();
        }}
        onConfirm={() => endAll.mutate()}
      >
        Every session of your account ends, this one included, and you return to the home page signed out.
        {endAll.isError && (
          <Text c="red" size="sm" mt="sm" role="alert">
            {endAll.error.message}
          </Text>
        )}
      </ConfirmDialog>
    </AccountSection>
  );
}
