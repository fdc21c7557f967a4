import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { PortfolioProject } from '@site/contract';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { Modal } from '../../../components/Modal';

interface ReorderModalProps {
  opened: boolean;
  projects: PortfolioProject[];
  onClose: () => void;
  onSave: (ids: number[]) => Promise<unknown>;
}

/**
 * The admin's manual order of the projects (docs/product.md#portfolio): drag a row by its handle,
 * or focus the handle and use space, the arrows and space again (each step announced), or the
 * up and down buttons; Save sends the whole order at once.
 */
export function ReorderModal({ opened, projects, onClose, onSave }: ReorderModalProps) {
  const [order, setOrder] = useState(projects);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: string | number) => order.find((p) => p.id === Number(id))?.title ?? '';
  const positionOf = (id: string | number) => order.findIndex((p) => p.id === Number(id)) + 1;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length) return;
    setOrder((current) => arrayMove(current, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      order.findIndex((p) => p.id === active.id),
      order.findIndex((p) => p.id === over.id),
    );
  };
  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await onSave(order.map((p) => p.id));
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong. Try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Reorder Projects" centered>
      <Stack>
        <FormAlert title="Could not save the order">{failure}</FormAlert>
        <Text size="sm" c="dimmed">
          Drag a project by its handle, or focus the handle and press space, the arrow keys, then space.
        </Text>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: {
              onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
              onDragOver: ({ active, over }) =>
                over ? `${titleOf(active.id)} is now at position ${positionOf(over.id)}.` : undefined,
              onDragEnd: ({ active, over }) =>
                over ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)}.` : undefined,
              onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
            },
          }}
        >
          <SortableContext items={order.map((p) => p.id)} strategy={verticalListSortingStrategy}>
            <Stack gap={6} component="ol" p={0} m={0} aria-label="Projects in order">
              {order.map((project, index) => (
                <Row
                  key={project.id}
                  project={project}
                  first={index === 0}
                  last={index === order.length - 1}
                  onUp={() => move(index, index - 1)}
                  onDown={() => move(index, index + 1)}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={saving}>
            Save order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface RowProps {
  project: PortfolioProject;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
}

function Row({ project, first, last, onUp, onDown }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: project.id,
  });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      p="xs"
      style={{
        listStyle: 'none',
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move ${project.title}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
        <Text size="sm" flex={1} truncate>
          {project.title}
          {project.status === 'draft' && (
            <Text span c="dimmed" size="xs">
              {' '}
              (draft)
            </Text>
          )}
        </Text>
        <ActionIcon variant="subtle" disabled={first} onClick={onUp} aria-label={`Move ${project.title} up`}>
          <IconArrowUp size={16} />
        </ActionIcon>
        <ActionIcon variant="subtle" disabled={last} onClick={onDown} aria-label={`Move ${project.title} down`}>
          <IconArrowDown size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
