import { ActionIcon, Group, Menu, Text } from '@mantine/core';
import type { TodoList } from '@site/contract';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconPalette,
  IconPencil,
  IconShare,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { moveNeighbour, useDeleteTodoList, useMoveTodoList, useUpdateTodoList } from '../api/use-todo-lists';
import { sameView, type TodoViewRef, todoViewHref } from '../todo-views';
import { ColourDot } from './ColourPicker';
import { ListFormModal } from './ListFormModal';
import { ShareListModal } from './ShareListModal';
import { ViewLink } from './ViewLink';

interface ListRowsProps {
  current: TodoViewRef;
  onNavigate?: () => void;
  /** Every list of the overview (for the neighbours of a move and the list limit). */
  all: readonly TodoList[];
  /** The lists of this group, in order. */
  lists: readonly TodoList[];
}

/**
 * A group of lists in the side bar, each a link with a menu beside it: the owner's tools (rename,
 * colour, share, order, archive, delete); a member's only the sharing dialog (and leaving).
 */
export function ListRows({ current, onNavigate, all, lists }: ListRowsProps) {
  const navigate = useNavigate();
  const update = useUpdateTodoList();
  const move = useMoveTodoList();
  const remove = useDeleteTodoList();
  const [editing, setEditing] = useState<TodoList | null>(null);
  const [sharing, setSharing] = useState<TodoList | null>(null);
  const [deleting, setDeleting] = useState<TodoList | null>(null);

  // A list that is gone (deleted, left) takes its view with it: back to the default view.
  const leaveIfShown = (list: TodoList) => {
    if (sameView(current, { view: 'list', listId: list.id })) navigate(todoViewHref({ view: 'all' }));
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting);
    leaveIfShown(deleting);
    setDeleting(null);
  };

  return (
    <>
      {lists.map((list) => {
        const owner = list.role === 'owner';
        const up = owner ? moveNeighbour(all, list, 'up') : null;
        const down = owner ? moveNeighbour(all, list, 'down') : null;
        return (
          <Group key={list.id} gap={2} wrap="nowrap" miw={0}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <ViewLink
                current={current}
                onNavigate={onNavigate}
                to={{ view: 'list', listId: list.id }}
                label={
                  <Text span size="sm" truncate display="block">
                    {list.name}
                  </Text>
                }
                icon={<ColourDot colour={list.colour} />}
                description={
                  owner ? undefined : (
                    <Group gap={4} wrap="nowrap" component="span">
                      <IconUsers size={12} aria-hidden="true" />
                      <Text span size="xs" truncate>
                        Shared by {list.owner.username}
                      </Text>
                    </Group>
                  )
                }
                count={list.open_count}
              />
            </div>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${list.name}`}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {owner ? (
                  <>
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(list)}>
                      Rename…
                    </Menu.Item>
                    <Menu.Item leftSection={<IconPalette size={14} />} onClick={() => setEditing(list)}>
                      Change colour…
                    </Menu.Item>
                    <Menu.Item leftSection={<IconShare size={14} />} onClick={() => setSharing(list)}>
                      Share…
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconArrowUp size={14} />}
                      disabled={!up}
                      onClick={() => up && move.mutate({ list, neighbour: up, direction: 'up' })}
                    >
                      Move up
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconArrowDown size={14} />}
                      disabled={!down}
                      onClick={() => down && move.mutate({ list, neighbour: down, direction: 'down' })}
                    >
                      Move down
                    </Menu.Item>
                    <Menu.Item
                      leftSection={list.archived ? <IconArchiveOff size={14} /> : <IconArchive size={14} />}
                      onClick={() => update.mutate({ list, changes: { archived: !list.archived } })}
                    >
                      {list.archived ? 'Unarchive' : 'Archive'}
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(list)}>
                      Delete…
                    </Menu.Item>
                  </>
                ) : (
                  <Menu.Item leftSection={<IconUsers size={14} />} onClick={() => setSharing(list)}>
                    Sharing…
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        );
      })}
      <ListFormModal
        target={editing}
        ownCount={all.filter((list) => list.role === 'owner').length}
        onClose={() => setEditing(null)}
      />
      <ShareListModal list={sharing} onClose={() => setSharing(null)} onLeft={leaveIfShown} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete list"
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        Delete {deleting?.name}? Its tasks are deleted with it, {deleting?.open_count ?? 0} open among them. This cannot
        be undone.
      </ConfirmDialog>
    </>
  );
}
