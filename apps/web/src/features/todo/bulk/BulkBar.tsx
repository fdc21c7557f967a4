import { Autocomplete, Button, CloseButton, Group, Menu, Paper, Popover, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type BulkTodoTasksRequest,
  TODO_DUE_DATE_MAX,
  TODO_DUE_DATE_MIN,
  TODO_LABEL_NAME_MAX,
  type TodoTask,
} from '@site/contract';
import {
  IconCalendar,
  IconCalendarOff,
  IconCheck,
  IconFolder,
  IconInbox,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { browserTimeZone } from '../api/use-tasks';
import { useTodoLabels } from '../api/use-todo-labels';
import { useTodoLists } from '../api/use-todo-lists';
import { labelNameProblem } from '../sidebar/LabelFormModal';
import { showUndo } from '../undo';
import { rescheduleDays, undoRequests } from './reschedule';
import { useBulkTasks } from './use-bulk-tasks';

export interface BulkBarProps {
  /** The selected tasks; the bar shows only while there is at least one. */
  selected: TodoTask[];
  /** Called once an action is done (the page clears its selection), or when the selection is dropped. */
  onDone: () => void;
}

type BulkAction = BulkTodoTasksRequest extends infer R ? (R extends unknown ? Omit<R, 'ids'> : never) : never;

const tasks = (count: number) => (count === 1 ? '1 task' : `${count} tasks`);

const FAILURES: Record<BulkTodoTasksRequest['action'], string> = {
  complete: 'Could not complete the tasks',
  uncomplete: 'Could not reopen the tasks',
  delete: 'Could not delete the tasks',
  move: 'Could not move the tasks',
  label: 'Could not label the tasks',
  unlabel: 'Could not take the label off',
  reschedule: 'Could not reschedule the tasks',
};

/**
 * What can be done to the selected tasks at once: complete, move to a list (or the Inbox), label,
 * reschedule, delete (after asking). Each is one bulk call; all but deleting offer an Undo.
 */
export function BulkBar({ selected, onDone }: BulkBarProps) {
  const bulk = useBulkTasks((request) => FAILURES[request.action]);
  const undoBulk = useBulkTasks('Could not undo');
  const lists = useTodoLists();
  const [deleting, setDeleting] = useState(false);
  const [pickingDate, setPickingDate] = useState(false);
  if (selected.length === 0) return null;

  const run = (action: BulkAction, said: (count: number) => string) => {
    const ids = selected.map((task) => task.id) as [number, ...number[]];
    const request = { ...action, ids } as BulkTodoTasksRequest;
    const before = selected;
    bulk.mutate(request, {
      onSuccess: ({ count }) => {
        const message = said(count);
        const undo = undoRequests(request, before);
        if (undo && undo.length > 0)
          showUndo(message, () => Promise.all(undo.map((call) => undoBulk.mutateAsync(call))));
        else notifications.show({ color: 'teal', message });
        onDone();
      },
    });
  };

  const movable = (lists.data?.lists ?? []).filter((list) => list.role !== 'viewer' && !list.archived);
  const days = rescheduleDays(new Date(), browserTimeZone());
  const reschedule = (date: string | null, text: string) =>
    run({ action: 'reschedule', due: date === null ? null : { date, time: null, zone: browserTimeZone() } }, (count) =>
      date === null ? `Due date taken off ${tasks(count)}` : `${tasks(count)} rescheduled to ${text}`,
    );

  return (
    <Paper withBorder shadow="sm" p="xs" radius="md">
      <Group role="toolbar" aria-label="Selected tasks" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} aria-live="polite" mr="xs">
          {selected.length} selected
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconCheck size={14} />}
          loading={bulk.isPending && bulk.variables?.action === 'complete'}
          onClick={() => run({ action: 'complete' }, (count) => `${tasks(count)} completed`)}
        >
          Complete
        </Button>
        <Menu position="top-start" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="light" leftSection={<IconFolder size={14} />}>
              Move to…
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconInbox size={14} />}
              onClick={() => run({ action: 'move', list_id: null }, (count) => `${tasks(count)} moved to Inbox`)}
            >
              Inbox
            </Menu.Item>
            {lists.isPending && <Menu.Item disabled>Loading lists…</Menu.Item>}
            {movable.map((list) => (
              <Menu.Item
                key={list.id}
                leftSection={<IconFolder size={14} color={`var(--mantine-color-${list.colour}-filled)`} />}
                onClick={() =>
                  run({ action: 'move', list_id: list.id }, (count) => `${tasks(count)} moved to ${list.name}`)
                }
              >
                {list.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <LabelPicker
          onPick={(label) => run({ action: 'label', label }, (count) => `Label ${label} put on ${tasks(count)}`)}
        />
        <Menu position="top-start" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="light" leftSection={<IconCalendar size={14} />}>
              Reschedule…
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => reschedule(days.today, 'today')}>Today</Menu.Item>
            <Menu.Item onClick={() => reschedule(days.tomorrow, 'tomorrow')}>Tomorrow</Menu.Item>
            <Menu.Item onClick={() => reschedule(days.nextWeek, days.nextWeek)}>Next week</Menu.Item>
            <Menu.Item onClick={() => setPickingDate(true)}>Pick a date…</Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconCalendarOff size={14} />} onClick={() => reschedule(null, '')}>
              No date
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => setDeleting(true)}
        >
          Delete
        </Button>
        <CloseButton size="sm" aria-label="Clear selection" onClick={onDone} ml="auto" />
      </Group>
      <DatePickerModal
        opened={pickingDate}
        initial={days.today}
        onClose={() => setPickingDate(false)}
        onPick={(date) => {
          setPickingDate(false);
          reschedule(date, date);
        }}
      />
      <ConfirmDialog
        opened={deleting}
        title={`Delete ${tasks(selected.length)}`}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          run({ action: 'delete' }, (count) => `${tasks(count)} deleted`);
        }}
      >
        Delete {tasks(selected.length)}? This cannot be undone.
      </ConfirmDialog>
    </Paper>
  );
}

