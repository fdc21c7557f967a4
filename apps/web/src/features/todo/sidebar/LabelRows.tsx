import { ActionIcon, Group, Menu, Stack, Text } from '@mantine/core';
import type { TodoLabel } from '@site/contract';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeleteTodoLabel } from '../api/use-todo-labels';
import { sameView, type TodoViewRef, todoViewHref } from '../todo-views';
import { ColourDot } from './ColourPicker';
import { LabelFormModal } from './LabelFormModal';
import { ViewLink } from './ViewLink';

interface LabelRowsProps {
  current: TodoViewRef;
  onNavigate?: () => void;
  labels: readonly TodoLabel[];
}

/** My labels, each a link to its view with its colour and open count, and a menu to edit or delete it. */
export function LabelRows({ current, onNavigate, labels }: LabelRowsProps) {
  const navigate = useNavigate();
  const remove = useDeleteTodoLabel();
  const [editing, setEditing] = useState<TodoLabel | null>(null);
  const [deleting, setDeleting] = useState<TodoLabel | null>(null);
  const shown = (label: string) => sameView(current, { view: 'label', label });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting);
    if (shown(deleting.name)) navigate(todoViewHref({ view: 'all' }));
    setDeleting(null);
  };

  return (
    <Stack gap={2}>
      {labels.map((label) => (
        <Group key={label.name} gap={2} wrap="nowrap" miw={0}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <ViewLink
              current={current}
              onNavigate={onNavigate}
              to={{ view: 'label', label: label.name }}
              label={
                <Text span size="sm" truncate display="block">
                  {label.name}
                </Text>
              }
              icon={<ColourDot colour={label.colour} />}
              count={label.open_count}
            />
          </div>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for label ${label.name}`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(label)}>
                Rename or recolour…
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(label)}>
                Delete…
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ))}
      <LabelFormModal
        label={editing}
        onClose={() => setEditing(null)}
        onRenamed={(from, to) => {
          if (shown(from.name)) navigate(todoViewHref({ view: 'label', label: to }));
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete label"
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        Delete the label {deleting?.name}? It is taken off all your tasks; the tasks stay.
      </ConfirmDialog>
    </Stack>
  );
}
