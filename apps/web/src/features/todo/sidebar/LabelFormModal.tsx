import { Button, Group, Stack, TextInput } from '@mantine/core';
import { TODO_LABEL_NAME_MAX, type TodoColour, type TodoLabel, userTextProblem } from '@site/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Modal } from '../../../components/Modal';
import { useUpdateTodoLabel } from '../api/use-todo-labels';
import { ColourPicker } from './ColourPicker';

/** The first problem with a label name, in the contract's words, or null. */
export const labelNameProblem = (name: string) =>
  userTextProblem({ label: 'Label', max: TODO_LABEL_NAME_MAX, required: true }, name);

interface LabelFormModalProps {
  label: TodoLabel | null;
  onClose: () => void;
  /** The label's new name, once changed (the side bar follows a renamed label's view). */
  onRenamed?: (from: TodoLabel, to: string) => void;
}

/** Renames a label (on all my tasks, merging into one of that name) and changes its colour. */
export function LabelFormModal({ label, onClose, onRenamed }: LabelFormModalProps) {
  const update = useUpdateTodoLabel();
  const [name, setName] = useState('');
  const [colour, setColour] = useState<TodoColour>('gray');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!label) return;
    setName(label.name);
    setColour(label.colour);
    setError(null);
  }, [label]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!label) return;
    const problem = labelNameProblem(name);
    setError(problem);
    if (problem) return;
    const changes = {
      ...(name.trim() === label.name ? {} : { name: name.trim() }),
      ...(colour === label.colour ? {} : { colour }),
    };
    // Optimistic: the side bar shows the change at once and puts it back with a message if refused.
    if (Object.keys(changes).length > 0)
      update.mutate(
        { label, changes },
        { onSuccess: () => changes.name !== undefined && onRenamed?.(label, changes.name) },
      );
    onClose();
  };

  return (
    <Modal
      opened={label !== null}
      onClose={onClose}
      title={label ? `Edit label ${label.name}` : 'Edit label'}
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
            maxLength={TODO_LABEL_NAME_MAX + 10}
            error={error}
            required
            data-autofocus
          />
          <ColourPicker value={colour} onChange={setColour} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
