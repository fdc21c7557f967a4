import { Button, Group, Select, Stack } from '@mantine/core';
import type { TodoList, TodoTask } from '@site/contract';
import { useState } from 'react';
import { Modal } from '../../../components/Modal';

const INBOX = 'inbox';

/** The `#` picker: which list (or the Inbox) the task goes to, at its end. */
export function MoveToListDialog({
  task,
  lists,
  onMove,
  onClose,
}: {
  task: TodoTask | null;
  lists: TodoList[];
  onMove: (task: TodoTask, listId: number | null) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={task !== null} onClose={onClose} title="Move to list">
      {task && <Picker key={task.id} task={task} lists={lists} onMove={onMove} onClose={onClose} />}
    </Modal>
  );
}

function Picker({
  task,
  lists,
  onMove,
  onClose,
}: {
  task: TodoTask;
  lists: TodoList[];
  onMove: (task: TodoTask, listId: number | null) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState<string | null>(task.list_id === null ? INBOX : String(task.list_id));
  const data = [
    { value: INBOX, label: 'Inbox' },
    ...lists.filter((l) => !l.archived && l.role !== 'viewer').map((l) => ({ value: String(l.id), label: l.name })),
  ];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (value === null) return;
        onMove(task, value === INBOX ? null : Number(value));
        onClose();
      }}
    >
      <Stack>
        <Select
          label={`Move “${task.title}” to`}
          data={data}
          value={value}
          onChange={setValue}
          searchable
          data-autofocus
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Move</Button>
        </Group>
      </Stack>
    </form>
  );
}
