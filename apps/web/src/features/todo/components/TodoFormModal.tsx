import { Button, Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TODO_DESCRIPTION_MAX, TODO_TITLE_MAX, type Todo } from '@site/contract';
import { useEffect } from 'react';
import { Modal } from '../../../components/Modal';
import { isApiError } from '../../../lib/api-client';

export interface TodoFormValues {
  title: string;
  description: string;
  completed: boolean;
}

interface TodoFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The item being edited; absent when adding. */
  todo?: Todo;
  onSubmit: (values: TodoFormValues) => Promise<unknown>;
}

/** The seed's Add Item and Edit modals: one form, with the Completed checkbox only when editing. */
export function TodoFormModal({ opened, onClose, todo, onSubmit }: TodoFormModalProps) {
  const form = useForm<TodoFormValues>({
    initialValues: { title: '', description: '', completed: false },
    validate: {
      title: (v) =>
        v.trim().length === 0
          ? 'Title is required'
          : v.trim().length > TODO_TITLE_MAX
            ? `Title must be at most ${TODO_TITLE_MAX} characters`
            : null,
      description: (v) =>
        v.trim().length > TODO_DESCRIPTION_MAX
          ? `Description must be at most ${TODO_DESCRIPTION_MAX} characters`
          : null,
    },
  });
  const { setValues, resetDirty, clearErrors } = form;

  // Fill the form from the item each time the modal opens.
  useEffect(() => {
    if (!opened) return;
    const values = {
      title: todo?.title ?? '',
      description: todo?.description ?? '',
      completed: todo?.completed ?? false,
    };
    setValues(values);
    resetDirty(values);
    clearErrors();
  }, [opened, todo, setValues, resetDirty, clearErrors]);

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      // Field messages from the server land on their fields; anything else was already notified.
      if (isApiError(error) && error.fields) form.setErrors(error.fields);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={todo ? 'Edit Item' : 'Add Item'} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Title"
            required
            data-autofocus
            maxLength={TODO_TITLE_MAX}
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={TODO_DESCRIPTION_MAX}
            {...form.getInputProps('description')}
          />
          {todo && <Checkbox label="Completed" {...form.getInputProps('completed', { type: 'checkbox' })} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {todo ? 'Save' : 'Add Item'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
