import { em, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminUser } from '@site/contract';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { UserActions } from './UserActions';
import { UserStatusBadge } from './UserStatusBadge';

type Actions = Omit<Parameters<typeof UserActions>[0], 'user'>;

interface UserListProps extends Actions {
  users: AdminUser[];
  /** The signed-in admin, whose session is in use as they read the list. */
  currentUserId?: number | undefined;
}

function Counts({ counts }: { counts: AdminUser['counts'] }) {
  const parts = [
    [counts.todos, 'to-do', 'to-dos'],
    [counts.sudoku_games, 'game', 'games'],
    [counts.weather_favorites, 'place', 'places'],
    [counts.watchlist, 'watched', 'watched'],
    [counts.wallets, 'wallet', 'wallets'],
    [counts.sessions, 'session', 'sessions'],
  ] as const;
  return (
    <Text size="xs" c="dimmed">
      {parts.map(([n, one, many]) => `${n} ${n === 1 ? one : many}`).join(' · ')}
    </Text>
  );
}

export const ACTIVE_NOW = 'Active now';

const lastSeen = (user: AdminUser, currentUserId: number | undefined) =>
  user.id === currentUserId ? ACTIVE_NOW : user.last_seen_at ? formatDateTime(user.last_seen_at) : 'Never';

/** Phones: one card per user, since six columns do not fit in 375 px. */
function UserCards({ users, currentUserId, ...actions }: UserListProps) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Users">
      {users.map((user) => (
        <Paper key={user.id} component="li" withBorder radius="md" p="sm" aria-label={user.username}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={2} miw={0}>
              <Group gap="xs">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {user.username}
                </Text>
                <UserStatusBadge user={user} />
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
              <Text size="xs">
                Joined {formatDate(user.created_at)} · last seen {lastSeen(user, currentUserId)}
              </Text>
              <Counts counts={user.counts} />
            </Stack>
            <UserActions user={user} {...actions} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function UserTable({ users, currentUserId, ...actions }: UserListProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th>Last seen</Table.Th>
            <Table.Th>Owns</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {user.username}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={formatDateTime(user.created_at)}>
                  {formatDate(user.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{lastSeen(user, currentUserId)}</Text>
              </Table.Td>
              <Table.Td maw={220}>
                <Counts counts={user.counts} />
              </Table.Td>
              <Table.Td>
                <UserStatusBadge user={user} />
              </Table.Td>
              <Table.Td>
                <UserActions user={user} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The users of one page: a table from the tablet width (768 px) up, cards below it. */
export function UserList(props: UserListProps) {
  const phone = useMediaQuery(`(max-width: ${em(767)})`, false, { getInitialValueInEffect: false });
  return phone ? <UserCards {...props} /> : <UserTable {...props} />;
}
