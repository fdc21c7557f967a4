import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Todo } from '@site/contract';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';

interface TodoCardProps {
  todo: Todo;
  onEdit: (todo: Todo) => void;
  onDelete: (todo: Todo) => void;
  /** Shown only where the seed offers Mark Complete (the open list). */
  onComplete?: (todo: Todo) => void;
  completing?: boolean;
  /** Offline: every button disabled. */
  readOnly?: boolean;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** docs/product.md#to-do: a card with Title, Description, Status and Actions. */
export function TodoCard({ todo, onEdit, onDelete, onComplete, completing, readOnly }: TodoCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={todo.title} data-todo-id={todo.id}>
      <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
        <Field label="Title">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} td={todo.completed ? 'line-through' : undefined}>
            {todo.title}
          </Text>
        </Field>
        <Field label="Description">
          <Text
            size="sm"
            c={todo.description ? undefined : 'dimmed'}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {todo.description || 'No description'}
          </Text>
        </Field>
        <Field label="Status">
          {todo.completed ? (
            <Badge color="teal" variant="light" tt="none" leftSection={<IconCheck size={12} />} w="fit-content">
              Completed
            </Badge>
          ) : onComplete ? (
            <Button
              size="xs"
              variant="light"
              color="teal"
              w="fit-content"
              leftSection={<IconCheck size={14} />}
              loading={completing}
              disabled={readOnly}
              onClick={() => onComplete(todo)}
              data-complete
            >
              Mark Complete
            </Button>
          ) : (
            <Badge color="gray" variant="light" tt="none" w="fit-content">
              Not Completed
            </Badge>
          )}
        </Field>
        <Field label="Actions">
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={() => onEdit(todo)}
              disabled={readOnly}
              aria-label={`Edit ${todo.title}`}
            >
              Edit
            </Button>
            <Button
              size="xs"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => onDelete(todo)}
              disabled={readOnly}
              aria-label={`Delete ${todo.title}`}
            >
              Delete
            </Button>
          </Group>
        </Field>
      </SimpleGrid>
    </Card>
  );
}