/** Pick one of my labels or type a new one. */
function LabelPicker({ onPick }: { onPick: (label: string) => void }) {
  const labels = useTodoLabels();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = labelNameProblem(value);
    setError(problem);
    if (problem) return;
    setOpened(false);
    setValue('');
    onPick(value.trim());
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" trapFocus withinPortal shadow="md">
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconTag size={14} />}
          onClick={() => setOpened((open) => !open)}
          aria-expanded={opened}
        >
          Label…
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={submit} noValidate aria-label="Label the selected tasks">
          <Stack gap="xs" w={240}>
            <Autocomplete
              label="Label"
              placeholder="Pick or type a label"
              data={labels.data?.labels.map((label) => label.name) ?? []}
              value={value}
              onChange={(next) => {
                setValue(next);
                setError(null);
              }}
              maxLength={TODO_LABEL_NAME_MAX + 10}
              error={error}
              comboboxProps={{ withinPortal: false }}
              data-autofocus
            />
            <Button type="submit" size="xs">
              Add label
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

interface DatePickerModalProps {
  opened: boolean;
  initial: string;
  onClose: () => void;
  onPick: (date: string) => void;
}

/** The browser's own date picker, for a day the quick choices do not name. */
function DatePickerModal({ opened, initial, onClose, onPick }: DatePickerModalProps) {
  const [date, setDate] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date) return setError('Pick a date');
    if (date < TODO_DUE_DATE_MIN || date > TODO_DUE_DATE_MAX)
      return setError(`Date must be between ${TODO_DUE_DATE_MIN} and ${TODO_DUE_DATE_MAX}`);
    onPick(date);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Reschedule to a date" size="xs" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            type="date"
            label="Due date"
            value={date}
            min={TODO_DUE_DATE_MIN}
            max={TODO_DUE_DATE_MAX}
            onChange={(event) => {
              setDate(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Reschedule</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
