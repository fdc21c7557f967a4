import { ActionIcon, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCalendarWeek,
  IconChevronDown,
  IconChevronRight,
  IconCircleCheck,
  IconInbox,
  IconListCheck,
  IconPlus,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { useTodoLabels } from '../api/use-todo-labels';
import { useTodoLists } from '../api/use-todo-lists';
import { ListDropTarget } from '../components/TodoDnd';
import { sameView, type TodoViewRef, todoViewHref } from '../todo-views';
import { LabelRows } from './LabelRows';
import { ListFormModal } from './ListFormModal';
import { ListRows } from './ListRows';
import { SectionHeading, ViewLink } from './ViewLink';

export interface TodoSidebarProps {
  /** The view the page shows, marked in the side bar. */
  current: TodoViewRef;
  /** Called when a link is followed (the page closes its phone drawer with it). */
  onNavigate?: () => void;
}

/**
 * The to-do app's side bar: the fixed views, then my lists and the lists shared with me (their
 * owner's tools in a menu beside each), then my labels. Works from 300 px wide, as in a drawer.
 */
export function TodoSidebar({ current, onNavigate }: TodoSidebarProps) {
  const lists = useTodoLists();
  const inboxCount = lists.data?.inbox.open_count;
  const link = { current, onNavigate };
  return (
    <Stack component="nav" aria-label="To-do views" gap="md" miw={0}>
      <Stack gap={2}>
        <ViewLink {...link} to={{ view: 'all' }} label="Todo List" icon={<IconListCheck size={18} />} />
        <ListDropTarget listId={null} name="Inbox">
          <ViewLink {...link} to={{ view: 'inbox' }} label="Inbox" icon={<IconInbox size={18} />} count={inboxCount} />
        </ListDropTarget>
        <ViewLink {...link} to={{ view: 'today' }} label="Today" icon={<IconCalendarEvent size={18} />} />
        <ViewLink {...link} to={{ view: 'upcoming' }} label="Upcoming" icon={<IconCalendarWeek size={18} />} />
        <ViewLink {...link} to={{ view: 'completed' }} label="Completed" icon={<IconCircleCheck size={18} />} />
      </Stack>
      <ListsSection {...link} />
      <LabelsSection {...link} />
    </Stack>
  );
}

function ListsSection({ current, onNavigate }: TodoSidebarProps) {
  const lists = useTodoLists();
  const navigate = useNavigate();
  // The page may draw the side bar twice (beside the tasks and in the phone drawer): ids of its own.
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  // Null: collapsed unless the page shows an archived list, which the side bar then shows marked.
  const [archivedChoice, setArchivedChoice] = useState<boolean | null>(null);
  const all = lists.data?.lists ?? [];
  const own = all.filter((list) => list.role === 'owner' && !list.archived);
  const shared = all.filter((list) => list.role !== 'owner' && !list.archived);
  const archived = all.filter((list) => list.archived);
  const archivedOpen = archivedChoice ?? archived.some((list) => sameView(current, { view: 'list', listId: list.id }));
  const rows = { current, onNavigate, all };

  return (
    <section aria-labelledby={headingId}>
      <SectionHeading
        id={headingId}
        tool={
          <ActionIcon variant="subtle" size="sm" aria-label="New list" onClick={() => setCreating(true)}>
            <IconPlus size={16} />
          </ActionIcon>
        }
      >
        Lists
      </SectionHeading>
      {lists.isPending ? (
        <Loader size="xs" ml="xs" aria-label="Loading lists" />
      ) : lists.isError ? (
        <LoadError title="Could not load your lists" error={lists.error} onRetry={lists.refetch} />
      ) : (
        <Stack gap={2}>
          {own.length === 0 && shared.length === 0 && (
            <Text size="sm" c="dimmed" px="xs">
              No lists yet.
            </Text>
          )}
          <ListRows {...rows} lists={own} sortable />
          <ListRows {...rows} lists={shared} />
          {archived.length > 0 && (
            <>
              <UnstyledButton
                onClick={() => setArchivedChoice(!archivedOpen)}
                aria-expanded={archivedOpen}
                px="xs"
                py={4}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Group gap={6} wrap="nowrap">
                  {archivedOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                  <Text span size="sm" c="dimmed">
                    Archived ({archived.length})
                  </Text>
                </Group>
              </UnstyledButton>
              {archivedOpen && <ListRows {...rows} lists={archived} />}
            </>
          )}
        </Stack>
      )}
      <ListFormModal
        target={creating ? 'new' : null}
        ownCount={all.filter((list) => list.role === 'owner').length}
        onClose={() => setCreating(false)}
        onCreated={(list) => {
          navigate(todoViewHref({ view: 'list', listId: list.id }));
          onNavigate?.();
        }}
      />
    </section>
  );
}

function LabelsSection({ current, onNavigate }: TodoSidebarProps) {
  const labels = useTodoLabels();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <SectionHeading id={headingId}>Labels</SectionHeading>
      {labels.isPending ? (
        <Loader size="xs" ml="xs" aria-label="Loading labels" />
      ) : labels.isError ? (
        <LoadError title="Could not load your labels" error={labels.error} onRetry={labels.refetch} />
      ) : labels.data.labels.length === 0 ? (
        <Text size="sm" c="dimmed" px="xs">
          Labels you put on tasks show here.
        </Text>
      ) : (
        <LabelRows current={current} onNavigate={onNavigate} labels={labels.data.labels} />
      )}
    </section>
  );
}
