import { Badge, Card } from '@mantine/core';
import type { Todo } from '@site/contract';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { CardButton } from './CardButton';
import classes from './TodoCard.module.css';

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
    <div className={classes.field}>
      <p className={classes.label}>{label}</p>
      {children}
    </div>
  );
}

/** docs/product.md#to-do: a card with Title, Description, Status and Actions. */
export function TodoCard({ todo, onEdit, onDelete, onComplete, completing, readOnly }: TodoCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={todo.title} data-todo-id={todo.id}>
      <div className={classes.grid}>
        <Field label="Title">
          <p className={classes.title} data-completed={todo.completed || undefined}>
            {todo.title}
          </p>
        </Field>
        <Field label="Description">
          <p className={classes.description} data-empty={!todo.description || undefined}>
            {todo.description || 'No description'}
          </p>
        </Field>
        <Field label="Status">
          {todo.completed ? (
            <Badge color="teal" variant="light" tt="none" leftSection={<IconCheck size={12} />}>
              Completed
            </Badge>
          ) : onComplete ? (
            <CardButton
              look="teal"
              leftSection={<IconCheck size={14} />}
              loading={completing}
              disabled={readOnly}
              onClick={() => onComplete(todo)}
              data-complete
            >
              Mark Complete
            </CardButton>
          ) : (
            <Badge color="gray" variant="light" tt="none">
              Not Completed
            </Badge>
          )}
        </Field>
        <Field label="Actions">
          <div className={classes.actions}>
            <CardButton
              look="default"
              leftSection={<IconPencil size={14} />}
              onClick={() => onEdit(todo)}
              disabled={readOnly}
              aria-label={`Edit ${todo.title}`}
            >
              Edit
            </CardButton>
            <CardButton
              look="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => onDelete(todo)}
              disabled={readOnly}
              aria-label={`Delete ${todo.title}`}
            >
              Delete
            </CardButton>
          </div>
        </Field>
      </div>
    </Card>
  );
}
