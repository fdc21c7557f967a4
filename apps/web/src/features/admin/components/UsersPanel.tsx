import { Group, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_USERS_PAGE_SIZE, type AdminUser } from '@site/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { useMe } from '../../auth';
import { useAdminUsers, useDisableUser, useEnableUser, useRemoveUser, useResetLink } from '../api/use-admin';
import { DeleteUserModal } from './DeleteUserModal';
import { ResetLinkModal } from './ResetLinkModal';
import { UserList } from './UserList';

/** Typing pauses this long before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Users: search (debounced), pages, and per user disable/enable, a reset link, delete. */
export function UsersPanel() {
  const me = useMe();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const users = useAdminUsers({ q: q || undefined, page, page_size: ADMIN_USERS_PAGE_SIZE });
  const disable = useDisableUser();
  const enable = useEnableUser();
  const remove = useRemoveUser();
  const resetLink = useResetLink();
  const [toDisable, setToDisable] = useState<AdminUser | null>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [linkFor, setLinkFor] = useState<AdminUser | null>(null);

  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.page_size)) : 1;

  return (
    <Stack gap="md">
      <TextInput
        label="Search users"
        placeholder="Part of a username or e-mail"
        leftSection={<IconSearch size={16} />}
        rightSection={users.isFetching && !users.isPending ? <Loader size="xs" /> : null}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {users.isPending ? (
        <PageLoader label="Loading users…" />
      ) : users.isError ? (
        <LoadError title="Could not load the users" error={users.error} onRetry={() => users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <Text c="dimmed">{q ? `No user matches “${q}”.` : 'No users yet.'}</Text>
      ) : (
        <>
          <UserList
            users={users.data.users}
            currentUserId={me.data?.user_id}
            onDisable={setToDisable}
            onEnable={(u) => enable.mutate(u.id)}
            onResetLink={(u) => {
              setLinkFor(u);
              resetLink.mutate(u.id);
            }}
            onDelete={setToDelete}
          />
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {users.data.total} {users.data.total === 1 ? 'user' : 'users'}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
          </Group>
        </>
      )}

      <ConfirmDialog
        opened={toDisable !== null}
        title="Disable user"
        confirmLabel="Disable"
        loading={disable.isPending}
        onCancel={() => setToDisable(null)}
        onConfirm={() => toDisable && disable.mutate(toDisable.id, { onSettled: () => setToDisable(null) })}
      >
        <strong>{toDisable?.username}</strong> will not be able to log in, and their sessions end now. You can enable
        the account again later.
      </ConfirmDialog>
      <DeleteUserModal
        user={toDelete}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={(user) => remove.mutate(user.id, { onSuccess: () => setToDelete(null) })}
      />
      <ResetLinkModal
        user={linkFor}
        link={resetLink.data}
        error={resetLink.error}
        pending={resetLink.isPending}
        onClose={() => {
          setLinkFor(null);
          resetLink.reset();
        }}
      />
    </Stack>
  );
}
