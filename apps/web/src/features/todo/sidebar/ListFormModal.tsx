import { Button, Group, Stack, TextInput } from '@mantine/core';
import {
  TODO_DEFAULT_COLOUR,
  TODO_LIST_NAME_MAX,
  TODO_LISTS_MAX,
  type TodoColour,
  type TodoList,
  userTextProblem,
} from '@site/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Modal } from '../../../components/Modal';
import { isApiError } from '../../../lib/api-client';
import { useCreateTodoList, useUpdateTodoList } from '../api/use-todo-lists';
import { ColourPicker } from './ColourPicker';

/** The server's own words for the list limit (docs/api.md#limits), said before asking it. */
export const LIST_LIMIT_MESSAGE = `You can have at most ${TODO_LISTS_MAX} lists. Delete one to add another.`;

/** The first problem with a list name, in the contract's words, or null. */
export const listNameProblem = (name: string) =>
  userTextProblem({ label: 'Name', max: TODO_LIST_NAME_MAX, required: true }, name);

interface ListFormModalProps {
  /** 'new' adds a list; a list edits that one's name and colour; null: closed. */
  target: 'new' | TodoList | null;
  /** How many lists I own (archived ones count), to refuse one over the limit before asking. */
  ownCount: number;
  onClose: () => void;
  /** Called with the new list once the server has it (the side bar opens it). */
  onCreated?: (list: TodoList) => void;
}

/** Adds a list, or renames and recolours one. */
export function ListFormModal({ target, ownCount, onClose, onCreated }: ListFormModalProps) {
  const create = useCreateTodoList();
  const update = useUpdateTodoList();
  const [name, setName] = useState('');
  const [colour, setColour] = useState<TodoColour>(TODO_DEFAULT_COLOUR);
  const [error, setError] = useState<string | null>(null);
  const editing = target !== null && target !== 'new' ? target : null;

  useEffect(() => {
    if (target === null) return;
    setName(target === 'new' ? '' : target.name);
    setColour(target === 'new' ? TODO_DEFAULT_COLOUR : target.colour);
    setError(null);
  }, [target]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = listNameProblem(name);
    setError(problem);
    if (problem) return;
    if (editing) {
      const changes = {
        ...(name.trim() === editing.name ? {} : { name: name.trim() }),
        ...(colour === editing.colour ? {} : { colour }),
      };
      // Optimistic: the side bar shows the change at once and puts it back with a message if refused.
      if (Object.keys(changes).length > 0) update.mutate({ list: editing, changes });
      onClose();
      return;
    }
    if (ownCount >= TODO_LISTS_MAX) {
      setError(LIST_LIMIT_MESSAGE);
      return;
    }
    create.mutate(
      { name: name.trim(), colour },
      {
        onSuccess: (list) => {
          onClose();
          onCreated?.(list);
        },
        onError: (failure) => {
          console.error('Could not create the list', failure);
          setError(isApiError(failure) ? (failure.fields?.name ?? failure.message) : failure.message);
        },
      },
    );
  };

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'New list'}
      size="clamp(18rem, 50%, 28rem)"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            // Room to type past the limit, so the message says why rather than keys doing nothing.
            maxLength={TODO_LIST_NAME_MAX + 10}
            error={error}
            required
            data-autofocus
          />
          <ColourPicker value={colour} onChange={setColour} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              {editing ? 'Save' : 'Add list'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
