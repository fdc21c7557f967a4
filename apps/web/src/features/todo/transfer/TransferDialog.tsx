import {
  Alert,
  Button,
  CopyButton,
  Divider,
  Group,
  List,
  Loader,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { TODO_IMPORT_MAX, type TodoFeedResponse, type TodoImportFormat, type TodoImportResponse } from '@site/contract';
import { IconCalendarEvent, IconCopy, IconDownload, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { Modal } from '../../../components/Modal';
import { callEndpoint, callEndpointFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { browserTimeZone } from '../api/use-tasks';
import { useTodoLists } from '../api/use-todo-lists';
import classes from './TransferDialog.module.css';

/** Under ['todo'], so what refreshes every to-do query refreshes this too. */
const FEED_KEY = ['todo', 'feed'] as const;

const FORMATS: { value: TodoImportFormat; label: string }[] = [
  { value: 'todoist-csv', label: 'Todoist CSV' },
  { value: 'csv', label: 'CSV exported from here' },
  { value: 'text', label: 'Plain text, one task per line' },
];

export interface TransferDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * "Import and export" (docs/api.md#calendar-feed-import-and-export): every task as a CSV download,
 * an import from Todoist's CSV, this site's CSV or plain lines (a file or pasted text), and the
 * private calendar feed's address, made, copied, replaced or turned off.
 */
export function TransferDialog({ opened, onClose }: TransferDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import and export" size="clamp(20rem, 60%, 36rem)" centered>
      {opened && (
        <Stack gap="lg">
          <ExportSection />
          <Divider />
          <ImportSection />
          <Divider />
          <FeedSection />
        </Stack>
      )}
    </Modal>
  );
}

function ExportSection() {
  const download = useMutation({
    mutationFn: () => callEndpointFile('todo.exportCsv'),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? 'todo.csv'),
  });
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Export
      </Title>
      <Text size="sm">Every task you own, with its list, labels, due date and repetition, as a CSV file.</Text>
      {download.isError && (
        <Alert color="red" role="alert" p="xs">
          The tasks could not be downloaded: {download.error.message}
        </Alert>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          Download CSV
        </Button>
      </Group>
    </Stack>
  );
}

function ImportSection() {
  const queryClient = useQueryClient();
  const lists = useTodoLists();
  const [format, setFormat] = useState<TodoImportFormat>('todoist-csv');
  const [listId, setListId] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: async (): Promise<TodoImportResponse> => {
      const content = file ? await file.text() : text;
      return callEndpoint('todo.importTasks', {
        body: { format, content, list_id: listId === '' ? null : Number(listId), tz: browserTimeZone() },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['todo'] }),
  });

  const writable = (lists.data?.lists ?? []).filter((list) => !list.archived && list.role !== 'viewer');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!file && text.trim() === '') {
      setProblem('Choose a file or paste the tasks');
      return;
    }
    if ((file?.size ?? text.length) > TODO_IMPORT_MAX) {
      setProblem(`An import can be at most ${TODO_IMPORT_MAX.toLocaleString('en-US')} characters`);
      return;
    }
    run.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Import tasks">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Import
        </Title>
        <Group gap="xs" grow align="flex-start">
          <NativeSelect
            label="Format"
            data={FORMATS}
            value={format}
            onChange={(event) => setFormat(event.currentTarget.value as TodoImportFormat)}
          />
          <NativeSelect
            label="Into"
            data={[
              { value: '', label: 'Inbox' },
              ...writable.map((list) => ({ value: String(list.id), label: list.name })),
            ]}
            value={listId}
            onChange={(event) => setListId(event.currentTarget.value)}
          />
        </Group>
        <Stack gap={4}>
          <Text component="label" htmlFor="todo-import-file" size="sm" fw={500}>
            File
          </Text>
          <input
            id="todo-import-file"
            className={classes.file}
            type="file"
            accept=".csv,.txt,.md,text/csv,text/plain"
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
        </Stack>
        <Textarea
          label="Or paste"
          description={
            format === 'text'
              ? 'One task per line, read like quick add: “Pay rent every month #Home @bills p1”; “- [x]” marks one done.'
              : 'The CSV’s text, header row first.'
          }
          autosize
          minRows={3}
          maxRows={8}
          value={text}
          disabled={file !== null}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {(problem || run.isError) && (
          <Alert color="red" role="alert" p="xs">
            {problem ?? run.error?.message}
          </Alert>
        )}
        {run.isSuccess && <ImportResult result={run.data} />}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} loading={run.isPending}>
            Import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ImportResult({ result }: { result: TodoImportResponse }) {
  return (
    <Alert color={result.skipped.length > 0 ? 'yellow' : 'green'} role="status" p="xs">
      <Text size="sm">
        {result.created === 1 ? 'Created 1 task.' : `Created ${result.created.toLocaleString('en-US')} tasks.`}
        {result.skipped.length > 0 &&
          ` Skipped ${result.skipped.length === 1 ? '1 line' : `${result.skipped.length} lines`}:`}
      </Text>
      {result.skipped.length > 0 && (
        <List size="sm" aria-label="Skipped lines">
          {result.skipped.map((skip) => (
            <List.Item key={skip.line}>
              Line {skip.line}: {skip.reason}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

function FeedSection() {
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: FEED_KEY, queryFn: ({ signal }) => callEndpoint('todo.feed', { signal }) });
  // The address is answered once, when made (the server keeps only its digest): kept here while the dialog is open.
  const [made, setMade] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'replace' | 'revoke' | null>(null);
  const settle = (answer: TodoFeedResponse) => {
    queryClient.setQueryData(FEED_KEY, answer);
    setMade(answer.url);
  };
  const create = useMutation({ mutationFn: () => callEndpoint('todo.createFeed'), onSuccess: settle });
  const revoke = useMutation({ mutationFn: () => callEndpoint('todo.removeFeed'), onSuccess: settle });
  const failed = create.error ?? revoke.error;

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Calendar feed
      </Title>
      <Text size="sm">
        A private address your calendar app can subscribe to: your open tasks with a due date, shared lists’ included.
        Anyone with the address can read them.
      </Text>
      {feed.isPending ? (
        <Loader size="sm" aria-label="Loading the calendar feed" />
      ) : feed.isError ? (
        <LoadError title="Could not load the calendar feed" error={feed.error} onRetry={feed.refetch} />
      ) : feed.data.active ? (
        <>
          {made ? (
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label="Feed address"
                value={made}
                readOnly
                style={{ flex: 1 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={made}>
                {({ copied, copy }) => (
                  <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              A feed address is live
              {feed.data.created_at ? ` since ${new Date(feed.data.created_at).toLocaleDateString()}` : ''}. It is shown
              only when made: make a new one to see it again.
            </Text>
          )}
          <Group gap="xs">
            <Button variant="default" onClick={() => setConfirm('replace')} loading={create.isPending}>
              New address
            </Button>
            <Button color="red" variant="light" onClick={() => setConfirm('revoke')} loading={revoke.isPending}>
              Turn off
            </Button>
          </Group>
        </>
      ) : (
        <Group>
          <Button
            variant="default"
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
            loading={create.isPending}
            onClick={() => create.mutate()}
          >
            Make a feed address
          </Button>
        </Group>
      )}
      {failed && (
        <Alert color="red" role="alert" p="xs">
          {failed.message}
        </Alert>
      )}
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm === 'replace' ? 'New feed address' : 'Turn off the feed'}
        confirmLabel={confirm === 'replace' ? 'Make a new address' : 'Turn off'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === 'replace') create.mutate();
          else revoke.mutate();
          setConfirm(null);
        }}
      >
        The current address stops working: calendars subscribed to it will no longer get your tasks.
      </ConfirmDialog>
    </Stack>
  );
}
