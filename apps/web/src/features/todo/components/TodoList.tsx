import { Stack, Text } from '@mantine/core';
import type { Todo } from '@site/contract';
import { TodoCard } from './TodoCard';

interface TodoListProps {
  todos: Todo[];
  empty: string;
  onEdit: (todo: Todo) => void;
  onDelete: (todo: Todo) => void;
  onComplete?: (todo: Todo) => void;
  /** The item whose Mark Complete is in flight. */
  completingId?: number | undefined;
  /** Offline: the items show, their buttons are disabled. */
  readOnly?: boolean;
}

export function TodoList({ todos, empty, onEdit, onDelete, onComplete, completingId, readOnly }: TodoListProps) {
  if (todos.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {todos.map((todo) => (
        <TodoCard
          key={todo.id}
          todo={todo}
          onEdit={onEdit}
          onDelete={onDelete}
          onComplete={onComplete}
          completing={completingId === todo.id}
          readOnly={readOnly}
        />
      ))}
    </Stack>
  );
}
