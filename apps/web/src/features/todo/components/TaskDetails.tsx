import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Typography,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TodoTask } from '@site/contract';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { useMarkdown } from '../../../lib/markdown';
import { taskApi } from '../api/todo-api';
import { rewriteViews } from '../api/use-tasks';

/** Notes in Markdown, sanitised: links and formatting, never scripts or handlers. */
export function Notes({ text }: { text: string }) {
  const html = useMarkdown(text, { breaks: true });
  if (!text)
    return (
      <Text c="dimmed" size="sm">
        No notes.
      </Text>
    );
  if (html === null)
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
    );
  return (
    <Typography fz="sm">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in useMarkdown. */}
      <div data-task-notes dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/** Runs a checklist call and puts its answer in every cached view; a failure says so. */
function useChecklist(task: TodoTask) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    run: async (
      call: () => Promise<unknown>,
      change: (items: TodoTask['checklist']) => TodoTask['checklist'],
      failure: string,
    ) => {
      setBusy(true);
      const before = task.checklist;
      rewriteViews(client, (t) => (t.id === task.id ? { ...t, checklist: change(t.checklist) } : t));
      try {
        await call();
      } catch (error) {
        rewriteViews(client, (t) => (t.id === task.id ? { ...t, checklist: before } : t));
        notifications.show({ color: 'red', title: failure, message: (error as Error).message });
      } finally {
        setBusy(false);
        void client.invalidateQueries({ queryKey: ['todo', 'tasks'] });
      }
    },
  };
}

export interface TaskDetailsProps {
  task: TodoTask | null;
  onClose: () => void;
  onSaveNotes: (task: TodoTask, description: string) => void;
  readOnly?: boolean;
}

/** A task opened from its row: its notes (Markdown) and its checklist. */
export function TaskDetails({ task, onClose, onSaveNotes, readOnly }: TaskDetailsProps) {
  return (
    <Modal opened={task !== null} onClose={onClose} title={task?.title ?? ''} size="lg">
      {task && <DetailsBody key={task.id} task={task} onSaveNotes={onSaveNotes} readOnly={readOnly} />}
    </Modal>
  );
}

function DetailsBody({ task, onSaveNotes, readOnly }: Omit<TaskDetailsProps, 'task' | 'onClose'> & { task: TodoTask }) {
  const [editingNotes, setEditingNotes] = useState(false);
  const [notes, setNotes] = useState(task.description);
  const [newItem, setNewItem] = useState('');
  const checklist = useChecklist(task);
  const add = () => {
    const title = newItem.trim();
    if (!title) return;
    setNewItem('');
    void checklist.run(
      () => taskApi.addChecklistItem(task.id, title),
      (items) => [...items, { id: -Date.now(), title, done: false }],
      'Could not add the item',
    );
  };
  return (
    <Stack>
      <section aria-labelledby="task-notes-heading">
        <Group justify="space-between">
          <Title order={3} size="h5" id="task-notes-heading">
            Notes
          </Title>
          {!readOnly && !editingNotes && (
            <Button size="compact-sm" variant="subtle" onClick={() => setEditingNotes(true)}>
              Edit notes
            </Button>
          )}
        </Group>
        {editingNotes ? (
          <Stack gap="xs" mt="xs">
            <Textarea
              label="Notes (Markdown)"
              autosize
              minRows={4}
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setNotes(task.description);
                  setEditingNotes(false);
                }}
              >
                Cancel
              </Button>
              <Button
                onClick={() => {
                  onSaveNotes(task, notes);
                  setEditingNotes(false);
                }}
              >
                Save notes
              </Button>
            </Group>
          </Stack>
        ) : (
          <Notes text={task.description} />
        )}
      </section>
      <section aria-labelledby="task-checklist-heading">
        <Title order={3} size="h5" id="task-checklist-heading" mb="xs">
          Checklist
        </Title>
        <Stack gap={4}>
          {task.checklist.length === 0 && (
            <Text c="dimmed" size="sm">
              No checklist items.
            </Text>
          )}
          {task.checklist.map((item) => (
            <Group key={item.id} justify="space-between" wrap="nowrap">
              <Checkbox
                label={item.title}
                checked={item.done}
                disabled={readOnly || item.id < 0}
                onChange={(event) => {
                  const done = event.currentTarget.checked;
                  void checklist.run(
                    () => taskApi.updateChecklistItem(task.id, item.id, { done }),
                    (items) => items.map((i) => (i.id === item.id ? { ...i, done } : i)),
                    'Could not update the item',
                  );
                }}
              />
              {!readOnly && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${item.title}`}
                  disabled={item.id < 0}
                  onClick={() =>
                    void checklist.run(
                      () => taskApi.removeChecklistItem(task.id, item.id),
                      (items) => items.filter((i) => i.id !== item.id),
                      'Could not delete the item',
                    )
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
        {!readOnly && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              add();
            }}
          >
            <Group mt="xs" align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label="New checklist item"
                value={newItem}
                maxLength={200}
                onChange={(event) => setNewItem(event.currentTarget.value)}
              />
              <Button type="submit" variant="light" disabled={!newItem.trim()}>
                Add
              </Button>
            </Group>
          </form>
        )}
      </section>
    </Stack>
  );
}
