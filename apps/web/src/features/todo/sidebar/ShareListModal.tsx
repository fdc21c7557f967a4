import { ActionIcon, Alert, Button, Group, Loader, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TODO_LIST_MEMBERS_MAX, type TodoList, type TodoListMember, type TodoMemberRole } from '@site/contract';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { Modal } from '../../../components/Modal';
import { isApiError } from '../../../lib/api-client';
import { useMe } from '../../auth';
import {
  PENDING_MEMBER_ID,
  usePutTodoListMember,
  useRemoveTodoListMember,
  useTodoListMembers,
} from '../api/use-todo-lists';

/** The server's words for an unknown username (docs/api.md#to-do-lists-sharing-and-tasks). */
export const NO_SUCH_USER = 'No user with that username';
export const MEMBER_LIMIT_MESSAGE = `A list can be shared with at most ${TODO_LIST_MEMBERS_MAX} people. Remove someone first.`;

const ROLES = [
  { value: 'viewer', label: 'Viewer' },
  { value: 'editor', label: 'Editor' },
];

interface ShareListModalProps {
  /** The list whose sharing is shown; null: closed. */
  list: TodoList | null;
  onClose: () => void;
  /** The signed-in member left the list (the side bar leaves its view). */
  onLeft?: (list: TodoList) => void;
}

/**
 * Who a list is shared with. Its owner adds people by username, changes their role and removes
 * them; a member sees the others and may leave. Every change shows at once and is put back if
 * the server refuses it.
 */
export function ShareListModal({ list, onClose, onLeft }: ShareListModalProps) {
  return (
    <Modal
      opened={list !== null}
      onClose={onClose}
      title={list ? `Sharing ${list.name}` : 'Sharing'}
      size="clamp(18rem, 50%, 32rem)"
      centered
    >
      {list && <Sharing list={list} onClose={onClose} onLeft={onLeft} />}
    </Modal>
  );
}

function Sharing({ list, onClose, onLeft }: { list: TodoList } & Omit<ShareListModalProps, 'list'>) {
  const members = useTodoListMembers(list.id);
  const putMember = usePutTodoListMember();
  const removeMember = useRemoveTodoListMember();
  const me = useMe().data;
  const [leaving, setLeaving] = useState(false);
  const owner = list.role === 'owner';

  if (members.isPending) return <Loader size="sm" aria-label="Loading members" />;
  if (members.isError)
    return (
      <LoadError title="Could not load who this list is shared with" error={members.error} onRetry={members.refetch} />
    );

  const { members: people } = members.data;
  const changeRole = (member: TodoListMember, role: TodoMemberRole) =>
    putMember.mutate(
      { listId: list.id, username: member.username, role },
      {
        onError: (error) => {
          console.error('Could not change the role', error);
          notifications.show({
            color: 'red',
            title: `Could not change ${member.username}'s role`,
            message: error.message,
          });
        },
      },
    );
  const leave = () => {
    if (!me) return;
    setLeaving(false);
    // Optimistic like the side bar: the list is gone at once (and back, with a message, if refused).
    // Not on success: closing unmounts this dialog, and with it a mutate call's own callbacks.
    removeMember.mutate({ listId: list.id, member: { id: me.user_id, username: me.username }, leaving: true });
    onLeft?.(list);
    onClose();
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        Owner: <strong>{members.data.owner.username}</strong>
      </Text>
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not shared with anyone yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Members" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {people.map((member) => (
            <Group key={member.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" truncate style={{ minWidth: 0 }}>
                {member.username}
              </Text>
              {owner ? (
                <Group gap={4} wrap="nowrap">
                  <NativeSelect
                    size="xs"
                    aria-label={`Role of ${member.username}`}
                    data={ROLES}
                    value={member.role}
                    disabled={member.id === PENDING_MEMBER_ID}
                    onChange={(event) => changeRole(member, event.currentTarget.value as TodoMemberRole)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${member.username}`}
                    disabled={member.id === PENDING_MEMBER_ID}
                    onClick={() => removeMember.mutate({ listId: list.id, member })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {member.role === 'editor' ? 'Editor' : 'Viewer'}
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {owner ? (
        // Keyed by list: another list's dialog starts with an empty form.
        <AddMemberForm key={list.id} listId={list.id} count={people.length} />
      ) : (
        <Group justify="flex-end">
          <Button color="red" variant="light" onClick={() => setLeaving(true)} disabled={!me}>
            Leave list
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={leaving}
        title="Leave list"
        confirmLabel="Leave list"
        onCancel={() => setLeaving(false)}
        onConfirm={leave}
      >
        You will no longer see {list.name} or its tasks unless {list.owner.username} shares it with you again.
      </ConfirmDialog>
    </Stack>
  );
}

function AddMemberForm({ listId, count }: { listId: number; count: number }) {
  const putMember = usePutTodoListMember();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<TodoMemberRole>('viewer');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const name = username.trim();
    if (!name) {
      setError('Username is required');
      return;
    }
    if (count >= TODO_LIST_MEMBERS_MAX) {
      setFailure(MEMBER_LIMIT_MESSAGE);
      return;
    }
    putMember.mutate(
      { listId, username: name, role },
      {
        onSuccess: () => setUsername(''),
        onError: (problem) => {
          console.error('Could not share the list', problem);
          if (isApiError(problem, 404)) setError(NO_SUCH_USER);
          else if (isApiError(problem) && problem.fields?.username) setError(problem.fields.username);
          else setFailure(problem.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Share with someone">
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            label="Username"
            value={username}
            onChange={(event) => {
              setUsername(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={100}
            autoComplete="off"
            style={{ flex: '1 1 10rem' }}
          />
          <NativeSelect
            label="Role"
            data={ROLES}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as TodoMemberRole)}
          />
        </Group>
        {failure && (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUserPlus size={16} />} loading={putMember.isPending}>
            Share
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
