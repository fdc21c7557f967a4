import { em, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminUser } from '@site/contract';
import { type DataColumn, DataTable } from '../../../components/DataTable';
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
  const columns: DataColumn<AdminUser>[] = [
    {
      header: 'User',
      cell: (user) => (
        <>
          <Text size="sm" fw={600}>
            {user.username}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </>
      ),
    },
    {
      header: 'Joined',
      cell: (user) => (
        <Text size="sm" title={formatDateTime(user.created_at)}>
          {formatDate(user.created_at)}
        </Text>
      ),
    },
    { header: 'Last seen', cell: (user) => <Text size="sm">{lastSeen(user, currentUserId)}</Text> },
    { header: 'Owns', td: () => ({ maw: 220 }), cell: (user) => <Counts counts={user.counts} /> },
    { header: 'Status', cell: (user) => <UserStatusBadge user={user} /> },
    { header: 'Actions', hideHeader: true, cell: (user) => <UserActions user={user} {...actions} /> },
  ];
  return (
    <DataTable
      label="Users"
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      minWidth={720}
      striped
      highlightOnHover
      verticalSpacing="xs"
    />
  );
}

/** The users of one page: a table from the tablet width (768 px) up, cards below it. */
export function UserList(props: UserListProps) {
  const phone = useMediaQuery(`(max-width: ${em(767)})`, false, { getInitialValueInEffect: false });
  return phone ? <UserCards {...props} /> : <UserTable {...props} />;
}
