import { ActionIcon, Group, Menu, Text } from '@mantine/core';
import type { TodoList } from '@site/contract';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconGripVertical,
  IconPalette,
  IconPencil,
  IconShare,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { type CSSProperties, type HTMLAttributes, type Ref, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import {
  type ListPlace,
  moveNeighbour,
  useDeleteTodoList,
  useMoveTodoList,
  useUpdateTodoList,
} from '../api/use-todo-lists';
import { type Neighbours, neighboursAfterMove, SortableGroup, useSortableItem } from '../components/SortableGroup';
import { ListDropTarget } from '../components/TodoDnd';
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
  /** My own lists in manual order: a drag handle on each (pointer, or space and arrows). */
  sortable?: boolean;
}

/** What a list's row offers; the dialogs live once per group. */
interface RowActions {
  onEdit: (list: TodoList) => void;
  onShare: (list: TodoList) => void;
  onDelete: (list: TodoList) => void;
  onArchive: (list: TodoList) => void;
  onMove: (list: TodoList, to: ListPlace) => void;
}

/** A list's move as the API takes it: before the list it now precedes, else after the one before it. */
const listPlace = ({ before_id, after_id }: Neighbours): ListPlace | null =>
  before_id !== null ? { before_id } : after_id !== null ? { after_id } : null;

/** Where the list at `from` lands at `to`. */
export function placeAfterDrag(lists: readonly TodoList[], from: number, to: number): ListPlace | null {
  const neighbours = neighboursAfterMove(lists, from, to);
  return neighbours && listPlace(neighbours);
}

/**
 * A group of lists in the side bar, each a link with a menu beside it: the owner's tools (rename,
 * colour, share, order, archive, delete); a member's only the sharing dialog (and leaving).
 */
export function ListRows({ current, onNavigate, all, lists, sortable = false }: ListRowsProps) {
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
  const actions: RowActions = {
    onEdit: setEditing,
    onShare: setSharing,
    onDelete: setDeleting,
    onArchive: (list) => update.mutate({ list, changes: { archived: !list.archived } }),
    onMove: (list, to) => move.mutate({ list, to }),
  };
  const row = { current, onNavigate, all, actions };

  return (
    <>
      {sortable && lists.length > 1 ? (
        <SortableGroup
          items={lists}
          kind="list"
          onMove={(list, neighbours) => {
            const place = listPlace(neighbours);
            if (place) actions.onMove(list, place);
          }}
        >
          {lists.map((list) => (
            <SortableRow key={list.id} list={list} {...row} />
          ))}
        </SortableGroup>
      ) : (
        lists.map((list) => <ListRow key={list.id} list={list} {...row} />)
      )}
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

interface ListRowProps {
  list: TodoList;
  current: TodoViewRef;
  onNavigate?: () => void;
  all: readonly TodoList[];
  actions: RowActions;
  /** The drag handle's attributes and listeners, when the row is sortable. */
  handle?: HTMLAttributes<HTMLButtonElement> & { ref: Ref<HTMLButtonElement> };
  rowRef?: Ref<HTMLDivElement>;
  style?: CSSProperties;
}

function SortableRow(props: Omit<ListRowProps, 'handle' | 'rowRef' | 'style'>) {
  const { rowRef, style, handle } = useSortableItem({ kind: 'list', id: props.list.id, name: props.list.name });
  return <ListRow {...props} rowRef={rowRef} style={style} handle={handle} />;
}

function ListRow({ list, current, onNavigate, all, actions, handle, rowRef, style }: ListRowProps) {
  const owner = list.role === 'owner';
  const up = owner ? moveNeighbour(all, list, 'up') : null;
  const down = owner ? moveNeighbour(all, list, 'down') : null;
  return (
    <Group ref={rowRef} style={style} gap={2} wrap="nowrap" miw={0}>
      {handle && (
        <ActionIcon
          {...handle}
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Drag ${list.name}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
        >
          <IconGripVertical size={14} />
        </ActionIcon>
      )}
      {/* A task dragged here moves to the list, when the user may add to it (as the `#` dialog offers). */}
      <ListDropTarget listId={list.id} name={list.name} disabled={list.archived || list.role === 'viewer'}>
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
      </ListDropTarget>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${list.name}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {owner ? (
            <>
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.onEdit(list)}>
                Rename…
              </Menu.Item>
              <Menu.Item leftSection={<IconPalette size={14} />} onClick={() => actions.onEdit(list)}>
                Change colour…
              </Menu.Item>
              <Menu.Item leftSection={<IconShare size={14} />} onClick={() => actions.onShare(list)}>
                Share…
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArrowUp size={14} />}
                disabled={!up}
                onClick={() => up && actions.onMove(list, { before_id: up.id })}
              >
                Move up
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArrowDown size={14} />}
                disabled={!down}
                onClick={() => down && actions.onMove(list, { after_id: down.id })}
              >
                Move down
              </Menu.Item>
              <Menu.Item
                leftSection={list.archived ? <IconArchiveOff size={14} /> : <IconArchive size={14} />}
                onClick={() => actions.onArchive(list)}
              >
                {list.archived ? 'Unarchive' : 'Archive'}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => actions.onDelete(list)}>
                Delete…
              </Menu.Item>
            </>
          ) : (
            <Menu.Item leftSection={<IconUsers size={14} />} onClick={() => actions.onShare(list)}>
              Sharing…
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
